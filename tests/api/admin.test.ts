import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { adminAvatarListSchema, auditLogResponseSchema, uploadResponseSchema } from '../../src/lib/schemas/admin';
import { call } from '../support/api';
import { signUpPlayer, type ApiPlayer } from '../support/players';
import { startServerOn, type RunningServer } from '../support/server';
import { DIALECTS } from '../support/services';

/** Every admin call with a body that would be valid, so a refusal can only come from the guard. */
const ADMIN_CALLS: { method: string; path: string; body?: unknown }[] = [
  { method: 'GET', path: '/api/admin/avatar-collection' },
  { method: 'POST', path: '/api/admin/avatar-collection', body: { name: 'Guarded' } },
  { method: 'PUT', path: '/api/admin/avatar-collection/1', body: { name: 'Guarded' } },
  { method: 'DELETE', path: '/api/admin/avatar-collection/6' },
  { method: 'POST', path: '/api/admin/uploads/avatars', body: 'x' },
  { method: 'GET', path: '/api/admin/audit-log' },
];

describe.each(DIALECTS)('the admin room API against the built server on %s', (dialect) => {
  let server: RunningServer;
  let admin: ApiPlayer;
  let player: ApiPlayer;

  async function upload(path: string, bytes: Uint8Array, contentType: string, cookie = admin.cookie) {
    const response = await fetch(server.url + path, { method: 'POST', body: bytes as Uint8Array<ArrayBuffer>, headers: { cookie, origin: server.url, 'content-type': contentType } });
    return { status: response.status, json: (await response.json()) as any };
  }

  beforeAll(async () => {
    server = await startServerOn(dialect, { TRUST_PROXY: '1', ADMIN_USER_IDS: '1' });
    admin = await signUpPlayer(server, 'Root_Admin');
    player = await signUpPlayer(server, 'Plain_Player');
    expect(admin.id).toBe(1);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses every admin call to visitors (401) and players (403), changing nothing', async () => {
    for (const { method, path, body } of ADMIN_CALLS) {
      expect([path, (await call(server, path, { method, body })).status]).toEqual([path, 401]);
      const refused = await call(server, path, { method, body, cookie: player.cookie });
      expect([path, refused.status, refused.json?.error]).toEqual([path, 403, 'Only administrators can do that.']);
    }
    const list = z.parse(adminAvatarListSchema, (await call(server, '/api/admin/avatar-collection', { cookie: admin.cookie })).json);
    expect(list.avatars).toHaveLength(9);
    expect(list.avatars.every((a) => a.isActive && a.name !== 'Guarded')).toBe(true);
  });

  it('sends visitors and players from the admin pages to the home page, and shows them to an administrator', async () => {
    for (const page of ['/admin', '/admin/avatars']) {
      for (const cookie of [undefined, player.cookie]) {
        const response = await fetch(server.url + page, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
        expect([page, response.status, response.headers.get('location')]).toEqual([page, 302, '/']);
      }
    }
    const room = await fetch(`${server.url}/admin`, { headers: { cookie: admin.cookie } });
    expect(room.status).toBe(200);
    const html = await room.text();
    for (const text of ['Admin Room', 'Tournaments', 'Avatar Collection', 'User Management', 'Analytics', 'System Settings', 'Coming Soon', 'Reset Leaderboards', 'Broadcast Message']) expect(html).toContain(text);
    const avatars = await fetch(`${server.url}/admin/avatars`, { headers: { cookie: admin.cookie } });
    expect(avatars.status).toBe(200);
    expect(await avatars.text()).toContain('Laser Eyes');
  });

  it('creates, edits and deletes avatars, retires an owned one, and keeps each write in the audit log', async () => {
    const created = await call(server, '/api/admin/avatar-collection', { cookie: admin.cookie, body: { name: 'Node Runner', description: 'Runs a node', category: 'tournament' } });
    expect(created).toMatchObject({ status: 201, json: { avatar: { avatarId: 'node-runner', rarity: 'common', category: 'tournament', isActive: true, imageUrl: '/api/assets/avatars/node-runner.png' } } });
    const id = created.json.avatar.id as number;

    const wrongId = await call(server, '/api/admin/avatar-collection', { cookie: admin.cookie, body: { name: 'Moon', avatarId: 'sun' } });
    expect(wrongId).toMatchObject({ status: 400, json: { error: 'The avatar id is made from the name: "Moon" gives "moon", not "sun".' } });
    expect((await call(server, '/api/admin/avatar-collection', { cookie: admin.cookie, body: { name: 'Node Runner' } })).status).toBe(409);
    expect((await call(server, '/api/admin/avatar-collection', { cookie: admin.cookie, body: { name: 'X', rarity: 'mythic' } })).json.error).toBe('rarity must be common, rare, epic or legendary');
    expect((await call(server, '/api/admin/avatar-collection', { cookie: admin.cookie, body: { name: 'X', imageUrl: 'https://evil.example/x.svg' } })).status).toBe(400);

    const edited = await call(server, `/api/admin/avatar-collection/${id}`, { method: 'PUT', cookie: admin.cookie, body: { name: 'Node Runner Pro', rarity: 'epic' } });
    expect(edited).toMatchObject({ status: 200, json: { avatar: { avatarId: 'node-runner', name: 'Node Runner Pro', rarity: 'epic' } } });
    expect((await call(server, `/api/admin/avatar-collection/${id}`, { method: 'PUT', cookie: admin.cookie, body: { avatarId: 'other' } })).status).toBe(400);
    expect((await call(server, '/api/admin/avatar-collection/99999', { method: 'PUT', cookie: admin.cookie, body: { name: 'x' } })).status).toBe(404);
    expect((await call(server, '/api/admin/avatar-collection/abc', { method: 'DELETE', cookie: admin.cookie })).status).toBe(400);

    expect(await call(server, `/api/admin/avatar-collection/${id}`, { method: 'DELETE', cookie: admin.cookie })).toMatchObject({ status: 200, json: { deleted: true, retired: false } });
    const fiatBird = z.parse(adminAvatarListSchema, (await call(server, '/api/admin/avatar-collection', { cookie: admin.cookie })).json).avatars.find((a) => a.avatarId === 'fiat-bird')!;
    expect((await call(server, `/api/admin/avatar-collection/${fiatBird.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(409);

    const log = z.parse(auditLogResponseSchema, (await call(server, '/api/admin/audit-log', { cookie: admin.cookie })).json);
    expect(log.entries.slice(0, 3).map((e) => [e.action, e.targetId, e.actorId, e.actorName])).toEqual([
      ['avatar.delete', 'node-runner', admin.id, 'Root_Admin'],
      ['avatar.update', 'node-runner', admin.id, 'Root_Admin'],
      ['avatar.create', 'node-runner', admin.id, 'Root_Admin'],
    ]);
  });

  it('stores an uploaded image re-encoded and serves it; refuses SVG, text, forms and anything over 2 MB with a clear 4xx', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f7931a' } }).withExif({ IFD0: { Artist: 'Someone Private' } }).jpeg().toBuffer();
    const stored = await upload('/api/admin/uploads/tournament?name=Spring%20Cup.jpg', jpeg, 'image/jpeg');
    expect(stored.status).toBe(201);
    const answer = z.parse(uploadResponseSchema, stored.json);
    expect(answer.filename).toMatch(/^tournament_\d+_Spring-Cup\.jpg$/);
    const served = await fetch(server.url + answer.url);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.includes(Buffer.from('Someone Private'))).toBe(false);
    expect((await sharp(bytes).metadata()).width).toBe(40);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await upload('/api/admin/uploads/avatars?name=x.svg', svg, 'image/svg+xml')).toEqual({ status: 415, json: { error: 'Upload a PNG, JPEG, WebP or GIF image (SVG and other formats are not accepted).' } });
    expect((await upload('/api/admin/uploads/avatars?name=x.png', Buffer.from('not an image'), 'image/png')).status).toBe(415);
    expect((await upload('/api/admin/uploads/avatars', Buffer.from('--x\r\n'), 'multipart/form-data; boundary=x')).status).toBe(415);
    expect(await upload('/api/admin/uploads/avatars?name=big.png', Buffer.alloc(2 * 1024 * 1024 + 10), 'image/png')).toEqual({ status: 413, json: { error: 'Images can be at most 2 MB.' } });
    expect((await upload('/api/admin/uploads/elsewhere?name=x.png', jpeg, 'image/jpeg')).status).toBe(404);
    const uploads = z.parse(auditLogResponseSchema, (await call(server, '/api/admin/audit-log', { cookie: admin.cookie })).json).entries.filter((e) => e.action === 'upload.image');
    expect(uploads.map((e) => e.targetId)).toEqual([answer.filename]);
  });

  it('keeps a valid Lightning Address on the account, lower-cased, refuses a wrong one, and removes it', async () => {
    const saved = await call(server, '/api/account/lightning-address', { method: 'PUT', cookie: player.cookie, body: { lightningAddress: '  Plain.Player@Wallet.Example.com ' } });
    expect(saved).toMatchObject({ status: 200, json: { lightningAddress: 'plain.player@wallet.example.com' } });
    expect((await call(server, '/api/account', { cookie: player.cookie })).json.lightningAddress).toBe('plain.player@wallet.example.com');
    for (const wrong of ['plain', 'a@b', 'x@-bad-.com', 'x y@wallet.com', `${'a'.repeat(65)}@wallet.com`, 5]) {
      const refused = await call(server, '/api/account/lightning-address', { method: 'PUT', cookie: player.cookie, body: { lightningAddress: wrong } });
      expect([wrong, refused.status]).toEqual([wrong, 400]);
    }
    expect((await call(server, '/api/account', { cookie: player.cookie })).json.lightningAddress).toBe('plain.player@wallet.example.com');
    expect((await call(server, '/api/account/lightning-address', { method: 'PUT', body: { lightningAddress: 'a@wallet.com' } })).status).toBe(401);
    expect((await call(server, '/api/account/lightning-address', { method: 'PUT', cookie: player.cookie, body: { lightningAddress: '' } })).json.lightningAddress).toBeNull();
  });
});
