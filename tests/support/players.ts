import { afterAll, beforeAll, expect } from 'vitest';
import { call, latestOutboxMail, newClientIp, sessionCookie } from './api';
import { postSignedRun } from './fair-play';
import { startServerOn, type RunningServer } from './server';

export interface ApiPlayer {
  id: number;
  username: string;
  cookie: string;
  /** A game token for REKT! ({@link gameTokenFor} gives one for another game). */
  gameToken: string;
}

/** Sign a new player up on `server` (and in, confirming the link), with a game token. */
export async function signUpPlayer(
  server: RunningServer,
  username: string,
  on: RunningServer = server,
): Promise<ApiPlayer> {
  const ip = newClientIp();
  const email = `${username.toLowerCase()}@example.com`;
  expect((await call(server, '/api/auth/register', { body: { username, email }, ip })).status).toBe(201);
  const verified = await call(on, '/api/auth/verify-magic-link', {
    body: { token: latestOutboxMail(server.dataDir, email).token, confirm: true },
    ip,
  });
  expect(verified.status).toBe(200);
  const cookie = sessionCookie(verified);
  return { id: verified.json.user.id, username, cookie, gameToken: await gameTokenFor(on, cookie, 'rekt') };
}

/** A game token for `gameId` (the Game API takes it for that game alone), as the play page asks for it. */
export async function gameTokenFor(server: RunningServer, cookie: string, gameId: string): Promise<string> {
  const answer = await call(server, `/api/auth/game-token?gameId=${gameId}`, { cookie });
  expect(answer.status).toBe(200);
  return answer.json.gameToken as string;
}

/**
 * Submit a REKT! run with `player`'s game token and the score a test chooses, as a game's own
 * server does (signed: README, "Fair play"); the raw answer.
 */
export function submitRun(server: RunningServer, player: ApiPlayer, runId: string, score: number) {
  return postSignedRun(server, player.gameToken, 'rekt', { runId, score, level: 1 });
}

/**
 * The built server on a fresh database of `dialect` (behind a trusted proxy), with `names` signed up
 * in turn: the first is its administrator, user 1. The caller stops it (a test of its own:
 * `onTestFinished`); a sign-up that fails stops it here.
 */
export async function arcadeWithPlayers(
  dialect: 'sqlite' | 'postgres',
  names: string[],
): Promise<{ server: RunningServer; players: ApiPlayer[] }> {
  const server = await startServerOn(dialect, { TRUST_PROXY: '1', ADMIN_USER_IDS: '1' });
  try {
    const players: ApiPlayer[] = [];
    for (const name of names) players.push(await signUpPlayer(server, name));
    expect(players[0]?.id).toBe(1);
    return { server, players };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * For one `describe` block: the built server on `dialect` (behind a trusted proxy) with an admin,
 * user 1, and a player, started before its tests and stopped after them. Read the fields inside the
 * tests and hooks, once they have run.
 */
export function adminAndPlayerOn(
  dialect: 'sqlite' | 'postgres',
  [adminName, playerName] = ['Root_Admin', 'Plain_Player'],
) {
  const arcade = {} as { server: RunningServer; admin: ApiPlayer; player: ApiPlayer };
  beforeAll(async () => {
    const { server, players } = await arcadeWithPlayers(dialect, [adminName!, playerName!]);
    [arcade.server, arcade.admin, arcade.player] = [server, players[0]!, players[1]!];
  });
  afterAll(async () => {
    await arcade.server?.stop();
  });
  return arcade;
}
