// The play page's side of playing: which catalogue game a `/play?url=` may frame, and the frame's
// address (the links to the play page are in `play.ts`, which every games page loads).

/** A catalogue game as the play page knows it. */
export interface PlayableGame {
  gameId: string;
  name: string;
  /** Absolute, or site-relative: a reference game, resolved against the games' origin (GAMES_ORIGIN). */
  url: string;
}

/**
 * What the play page's frame lets a game use (its `allow` list): sound and music at once, full
 * screen, controllers, and writing the clipboard (Share score when played on its own). The
 * arcade's Permissions-Policy keeps each of them for the frames' origins (src/server/static/headers.ts).
 */
export const GAME_FRAME_FEATURES = ['autoplay', 'fullscreen', 'gamepad', 'clipboard-write'] as const;

/**
 * How often the play page fetches a new game token (they live 30 minutes) and hands it to the
 * frame by message, without reloading it.
 */
export const GAME_TOKEN_REFRESH_MS = 20 * 60_000;
/** How soon the play page tries again when a token refresh failed (network, 5xx). */
export const GAME_TOKEN_RETRY_MS = 60_000;
/** How long the play page waits for the game's ARCADE_READY before falling back to the query string. */
export const HANDSHAKE_TIMEOUT_MS = 4000;

/** Percent-encoded `/`, `\` and `.`: never needed in a game's address, and the way to sneak `..` past a check. */
const ENCODED_TRAVERSAL = /%(2f|5c|2e)/i;

/** The folder a game's URL lives in: the path itself when it ends in `/`, else up to its last `/`. */
function folderOf(pathname: string): string {
  return pathname.slice(0, pathname.lastIndexOf('/') + 1);
}

/**
 * The catalogue game a `/play?url=` value points at, or null: only catalogue games load in the
 * frame (same origin, and a path inside the catalogue URL's own folder), so `/play` cannot frame
 * anything else. Site-relative addresses (the reference games', as the play links write them) are
 * on the games' origin, never the arcade's. Encoded traversal (`%2f`, `%5c`, `%2e`), backslashes
 * and credentials are refused outright (README, Game API).
 */
export function findPlayableGame(
  requested: string | null,
  games: PlayableGame[],
  gamesOrigin: string,
): (PlayableGame & { href: URL }) | null {
  if (!requested || ENCODED_TRAVERSAL.test(requested) || requested.includes('\\')) return null;
  let target: URL;
  try {
    target = new URL(requested, `${gamesOrigin}/`);
  } catch {
    return null;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return null;
  if (target.username || target.password) return null;
  for (const game of games) {
    const home = new URL(game.url, `${gamesOrigin}/`);
    if (target.origin !== home.origin) continue;
    if (target.pathname === home.pathname || target.pathname.startsWith(folderOf(home.pathname)))
      return { ...game, href: target };
  }
  return null;
}

/** A new per-frame nonce: 128 random bits, base64url. The game echoes it in every message. */
export function newFrameNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * The frame's address: the game's URL with the arcade's origin in its query (a hint for games on
 * their own hosts; the reference games read their own configuration), and in its fragment the
 * frame's nonce and, only as the fallback for a game that never said ARCADE_READY, the token: a
 * fragment is never sent to a server, logged by a proxy or passed on in a Referer.
 */
export function gameFrameSrc(
  game: URL,
  arcadeOrigin: string,
  nonce: string,
  fallback?: { token: string; username: string },
): string {
  const url = new URL(game);
  url.searchParams.set('arcade', arcadeOrigin);
  url.hash = new URLSearchParams({ nonce, ...fallback }).toString();
  return url.toString();
}

/**
 * What the play page's frame may say: the handshake, a text for the clipboard, and whether a run
 * is in progress (the Game SDK says it as a run starts and once its result is settled).
 */
export type GameMessage =
  { type: 'ARCADE_READY' } | { type: 'COPY_TO_CLIPBOARD'; text: string } | { type: 'ARCADE_RUN'; running: boolean };

/**
 * A message event from the game, or null to ignore it: only from the frame's own window, sent from
 * the game's exact origin, carrying the frame's nonce (so an earlier load of the frame, another
 * frame of the same origin or a window the game opened cannot speak for it).
 */
export function acceptGameMessage(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  expected: { origin: string; source: MessageEventSource | null | undefined; nonce: string },
): GameMessage | null {
  if (!expected.source || event.source !== expected.source || event.origin !== expected.origin) return null;
  const data = event.data as { type?: unknown; text?: unknown; running?: unknown; nonce?: unknown } | null;
  if (!data || typeof data !== 'object' || typeof data.nonce !== 'string' || data.nonce !== expected.nonce) return null;
  if (data.type === 'ARCADE_READY') return { type: 'ARCADE_READY' };
  if (data.type === 'COPY_TO_CLIPBOARD' && typeof data.text === 'string' && data.text.length <= 2000)
    return { type: 'COPY_TO_CLIPBOARD', text: data.text };
  if (data.type === 'ARCADE_RUN' && typeof data.running === 'boolean')
    return { type: 'ARCADE_RUN', running: data.running };
  return null;
}
