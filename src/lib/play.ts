import type { ToastInput } from './stores/toast';

/** The play page's address for a game: `/play?url=…&name=…`. */
export function playHref(url: string, name: string): string {
  const query = new URLSearchParams({ url, name });
  return `/play?${query.toString()}`;
}

/** The destructive toast a signed-out visitor gets when pressing a play button. */
export function signUpRequiredToast(gameName: string): ToastInput {
  return {
    title: 'Sign Up Required',
    description: `Please sign up or log in to play ${gameName} and access the arcade.`,
    variant: 'destructive',
  };
}

/** A catalogue game as the play page knows it. */
export interface PlayableGame {
  gameId: string;
  name: string;
  /** Absolute, or site-relative (resolved against the arcade's origin). */
  url: string;
}

/** How often the play page fetches a new game token and reloads the frame. */
export const GAME_TOKEN_REFRESH_MS = 20 * 60_000;
/** How long the play page waits for the game's ARCADE_READY before falling back to the query string. */
export const HANDSHAKE_TIMEOUT_MS = 4000;

/**
 * The catalogue game a `/play?url=` value points at, or null: only catalogue games load in the
 * frame (same origin and the catalogue URL's path as a prefix), so `/play` cannot frame anything else.
 */
export function findPlayableGame(requested: string | null, games: PlayableGame[], arcadeOrigin: string): (PlayableGame & { href: URL }) | null {
  if (!requested) return null;
  let target: URL;
  try {
    target = new URL(requested, `${arcadeOrigin}/`);
  } catch {
    return null;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return null;
  for (const game of games) {
    const home = new URL(game.url, `${arcadeOrigin}/`);
    if (target.origin === home.origin && target.pathname.startsWith(home.pathname)) return { ...game, href: target };
  }
  return null;
}

/** The frame's address: the game's URL plus the arcade's origin, and the token only as a fallback. */
export function gameFrameSrc(game: URL, arcadeOrigin: string, fallback?: { token: string; username: string }): string {
  const url = new URL(game);
  url.searchParams.set('arcade', arcadeOrigin);
  if (fallback) {
    url.searchParams.set('token', fallback.token);
    url.searchParams.set('username', fallback.username);
  }
  return url.toString();
}
