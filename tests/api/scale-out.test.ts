import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, latestOutboxMail, newClientIp } from '../support/api';
import { signUpPlayer, submitRun } from '../support/players';
import { startServer, type RunningServer } from '../support/server';
import { createPgDatabase } from '../support/services';

describe('two server processes on one PostgreSQL', () => {
  let a: RunningServer;
  let b: RunningServer;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const pg = await createPgDatabase({ migrated: true });
    drop = pg.drop;
    const env = { DATABASE_URL: pg.url, SECRET_KEY: randomBytes(32).toString('hex'), TRUST_PROXY: '1' };
    a = await startServer(env);
    b = await startServer(env);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await drop?.();
  });

  it('signs in on one and acts on the other; signing out on one is refused on the other at once', async () => {
    const player = await signUpPlayer(a, 'Two_Sided');
    expect((await call(b, '/api/auth/me', { cookie: player.cookie })).json.user.username).toBe('Two_Sided');
    expect((await submitRun(b, player, 'two-1', 120)).status).toBe(201);
    expect(
      (
        await call(b, '/api/games/token-info', {
          headers: { authorization: `Bearer ${player.gameToken}` },
          noOrigin: true,
        })
      ).status,
    ).toBe(200);

    expect((await call(a, '/api/auth/logout', { method: 'POST', cookie: player.cookie })).status).toBe(200);
    expect(await call(b, '/api/auth/me', { cookie: player.cookie })).toMatchObject({
      status: 200,
      json: { user: null },
    });
    expect((await call(b, '/api/account', { cookie: player.cookie })).status).toBe(401);
    expect(
      (
        await call(b, '/api/games/token-info', {
          headers: { authorization: `Bearer ${player.gameToken}` },
          noOrigin: true,
        })
      ).status,
    ).toBe(401);
    expect((await submitRun(b, player, 'two-2', 130)).status).toBe(401);
  });

  it('runs sent to both land on one board, seen by both, within two seconds', async () => {
    const left = await signUpPlayer(a, 'Left_Side');
    const right = await signUpPlayer(b, 'Right_Side', b);
    // both boards loaded before the runs, so each must learn of the other's run by syncing
    await call(a, '/api/leaderboards/rekt');
    await call(b, '/api/leaderboards/rekt');
    const sentAt = Date.now();
    expect((await submitRun(a, left, 'left-1', 987_001)).status).toBe(201);
    expect((await submitRun(b, right, 'right-1', 987_002)).status).toBe(201);
    const top = async (server: RunningServer) =>
      (await call(server, '/api/leaderboards/rekt?limit=2')).json.entries.map((e: { username: string }) => e.username);
    await expect.poll(() => top(a), { timeout: 2000, interval: 100 }).toEqual(['Right_Side', 'Left_Side']);
    await expect.poll(() => top(b), { timeout: 2000, interval: 100 }).toEqual(['Right_Side', 'Left_Side']);
    expect(Date.now() - sentAt).toBeLessThan(2500);
  });

  it('shares the rate limits: mails asked for on both count against one limit', async () => {
    const ip = newClientIp();
    const email = 'shared-limit@example.com';
    const statuses: number[] = [];
    for (const server of [a, b, a, b])
      statuses.push((await call(server, '/api/auth/send-magic-link', { body: { email }, ip })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(() => latestOutboxMail(b.dataDir, email)).not.toThrow();
  });
});
