// Fair play in the tests (README, "Fair play"): runs whose result a test chooses go the way a
// game's own server submits them, signed with the game's secret (the test servers know these
// secrets); runs the arcade replays come from the autoplayers in scripts/autoplay.ts.
import { signBody } from '~/server/games/signature';
import { call, type CallResult } from './api';
import type { RunningServer } from './server';

/** The per-game secret every test server is started with (`GAME_SECRETS`). */
export const TEST_GAME_SECRET = 'test-only-game-server-secret-7f3a9c1e5b2d4680';
export const TEST_GAME_SECRETS = ['rekt', 'fishing-for-sats', 'mr-quiz', 'hello-sats']
  .map((id) => `${id}=${TEST_GAME_SECRET}`)
  .join(',');

/** The headers of a body signed as the game's server signs it. */
export function signedHeaders(body: unknown, secret = TEST_GAME_SECRET): Record<string, string> {
  return { 'x-arcade-signature': signBody(secret, JSON.stringify(body)) };
}

/**
 * The player a game token is for, read from its payload as a game's server reads it from
 * `GET /api/games/token-info` (the tests skip that call).
 */
export function tokenUserId(gameToken: string): number {
  return Number(
    (JSON.parse(Buffer.from(gameToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string }).sub,
  );
}

/** Submit a run of `gameId` for the player of `gameToken` as the game's own server does (signed, naming the player). */
export function postSignedRun(
  server: RunningServer,
  gameToken: string,
  gameId: string,
  run: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<CallResult> {
  const body = { userId: tokenUserId(gameToken), ...run };
  return call(server, `/api/games/${gameId}/runs`, {
    body,
    headers: { authorization: `Bearer ${gameToken}`, ...signedHeaders(body), ...headers },
    noOrigin: true,
  });
}
