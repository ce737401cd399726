import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import * as z from 'zod/mini';
import { banResponseSchema, hiddenRunResponseSchema } from '~/lib/schemas/moderation';
import { openDatabase, type DatabaseHandle } from '~/server/db';
import { call, latestOutboxMail, newClientIp } from '../support/api';
import { signUpPlayer, submitRun, type ApiPlayer } from '../support/players';
import { startServerOn, type RunningServer } from '../support/server';
import { DIALECTS } from '../support/services';

// Player management over HTTP (README): the admin calls, their guard, and what a banned player
// meets when they play or sign in.

/** The new admin calls, each with a body that would be valid: a refusal can only come from the guard. */
const MODERATION_CALLS: { method: string; path: string; body?: unknown }[] = [
  { method: 'POST', path: '/api/admin/users/2/ban', body: { reason: 'guarded' } },
  { method: 'POST', path: '/api/admin/users/2/unban', body: {} },
  { method: 'POST', path: '/api/admin/runs/1/hide', body: { reason: 'guarded' } },
  { method: 'POST', path: '/api/admin/runs/1/restore', body: {} },
];

const METRICS = 'moderation-metrics-token-0123456789';
const ENV = { TRUST_PROXY: '1', ADMIN_USER_IDS: '1', METRICS_TOKEN: METRICS };

/** The REKT! board of `server`, as `name:score`, best first. */
async function board(server: RunningServer) {
  return ((await call(server, '/api/leaderboards/rekt')).json.entries as { username: string; score: number }[]).map(
    (e) => `${e.username}:${e.score}`,
  );
}

/** The moderation counters of `server`'s metrics now; a counter no admin moved yet is not listed, so reads 0. */
async function moderationCounts(server: RunningServer) {
  const metrics = await (
    await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS}` } })
  ).text();
  const count = (name: string, action: string) =>
    Number(new RegExp(`^${name}\\{action="${action}"\\} (\\d+)$`, 'm').exec(metrics)?.[1] ?? 0);
  return {
    ban: count('arcade_bans_total', 'ban'),
    unban: count('arcade_bans_total', 'unban'),
    hide: count('arcade_runs_hidden_total', 'hide'),
    restore: count('arcade_runs_hidden_total', 'restore'),
  };
}

describe.each(DIALECTS)('player management API against the built server on %s', (dialect) => {
  let server: RunningServer;
  let admin: ApiPlayer;
  let player: ApiPlayer;
  let db: DatabaseHandle;

  // The server the tests share: each makes its own players and runs there and asserts on those.
  beforeAll(async () => {
    server = await startServerOn(dialect, ENV);
    admin = await signUpPlayer(server, 'Root_Admin');
    player = await signUpPlayer(server, 'Plain_Player');
    expect([admin.id, player.id]).toEqual([1, 2]);
    db = openDatabase(server.databaseUrl ?? `file:${join(server.dataDir, 'arcade.db')}`, server.dataDir);
  });
  afterAll(async () => {
    await db?.db.destroy();
    await server?.stop();
  });

  it('refuses every new admin call to visitors (401) and players (403), changing nothing', async () => {
    for (const { method, path, body } of MODERATION_CALLS) {
      expect([path, (await call(server, path, { method, body })).status]).toEqual([path, 401]);
      const refused = await call(server, path, { method, body, cookie: player.cookie });
      expect([path, refused.status, refused.json?.error]).toEqual([path, 403, 'Only administrators can do that.']);
    }
    const row = await db.db.selectFrom('users').select('banned_at').where('id', '=', player.id).executeTakeFirst();
    expect(row?.banned_at).toBeNull();
  });

  it('bans and unbans a player: answers, refusals, the boards, their game tokens and their sign-in', async () => {
    // A server of its own, with its own admin and player: the test reads the whole board, the audit
    // log and the ban counters, which the other tests' runs and hides would move.
    const server = await startServerOn(dialect, ENV);
    onTestFinished(() => server.stop());
    const admin = await signUpPlayer(server, 'Root_Admin');
    const player = await signUpPlayer(server, 'Plain_Player');
    expect([admin.id, player.id]).toEqual([1, 2]);
    const cheat = await signUpPlayer(server, 'Sly_Cheat');
    expect((await submitRun(server, cheat, 'sly-1', 9_000)).status).toBe(201);
    expect((await submitRun(server, player, 'plain-1', 100)).status).toBe(201);
    expect(await board(server)).toEqual(['Sly_Cheat:9000', 'Plain_Player:100']);
    // A sign-in link mailed before the ban, opened after it.
    const email = 'sly_cheat@example.com';
    expect((await call(server, '/api/auth/send-magic-link', { body: { email }, ip: newClientIp() })).status).toBe(200);
    const { token } = latestOutboxMail(server.dataDir, email);
    const ban = (body?: unknown, id = cheat.id) =>
      call(server, `/api/admin/users/${id}/ban`, { method: 'POST', cookie: admin.cookie, body });

    expect(await ban()).toMatchObject({ status: 400, json: { error: 'Write a reason (1 to 500 characters).' } });
    expect(await ban({})).toMatchObject({ status: 400, json: { error: 'Write a reason (1 to 500 characters).' } });
    expect(await ban({ reason: ' ' })).toMatchObject({ status: 400 });
    expect(await ban({ reason: 'x'.repeat(501) })).toMatchObject({
      status: 400,
      json: { error: 'The reason is too long: at most 500 characters.' },
    });
    expect(await ban({ reason: 'x' }, admin.id)).toMatchObject({
      status: 403,
      json: { error: 'Admins cannot be banned.' },
    });
    expect(await ban({ reason: 'x' }, 99_999)).toMatchObject({ status: 404, json: { error: 'No such player.' } });
    expect(await ban({ reason: 'x' }, 0)).toMatchObject({ status: 400 });

    const banned = await ban({ reason: 'Scores no human reaches' });
    expect(banned.status).toBe(200);
    expect(z.parse(banResponseSchema, banned.json).user).toEqual({
      id: cheat.id,
      bannedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      banReason: 'Scores no human reaches',
    });
    expect(await ban({ reason: 'again' })).toMatchObject({
      status: 409,
      json: { error: 'This player is already banned.' },
    });

    // Off the boards at once; signed out everywhere; the game token refused with the reason.
    expect(await board(server)).toEqual(['Plain_Player:100']);
    expect((await call(server, '/api/user/profile', { cookie: cheat.cookie })).status).toBe(401);
    const info = await call(server, '/api/games/token-info', {
      headers: { authorization: `Bearer ${cheat.gameToken}` },
      noOrigin: true,
    });
    expect(info.status).toBe(403);
    expect(info.json.error).toMatch(/^This account is suspended\./);
    const run = await submitRun(server, cheat, 'sly-2', 9_500);
    expect(run.status).toBe(403);
    expect(run.json.error).toMatch(/^This account is suspended\./);
    // Signing in: the link is refused with the reason; asking for a new one answers as for anyone,
    // and the mail (to the address's owner only) says the account is suspended.
    expect(
      await call(server, '/api/auth/verify-magic-link', { body: { token, confirm: true }, ip: newClientIp() }),
    ).toMatchObject({ status: 403, json: { error: 'This account is suspended.' } });
    const asked = await call(server, '/api/auth/send-magic-link', { body: { email }, ip: newClientIp() });
    const unknown = await call(server, '/api/auth/send-magic-link', {
      body: { email: 'nobody-here@example.com' },
      ip: newClientIp(),
    });
    expect([asked.status, asked.json]).toEqual([unknown.status, unknown.json]);
    expect(latestOutboxMail(server.dataDir, email).text).toContain('This account is suspended');

    const unban = (id = cheat.id) => call(server, `/api/admin/users/${id}/unban`, { cookie: admin.cookie, body: {} });
    const lifted = await unban();
    expect(lifted.status).toBe(200);
    expect(z.parse(banResponseSchema, lifted.json).user).toEqual({ id: cheat.id, bannedAt: null, banReason: null });
    expect(await unban()).toMatchObject({ status: 409, json: { error: 'This player is not banned.' } });
    expect(await unban(99_999)).toMatchObject({ status: 404, json: { error: 'No such player.' } });
    expect(await board(server)).toEqual(['Sly_Cheat:9000', 'Plain_Player:100']);
    // The old sessions stay gone.
    expect((await call(server, '/api/user/profile', { cookie: cheat.cookie })).status).toBe(401);

    const log = (await call(server, '/api/admin/audit-log', { cookie: admin.cookie })).json.entries as {
      action: string;
      targetId: string;
      actorName: string;
    }[];
    expect(log.filter((e) => e.action.startsWith('user.')).map((e) => [e.action, e.targetId, e.actorName])).toEqual([
      ['user.unban', String(cheat.id), 'Root_Admin'],
      ['user.ban', String(cheat.id), 'Root_Admin'],
    ]);
    expect(await moderationCounts(server)).toEqual({ ban: 1, unban: 1, hide: 0, restore: 0 });
  });

  it('hides and restores a run: the board follows, and the metrics count it', async () => {
    // the counters are the server's, moved by other tests too: this one asserts on what it adds
    const before = await moderationCounts(server);
    const hider = await signUpPlayer(server, 'Odd_Runner');
    expect((await submitRun(server, hider, 'odd-1', 300)).status).toBe(201);
    expect((await submitRun(server, hider, 'odd-2', 50_000)).status).toBe(201);
    const { id } = await db.db
      .selectFrom('runs')
      .select('id')
      .where('run_id', '=', 'odd-2')
      .where('user_id', '=', hider.id)
      .executeTakeFirstOrThrow();
    expect(await board(server)).toContain('Odd_Runner:50000');
    const hide = (body?: unknown, runId = id) =>
      call(server, `/api/admin/runs/${runId}/hide`, { method: 'POST', cookie: admin.cookie, body });
    const restore = (runId = id) =>
      call(server, `/api/admin/runs/${runId}/restore`, { cookie: admin.cookie, body: {} });

    expect(await hide()).toMatchObject({ status: 400, json: { error: 'Write a reason (1 to 500 characters).' } });
    expect(await hide({ reason: 'x' }, 99_999)).toMatchObject({ status: 404, json: { error: 'No such run.' } });
    expect(await restore()).toMatchObject({ status: 409, json: { error: 'This run is not hidden.' } });
    const hidden = await hide({ reason: 'Impossible in 3 seconds' });
    expect(hidden.status).toBe(200);
    expect(z.parse(hiddenRunResponseSchema, hidden.json).run).toMatchObject({
      id,
      userId: hider.id,
      score: 50_000,
      hiddenReason: 'Impossible in 3 seconds',
    });
    expect(await hide({ reason: 'again' })).toMatchObject({
      status: 409,
      json: { error: 'This run is already hidden.' },
    });
    expect(await board(server)).toContain('Odd_Runner:300');
    expect(await board(server)).not.toContain('Odd_Runner:50000');

    expect((await restore()).status).toBe(200);
    expect(await board(server)).toContain('Odd_Runner:50000');

    const after = await moderationCounts(server);
    expect({
      ban: after.ban - before.ban,
      unban: after.unban - before.unban,
      hide: after.hide - before.hide,
      restore: after.restore - before.restore,
    }).toEqual({ ban: 0, unban: 0, hide: 1, restore: 1 });
  });
});
