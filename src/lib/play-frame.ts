// The play page's side of playing: which catalogue game a `/play?url=` may frame, and the frame's
// address (the links to the play page are in `play.ts`, which every games page loads).

/** A catalogue game as the play page knows it. */
export interface PlayableGame {
  gameId: string;
  name: string;
  /** Absolute, or site-relative (resolved against the arcade's origin). */
  url: string;
}

/**
 * What the play page's frame lets a game use (its `allow` list): sound and music at once, full
 * screen, controllers, and writing the clipboard (Share score when played on its own). The
 * arcade's Permissions-Policy keeps each of them for the frames' origins (src/server/static/headers.ts).
 */
export const GAME_FRAME_FEATURES = ['autoplay', 'fullscreen', 'gamepad', 'clipboard-write'] as const;

/** How often the play page fetches a new game token and reloads the frame. */
export const GAME_TOKEN_REFRESH_MS = 20 * 60_000;
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
 * anything else. Encoded traversal (`%2f`, `%5c`, `%2e`), backslashes and credentials are refused
 * outright (README, Game API).
 */
export function findPlayableGame(
  requested: string | null,
  games: PlayableGame[],
  arcadeOrigin: string,
): (PlayableGame & { href: URL }) | null {
  if (!requested || ENCODED_TRAVERSAL.test(requested) || requested.includes('\\')) return null;
  let target: URL;
  try {
    target = new URL(requested, `${arcadeOrigin}/`);
  } catch {
    return null;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return null;
  if (target.username || target.password) return null;
  for (const game of games) {
    const home = new URL(game.url, `${arcadeOrigin}/`);
    if (target.origin !== home.origin) continue;
    if (target.pathname === home.pathname || target.pathname.startsWith(folderOf(home.pathname)))
      return { ...game, href: target };
  }
  return null;
}

/**
 * The frame's address: the game's URL with the arcade's origin in its query (a hint for games on
 * their own hosts; the reference games read their own configuration). The token, only as the
 * fallback for a game that never said ARCADE_READY, goes in the fragment: a fragment is never sent
 * to a server, logged by a proxy or passed on in a Referer.
 */
export function gameFrameSrc(game: URL, arcadeOrigin: string, fallback?: { token: string; username: string }): string {
  const url = new URL(game);
  url.searchParams.set('arcade', arcadeOrigin);
  url.hash = fallback ? new URLSearchParams({ token: fallback.token, username: fallback.username }).toString() : '';
  return url.toString();
}
