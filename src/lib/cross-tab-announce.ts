import {
  CrossTabMessage,
  LOGIN_MARKER_KEY,
  ORIGINAL_TAB_WAIT_MS,
  browserEnvironment,
  crossTabMessageType,
  openChannel,
  type TabEnvironment,
} from './cross-tab';

// The announcing side of the cross-tab sign-in protocol (src/lib/cross-tab.ts): the magic-link
// landing and the sign-in dialog's code entry use it; the tabs that only listen (the home page)
// never load it.

/** Write the login-success marker, which reaches the other tabs as a `storage` event. */
export function recordLoginMarker(storage = browserEnvironment().storage, now = Date.now()) {
  try {
    storage?.setItem(LOGIN_MARKER_KEY, String(now));
  } catch {
    // storage full or disabled: the other paths of the protocol still run
  }
}

function postToOpener(env: TabEnvironment): boolean {
  const opener = env.window.opener as Window | null | undefined;
  if (!opener) return false;
  try {
    // A cross-origin opener cannot see this message: the target origin is our own.
    opener.postMessage({ type: CrossTabMessage.LOGIN_SUCCESS }, env.window.location.origin);
    return true;
  } catch {
    return false;
  }
}

/**
 * Steps 1 to 4 of the landing's side of the protocol. Resolves after at most
 * {@link ORIGINAL_TAB_WAIT_MS}, telling whether an opener or another tab was told.
 */
export async function announceLogin(
  env: TabEnvironment = browserEnvironment(),
): Promise<{ opener: boolean; originalTab: boolean }> {
  recordLoginMarker(env.storage);
  const opener = postToOpener(env);
  const channel = openChannel(env);
  if (!channel) return { opener, originalTab: false };

  const originalTab = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ORIGINAL_TAB_WAIT_MS);
    channel.onmessage = (event: MessageEvent) => {
      if (crossTabMessageType(event.data) !== CrossTabMessage.ORIGINAL_TAB_EXISTS) return;
      clearTimeout(timer);
      resolve(true);
    };
    channel.postMessage({ type: CrossTabMessage.PING_ORIGINAL_TAB });
  });
  if (originalTab) channel.postMessage({ type: CrossTabMessage.LOGIN_SUCCESS });
  channel.close();
  return { opener, originalTab };
}
