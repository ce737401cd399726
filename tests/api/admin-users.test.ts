import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { adminUserDetailSchema, adminUserSearchResponseSchema } from '~/lib/schemas/people';
import { call, latestOutboxMail, newClientIp, sessionCookie } from '../support/api';
import { signUpPlayer, submitRun, type ApiPlayer } from '../support/players';
import { startServerOn, type RunningServer } from '../support/server';
import { DIALECTS } from '../support/services';

// User Management and account deletion over HTTP (README, "Admin room" and "Your data").

/** Every User Management call, with what would be valid, so a refusal can only come from the guard. */
const ADMIN_CALLS: { method: string; path: string; body?: unknown }[] = [
  { method: 'GET', path: '/api/admin/users' },
  { method: 'GET', path: '/api/admin/users?q=plain&page=1' },
  { method: 'GET', path: '/api/admin/users/2' },
  { method: 'DELETE', path: '/api/admin/users/2' },
];

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(DIALECTS)('User Management and account deletion against the built server on %s', (dialect) => {
  let server: RunningServer;
  let admin: ApiPlayer;
  let player: ApiPlayer;

  beforeAll(async () => {
    server = await startServerOn(dialect, { TRUST_PROXY: '1', ADMIN_USER_IDS: '1' });
    admin = await signUpPlayer(server, 'Root_Admin');
    player = await signUpPlayer(server, 'Plain_Player');
    expect([admin.id, player.id]).toEqual([1, 2]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses every User Management call to visitors (401) and players (403), deleting nobody', async () => {
    for (const { method, path, body } of ADMIN_CALLS) {
      expect([path, (await call(server, path, { method, body })).status]).toEqual([path, 401]);
      const refused = await call(server, path, { method, body, cookie: player.cookie });
      expect([method, path, refused.status, refused.json?.error]).toEqual([
        method,
        path,
        403,
        'Only administrators can do that.',
      ]);
    }
    const visitor = await call(server, '/api/account', { method: 'DELETE', body: { confirm: 'Plain_Player' } });
    expect(visitor).toMatchObject({ status: 401, json: { error: 'Sign in to delete your account.' } });
    expect((await call(server, '/api/auth/me', { cookie: player.cookie })).json.user.username).toBe('Plain_Player');
  });

  it('sends visitors and players from the User Management pages home, and shows them to an administrator', async () => {
    for (const page of ['/admin/users', '/admin/users?q=plain', '/admin/users/2']) {
      for (const cookie of [undefined, player.cookie]) {
        const response = await fetch(server.url + page, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
        expect([page, response.status, response.headers.get('location')]).toEqual([page, 302, '/']);
      }
    }
    const room = await (await fetch(`${server.url}/admin`, { headers: { cookie: admin.cookie } })).text();
    expect(room).toContain('href="/admin/users"');
    const search = await fetch(`${server.url}/admin/users?q=plain`, { headers: { cookie: admin.cookie } });
    expect(search.status).toBe(200);
    const searchHtml = await search.text();
    expect(searchHtml).toContain('User Management');
    expect(searchHtml).toContain('Plain_Player');
    expect(searchHtml).not.toContain('Root_Admin</span>');
    const page = await fetch(`${server.url}/admin/users/2`, { headers: { cookie: admin.cookie } });
    expect(page.status).toBe(200);
    const pageHtml = await page.text();
    expect(pageHtml).toContain('plain_player@example.com');
    expect(pageHtml).toContain('Sessions (1)');
    const missing = await fetch(`${server.url}/admin/users/999`, { headers: { cookie: admin.cookie } });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('No Such Player');
  });

  it('finds players by name, e-mail and id, and shows a player with their sessions and runs but never a session hash', async () => {
    expect((await submitRun(server, player, `people-run-${dialect}`, 4_321)).status).toBe(201);
    const byName = z.parse(
      adminUserSearchResponseSchema,
      (await call(server, '/api/admin/users?q=PLAIN', { cookie: admin.cookie })).json,
    );
    expect(byName.users.map((u) => [u.id, u.username, u.email, u.isAdmin])).toEqual([
      [2, 'Plain_Player', 'plain_player@example.com', false],
    ]);
    expect(byName.pagination).toEqual({ page: 1, limit: 50, total: 1, hasMore: false });
    const byEmail = (await call(server, '/api/admin/users?q=root_admin%40example', { cookie: admin.cookie })).json;
    expect(byEmail.users.map((u: { username: string; isAdmin: boolean }) => [u.username, u.isAdmin])).toEqual([
      ['Root_Admin', true],
    ]);
    const byId = (await call(server, '/api/admin/users?q=%232', { cookie: admin.cookie })).json;
    expect(byId.users[0].username).toBe('Plain_Player');
    const everyone = (await call(server, '/api/admin/users', { cookie: admin.cookie })).json;
    expect(everyone.users.map((u: { id: number }) => u.id).slice(-2)).toEqual([2, 1]);

    const tooLong = await call(server, `/api/admin/users?q=${'a'.repeat(255)}`, { cookie: admin.cookie });
    expect(tooLong).toMatchObject({ status: 400, json: { error: 'Search with at most 254 characters.' } });
    expect((await call(server, '/api/admin/users?page=0', { cookie: admin.cookie })).status).toBe(400);
    expect((await call(server, '/api/admin/users/2?runsPage=x', { cookie: admin.cookie })).status).toBe(400);
    expect((await call(server, '/api/admin/users/abc', { cookie: admin.cookie })).status).toBe(400);
    expect(await call(server, '/api/admin/users/999', { cookie: admin.cookie })).toMatchObject({
      status: 404,
      json: { error: 'No such player.' },
    });

    const answer = await call(server, '/api/admin/users/2', { cookie: admin.cookie });
    const detail = z.parse(adminUserDetailSchema, answer.json);
    expect(detail.user).toMatchObject({ id: 2, username: 'Plain_Player', isAdmin: false, bannedAt: null });
    expect(detail.sessions).toHaveLength(1);
    expect(detail.runs.entries[0]).toMatchObject({ gameId: 'rekt', gameName: 'REKT!', score: 4_321, hiddenAt: null });
    const token = decodeURIComponent(player.cookie.split('=')[1]!);
    expect(answer.text).not.toContain(token);
    expect(answer.text).not.toContain(sha256(token));
  });

  it('lets a player delete their own account: signed out, off the board, no profile, and the e-mail signs up again', async () => {
    const leaver = await signUpPlayer(server, 'Leaving_Player');
    expect((await submitRun(server, leaver, `leaver-run-${dialect}`, 99_999)).status).toBe(201);
    const board = async () =>
      (await call(server, '/api/leaderboards/rekt')).json.entries.map((e: { userId: number }) => e.userId);
    expect(await board()).toContain(leaver.id);

    const wrong = await call(server, '/api/account', {
      method: 'DELETE',
      cookie: leaver.cookie,
      body: { confirm: 'Plain_Player' },
    });
    expect(wrong).toMatchObject({
      status: 400,
      json: { error: 'To delete your account, type your username (Leaving_Player) to confirm.' },
    });
    const adminSelf = await call(server, '/api/account', {
      method: 'DELETE',
      cookie: admin.cookie,
      body: { confirm: 'Root_Admin' },
    });
    expect(adminSelf).toMatchObject({ status: 403, json: { error: 'Admins cannot be deleted.' } });

    const deleted = await call(server, '/api/account', {
      method: 'DELETE',
      cookie: leaver.cookie,
      body: { confirm: 'leaving_player' },
    });
    expect(deleted).toMatchObject({
      status: 200,
      json: { message: 'Your account was deleted. Thank you for playing.', user: { id: leaver.id } },
    });
    const cleared = deleted.headers.getSetCookie().find((c) => c.startsWith('sats_session='));
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect((await call(server, '/api/auth/me', { cookie: leaver.cookie })).json.user).toBeNull();
    expect((await call(server, '/api/account', { cookie: leaver.cookie })).status).toBe(401);
    expect((await submitRun(server, leaver, `leaver-run-2-${dialect}`, 5)).status).toBe(401);
    expect(await board()).not.toContain(leaver.id);
    expect((await call(server, `/api/users/${leaver.id}/profile`)).status).toBe(404);

    const seen = z.parse(
      adminUserDetailSchema,
      (await call(server, `/api/admin/users/${leaver.id}`, { cookie: admin.cookie })).json,
    );
    expect(seen.user).toMatchObject({ username: 'Deleted player', country: 'XX', lastSeenAt: null });
    expect(seen.user.email).not.toContain('leaving_player');
    expect(seen.sessions).toEqual([]);
    expect(seen.runs.entries.map((r) => r.score)).toEqual([99_999]);
    expect(seen.auditLog.map((e) => [e.action, e.actorName, e.details.by])).toEqual([
      ['user.delete', 'Deleted player', 'self'],
    ]);

    // The same address signs up again: a new account, with nothing of the old one.
    const ip = newClientIp();
    const email = 'leaving_player@example.com';
    const again = await call(server, '/api/auth/register', { body: { username: 'Leaving_Player', email }, ip });
    expect(again.status).toBe(201);
    const verified = await call(server, '/api/auth/verify-magic-link', {
      body: { token: latestOutboxMail(server.dataDir, email).token, confirm: true },
      ip,
    });
    expect(verified.status).toBe(200);
    expect(verified.json.user.id).not.toBe(leaver.id);
    const fresh = await call(server, '/api/account', { cookie: sessionCookie(verified) });
    expect(fresh.json.user).toMatchObject({ username: 'Leaving_Player', email });
  });

  it("refuses a sign-up with a deleted account's address, so no one can block a deletion (own or by an administrator)", async () => {
    const own = await signUpPlayer(server, 'Own_Leaver');
    const asked = await signUpPlayer(server, 'Asked_Leaver');
    for (const id of [own.id, asked.id]) {
      for (const email of [`deleted-${id}@deleted.invalid`, `#deleted-${id}`]) {
        const squat = await call(server, '/api/auth/register', {
          body: { username: `Squat_${id}`, email },
          ip: newClientIp(),
        });
        expect([email, squat.status, squat.json.error]).toEqual([
          email,
          400,
          email.includes('@')
            ? 'Addresses ending in .invalid cannot receive email. Please enter a real email address.'
            : 'Please enter a valid email address',
        ]);
      }
    }
    const self = await call(server, '/api/account', {
      method: 'DELETE',
      cookie: own.cookie,
      body: { confirm: 'Own_Leaver' },
    });
    expect(self).toMatchObject({ status: 200, json: { user: { id: own.id } } });
    const byAdmin = await call(server, `/api/admin/users/${asked.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(byAdmin).toMatchObject({ status: 200, json: { user: { id: asked.id } } });
  });

  it('lets an administrator delete a player on request, once, and never an administrator', async () => {
    const asked = await signUpPlayer(server, 'Asked_To_Go');
    expect(await call(server, '/api/admin/users/1', { method: 'DELETE', cookie: admin.cookie })).toMatchObject({
      status: 403,
      json: { error: 'Admins cannot be deleted.' },
    });
    expect(await call(server, '/api/admin/users/999', { method: 'DELETE', cookie: admin.cookie })).toMatchObject({
      status: 404,
      json: { error: 'No such player.' },
    });
    const done = await call(server, `/api/admin/users/${asked.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(done).toMatchObject({ status: 200, json: { user: { id: asked.id } } });
    expect((await call(server, '/api/auth/me', { cookie: asked.cookie })).json.user).toBeNull();
    expect(
      await call(server, `/api/admin/users/${asked.id}`, { method: 'DELETE', cookie: admin.cookie }),
    ).toMatchObject({ status: 409, json: { error: 'This account is already deleted.' } });
    const audit = (await call(server, '/api/admin/audit-log', { cookie: admin.cookie })).json.entries;
    expect(audit[0]).toMatchObject({
      action: 'user.delete',
      actorName: 'Root_Admin',
      targetId: String(asked.id),
      details: { by: 'admin' },
    });
    expect(JSON.stringify(audit[0])).not.toContain('asked_to_go');
    expect((await call(server, '/api/auth/me', { cookie: admin.cookie })).json.user.username).toBe('Root_Admin');
  });
});
