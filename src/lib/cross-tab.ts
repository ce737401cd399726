/**
 * Cross-tab sign-in: how the magic-link landing tells the arcade's other tabs that the player is
 * now signed in (README, "Accounts": magic-link landing and cross-tab sign-in).
 *
 * The link in the e-mail usually opens a new tab, while the tab where the player asked for it (the
 * "original tab") still shows the signed-out home page or the sign-in dialog's CHECK YOUR EMAIL!.
 *
 * Protocol. Every message is a plain object `{ type }` with one of the {@link CrossTabMessage} types.
 *
 * The landing tab (`/auth/callback`), after `POST /api/auth/verify-magic-link` signed in:
 *   1. writes `localStorage[LOGIN_MARKER_KEY] = String(Date.now())`. Every other tab of this origin
 *      gets a `storage` event for it, also where BroadcastChannel is missing;
 *   2. when it has a same-origin `window.opener`, posts `{ type: LOGIN_SUCCESS }` to it with the
 *      target origin set to its own origin;
 *   3. posts `{ type: PING_ORIGINAL_TAB }` on the BroadcastChannel {@link AUTH_CHANNEL} and waits up
 *      to {@link ORIGINAL_TAB_WAIT_MS} (500 ms) for a `{ type: ORIGINAL_TAB_EXISTS }` answer;
 *   4. when a tab answered, posts `{ type: LOGIN_SUCCESS }` on the channel;
 *   5. shows the welcome toast and goes to `/` after {@link REDIRECT_AFTER_LOGIN_MS} (1 s).
 *
 * A listening tab (the home page, and the sign-in dialog while it waits for the link):
 *   - answers `PING_ORIGINAL_TAB` with `ORIGINAL_TAB_EXISTS` on the channel;
 *   - on `LOGIN_SUCCESS` (channel, or a window `message` whose origin is its own) and on a `storage`
 *     event that sets the marker: focuses itself and reloads, now signed in (once per tab);
 *   - on `CLOSE_ORIGINAL_TAB`: `window.close()`.
 *
 * Why LOGIN_SUCCESS rather than CLOSE_ORIGINAL_TAB: browsers only let a script close a tab that a
 * script opened, so asking the original tab to close itself usually does nothing, and when it works
 * the player loses the page they were on. The landing therefore never sends CLOSE_ORIGINAL_TAB; the
 * type stays in the protocol (and is obeyed) because the spec names it.
 */

/** Name of the BroadcastChannel the arcade's tabs share. */
export const AUTH_CHANNEL = 'sats-arcade-auth';
/** localStorage key of the login-success marker; its value is the sign-in time in ms. */
export const LOGIN_MARKER_KEY = 'sats-arcade:login-success';
/** How long the landing waits for an ORIGINAL_TAB_EXISTS answer. */
export const ORIGINAL_TAB_WAIT_MS = 500;
/** How long the landing shows its welcome before going home. */
export const REDIRECT_AFTER_LOGIN_MS = 1000;

/** The message types of the protocol above. */
export const CrossTabMessage = {
  LOGIN_SUCCESS: 'LOGIN_SUCCESS',
  CLOSE_ORIGINAL_TAB: 'CLOSE_ORIGINAL_TAB',
  PING_ORIGINAL_TAB: 'PING_ORIGINAL_TAB',
  ORIGINAL_TAB_EXISTS: 'ORIGINAL_TAB_EXISTS',
} as const;
export type CrossTabMessageType = (typeof CrossTabMessage)[keyof typeof CrossTabMessage];

const messageTypes = new Set<string>(Object.values(CrossTabMessage));

/** The protocol type carried by `data`, or null for anything else (other scripts post messages too). */
export function crossTabMessageType(data: unknown): CrossTabMessageType | null {
  if (!data || typeof data !== 'object') return null;
  const { type } = data as Record<string, unknown>;
  return typeof type === 'string' && messageTypes.has(type) ? (type as CrossTabMessageType) : null;
}

/** What a tab needs from its browser to take part; tests hand in fakes. */
export interface TabEnvironment {
  window: Pick<Window, 'addEventListener' | 'removeEventListener' | 'location'> & { opener?: unknown };
  storage?: Pick<Storage, 'setItem'>;
  /** Missing where the browser has no BroadcastChannel. */
  BroadcastChannel?: typeof BroadcastChannel;
}

/** The tab's own browser. */
export function browserEnvironment(): TabEnvironment {
  let storage: Storage | undefined;
  try {
    storage = window.localStorage;
  } catch {
    // storage disabled: the channel and the opener still work
  }
  return { window, storage, BroadcastChannel: typeof BroadcastChannel === 'undefined' ? undefined : BroadcastChannel };
}

/** The arcade's channel, or null where the browser has none. */
export function openChannel(env: TabEnvironment): BroadcastChannel | null {
  try {
    return env.BroadcastChannel ? new env.BroadcastChannel(AUTH_CHANNEL) : null;
  } catch {
    return null;
  }
}
