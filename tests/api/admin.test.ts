import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import * as z from 'zod/mini';
import { adminAvatarListSchema, auditLogResponseSchema, uploadResponseSchema } from '~/lib/schemas/admin';
import { adminTournamentResponseSchema } from '~/lib/schemas/tournament';
import { call } from '../support/api';
import { arcadeWithPlayers, submitRun, type ApiPlayer } from '../support/players';
import type { RunningServer } from '../support/server';
import { DIALECTS } from '../support/services';

/** Every admin call with a body that would be valid, so a refusal can only come from the guard. */
const ADMIN_CALLS: { method: string; path: string; body?: unknown }[] = [
  { method: 'GET', path: '/api/admin/avatar-collection' },
  { method: 'POST', path: '/api/admin/avatar-collection', body: { name: 'Guarded' } },
  { method: 'PUT', path: '/api/admin/avatar-collection/1', body: { name: 'Guarded' } },
  { method: 'DELETE', path: '/api/admin/avatar-collection/6' },
  { method: 'POST', path: '/api/admin/uploads/avatars', body: 'x' },
  { method: 'GET', path: '/api/admin/audit-log' },
  { method: 'POST', path: '/api/admin/tournaments/1/process-winners', body: {} },
  { method: 'POST', path: '/api/admin/tournaments/1/end', body: {} },
  { method: 'GET', path: '/api/admin/tournaments/1/winners' },
  { method: 'GET', path: '/api/admin/tournaments/1/draft-report' },
  { method: 'POST', path: '/api/admin/tournaments/1/bulk-distribute-avatar', body: { avatarId: 'laser-eyes' } },
  { method: 'POST', path: '/api/admin/tournaments/prizes/1/distribute', body: {} },
  { method: 'PUT', path: '/api/admin/tournaments/prizes/1/status', body: { status: 'sent' } },
  { method: 'POST', path: '/api/admin/tournaments/preview-report', body: { markdown: '# hi' } },
];

describe.each(DIALECTS)('the admin room API against the built server on %s', (dialect) => {
  let server: RunningServer;
  let admin: ApiPlayer;
  let player: ApiPlayer;

  async function upload(path: string, bytes: Uint8Array, contentType: string, cookie = admin.cookie) {
    const response = await fetch(server.url + path, {
      method: 'POST',
      body: bytes as Uint8Array<ArrayBuffer>,
      headers: { cookie, origin: server.url, 'content-type': contentType },
    });
    return { status: response.status, json: (await response.json()) as any };
  }

  /** The built server on a fresh database with its administrator (user 1) and a player. */
  async function openArcade() {
    const { server: opened, players } = await arcadeWithPlayers(dialect, ['Root_Admin', 'Plain_Player']);
    return { server: opened, admin: players[0]!, player: players[1]! };
  }

  /** The shared arcade's audit log (its newest 100 entries), newest first. */
  async function auditLog() {
    return z.parse(auditLogResponseSchema, (await call(server, '/api/admin/audit-log', { cookie: admin.cookie })).json)
      .entries;
  }
  /** The entries written since `before` (an earlier {@link auditLog}): a test's own, whatever ran before it. */
  async function auditSince(before: { id: number }[]) {
    const seen = new Set(before.map((e) => e.id));
    return (await auditLog()).filter((e) => !seen.has(e.id));
  }

  // The arcade the tests share: each makes data of its own there, and one that asserts on what the
  // whole arcade holds compares it with what it held when the test began.
  beforeAll(async () => {
    ({ server, admin, player } = await openArcade());
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses every admin call to visitors (401) and players (403), changing nothing', async () => {
    const avatars = async () =>
      z.parse(
        adminAvatarListSchema,
        (await call(server, '/api/admin/avatar-collection', { cookie: admin.cookie })).json,
      ).avatars;
    // the other tests add and remove avatars of their own: "nothing" is against the list as it was
    const before = await avatars();
    for (const { method, path, body } of ADMIN_CALLS) {
      expect([path, (await call(server, path, { method, body })).status]).toEqual([path, 401]);
      const refused = await call(server, path, { method, body, cookie: player.cookie });
      expect([path, refused.status, refused.json?.error]).toEqual([path, 403, 'Only administrators can do that.']);
    }
    const after = await avatars();
    expect(after).toEqual(before);
    expect(after.every((a) => a.isActive && a.name !== 'Guarded')).toBe(true);
  });

  it('sends visitors and players from the admin pages to the home page, and shows them to an administrator', async () => {
    for (const page of ['/admin', '/admin/avatars', '/admin/tournaments', '/admin/tournaments/1/winners']) {
      for (const cookie of [undefined, player.cookie]) {
        const response = await fetch(server.url + page, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
        expect([page, response.status, response.headers.get('location')]).toEqual([page, 302, '/']);
      }
    }
    const room = await fetch(`${server.url}/admin`, { headers: { cookie: admin.cookie } });
    expect(room.status).toBe(200);
    const html = await room.text();
    for (const text of [
      'Admin Room',
      'Tournaments',
      'Avatar Collection',
      'User Management',
      'Analytics',
      'System Settings',
      'Coming Soon',
      'Reset Leaderboards',
      'Broadcast Message',
    ])
      expect(html).toContain(text);
    const avatars = await fetch(`${server.url}/admin/avatars`, { headers: { cookie: admin.cookie } });
    expect(avatars.status).toBe(200);
    expect(await avatars.text()).toContain('Laser Eyes');
  });

  it('creates, edits and deletes avatars, retires an owned one, and keeps each write in the audit log', async () => {
    // the other tests write to the log too: this one's writes are those after this list
    const logBefore = await auditLog();
    const created = await call(server, '/api/admin/avatar-collection', {
      cookie: admin.cookie,
      body: { name: 'Node Runner', description: 'Runs a node', category: 'tournament' },
    });
    expect(created).toMatchObject({
      status: 201,
      json: {
        avatar: {
          avatarId: 'node-runner',
          rarity: 'common',
          category: 'tournament',
          isActive: true,
          imageUrl: '/api/assets/avatars/node-runner.png',
        },
      },
    });
    const id = created.json.avatar.id as number;

    const wrongId = await call(server, '/api/admin/avatar-collection', {
      cookie: admin.cookie,
      body: { name: 'Moon', avatarId: 'sun' },
    });
    expect(wrongId).toMatchObject({
      status: 400,
      json: { error: 'The avatar id is made from the name: "Moon" gives "moon", not "sun".' },
    });
    expect(
      (await call(server, '/api/admin/avatar-collection', { cookie: admin.cookie, body: { name: 'Node Runner' } }))
        .status,
    ).toBe(409);
    expect(
      (
        await call(server, '/api/admin/avatar-collection', {
          cookie: admin.cookie,
          body: { name: 'X', rarity: 'mythic' },
        })
      ).json.error,
    ).toBe('rarity must be common, rare, epic or legendary');
    expect(
      (
        await call(server, '/api/admin/avatar-collection', {
          cookie: admin.cookie,
          body: { name: 'X', imageUrl: 'https://evil.example/x.svg' },
        })
      ).status,
    ).toBe(400);

    const edited = await call(server, `/api/admin/avatar-collection/${id}`, {
      method: 'PUT',
      cookie: admin.cookie,
      body: { name: 'Node Runner Pro', rarity: 'epic' },
    });
    expect(edited).toMatchObject({
      status: 200,
      json: { avatar: { avatarId: 'node-runner', name: 'Node Runner Pro', rarity: 'epic' } },
    });
    expect(
      (
        await call(server, `/api/admin/avatar-collection/${id}`, {
          method: 'PUT',
          cookie: admin.cookie,
          body: { avatarId: 'other' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(server, '/api/admin/avatar-collection/99999', {
          method: 'PUT',
          cookie: admin.cookie,
          body: { name: 'x' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(server, '/api/admin/avatar-collection/abc', { method: 'DELETE', cookie: admin.cookie })).status,
    ).toBe(400);

    expect(
      await call(server, `/api/admin/avatar-collection/${id}`, { method: 'DELETE', cookie: admin.cookie }),
    ).toMatchObject({ status: 200, json: { deleted: true, retired: false } });
    const fiatBird = z
      .parse(adminAvatarListSchema, (await call(server, '/api/admin/avatar-collection', { cookie: admin.cookie })).json)
      .avatars.find((a) => a.avatarId === 'fiat-bird')!;
    expect(
      (await call(server, `/api/admin/avatar-collection/${fiatBird.id}`, { method: 'DELETE', cookie: admin.cookie }))
        .status,
    ).toBe(409);

    const log = await auditSince(logBefore);
    expect(log.map((e) => [e.action, e.targetId, e.actorId, e.actorName])).toEqual([
      ['avatar.delete', 'node-runner', admin.id, 'Root_Admin'],
      ['avatar.update', 'node-runner', admin.id, 'Root_Admin'],
      ['avatar.create', 'node-runner', admin.id, 'Root_Admin'],
    ]);
  });

  it('stores an uploaded image re-encoded and serves it; refuses SVG, text, forms and anything over 2 MB with a clear 4xx', async () => {
    const logBefore = await auditLog();
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f7931a' } })
      .withExif({ IFD0: { Artist: 'Someone Private' } })
      .jpeg()
      .toBuffer();
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
    expect(await upload('/api/admin/uploads/avatars?name=x.svg', svg, 'image/svg+xml')).toEqual({
      status: 415,
      json: { error: 'Upload a PNG, JPEG, WebP or GIF image (SVG and other formats are not accepted).' },
    });
    expect(
      (await upload('/api/admin/uploads/avatars?name=x.png', Buffer.from('not an image'), 'image/png')).status,
    ).toBe(415);
    expect(
      (await upload('/api/admin/uploads/avatars', Buffer.from('--x\r\n'), 'multipart/form-data; boundary=x')).status,
    ).toBe(415);
    expect(
      await upload('/api/admin/uploads/avatars?name=big.png', Buffer.alloc(2 * 1024 * 1024 + 10), 'image/png'),
    ).toEqual({ status: 413, json: { error: 'Images can be at most 2 MB.' } });
    expect((await upload('/api/admin/uploads/elsewhere?name=x.png', jpeg, 'image/jpeg')).status).toBe(404);
    const uploads = (await auditSince(logBefore)).filter((e) => e.action === 'upload.image');
    expect(uploads.map((e) => e.targetId)).toEqual([answer.filename]);
  });

  it('runs a tournament to its prizes: process winners (twice: once), winners, distribute once (the second gets 409), bulk, preview and draft report', async () => {
    // An arcade of its own: the tournament takes in every run of its hour, and the other tests send
    // runs as these two players too (99,000 after an end, one for the export), so its winners,
    // scores and prizes are exact only where no other test plays.
    const { server, admin, player } = await openArcade();
    onTestFinished(() => server.stop());
    const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19);
    expect((await submitRun(server, admin, `admin-run-${dialect}`, 4_000)).status).toBe(201);
    expect((await submitRun(server, player, `player-run-${dialect}`, 9_000)).status).toBe(201);
    await call(server, '/api/account/lightning-address', {
      method: 'PUT',
      cookie: player.cookie,
      body: { lightningAddress: 'plain@wallet.example.com' },
    });
    const now = Date.now();
    const form = {
      name: `Flash Cup ${dialect}`,
      gameId: 'rekt',
      description: 'ten seconds of glory',
      startDate: utc(now - 3_600_000),
      endDate: utc(now + 2_000),
      timezoneOffset: '0',
      rewards: JSON.stringify({
        firstPlaceSats: 2100,
        secondToFifthSats: 500,
        randomParticipantSats: 0,
        avatarRewards: [
          { avatarId: 'laser-eyes', eligibility: 'first_place' },
          { avatarId: 'sats-miner', eligibility: 'all_players' },
        ],
      }),
    };
    const created = await call(server, '/api/admin/tournaments', { cookie: admin.cookie, body: form });
    expect(created.status).toBe(201);
    const id = created.json.tournament.id as number;
    expect(created.json.tournament.participantCount).toBe(2);
    const early = await call(server, `/api/admin/tournaments/${id}/process-winners`, {
      cookie: admin.cookie,
      body: {},
    });
    expect(early.status).toBe(409);
    expect((await call(server, `/api/admin/tournaments/${id}/winners`, { cookie: admin.cookie })).json).toMatchObject({
      winners: [],
      processedAt: null,
      tournament: { status: 'active' },
    });
    await new Promise((r) => setTimeout(r, Math.max(0, now + 2_100 - Date.now())));

    const [first, second] = await Promise.all(
      [1, 2].map(() =>
        call(server, `/api/admin/tournaments/${id}/process-winners`, { cookie: admin.cookie, body: {} }),
      ),
    );
    expect([first!.status, second!.status]).toEqual([200, 200]);
    expect(first!.json.awardsCreated + second!.json.awardsCreated).toBe(5);
    expect(first!.json.bitcoinAwards + second!.json.bitcoinAwards).toBe(2);

    const winners = (await call(server, `/api/admin/tournaments/${id}/winners`, { cookie: admin.cookie })).json;
    expect(winners.winners.map((w: any) => [w.username, w.rank, w.score, w.lightningAddress])).toEqual([
      ['Plain_Player', 1, 9000, 'plain@wallet.example.com'],
      ['Root_Admin', 2, 4000, null],
    ]);
    const top = winners.winners[0];
    expect(top.bitcoinPrizes).toMatchObject([{ prizeValue: 2100, distributionStatus: 'pending' }]);
    expect(top.avatarPrizes.map((p: any) => p.avatarId).sort()).toEqual(['laser-eyes', 'sats-miner']);

    const laser = top.avatarPrizes.find((p: any) => p.avatarId === 'laser-eyes').id;
    const sends = await Promise.all(
      [1, 2].map(() =>
        call(server, `/api/admin/tournaments/prizes/${laser}/distribute`, {
          cookie: admin.cookie,
          body: { paymentProof: 'n/a' },
        }),
      ),
    );
    expect(sends.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(sends.find((r) => r.status === 409)!.json.error).toMatch(
      /^This prize was already sent on .* by Root_Admin\.$/,
    );
    const sats = top.bitcoinPrizes[0].id;
    expect(
      (
        await call(server, `/api/admin/tournaments/prizes/${sats}/status`, {
          method: 'PUT',
          cookie: admin.cookie,
          body: { status: 'pending' },
        })
      ).status,
    ).toBe(409);
    expect(
      (await call(server, `/api/admin/tournaments/prizes/${sats}/distribute`, { method: 'POST', cookie: admin.cookie }))
        .status,
    ).toBe(200);
    expect(
      (await call(server, `/api/admin/tournaments/prizes/abc/distribute`, { method: 'POST', cookie: admin.cookie }))
        .status,
    ).toBe(400);

    expect(
      (
        await call(server, `/api/admin/tournaments/${id}/bulk-distribute-avatar`, {
          cookie: admin.cookie,
          body: { avatarId: 'sats-miner' },
        })
      ).json,
    ).toMatchObject({ distributedExisting: 2, newAwards: 0 });
    expect(
      (
        await call(server, `/api/admin/tournaments/${id}/bulk-distribute-avatar`, {
          cookie: admin.cookie,
          body: { avatarId: 'sats-miner' },
        })
      ).json,
    ).toMatchObject({ distributedExisting: 0, newAwards: 0 });
    const collection = (await call(server, '/api/avatars/collection', { cookie: player.cookie })).json;
    expect(collection.avatars.map((a: any) => a.avatarId).sort()).toEqual(['laser-eyes', 'sats-miner']);

    const profile = (await call(server, `/api/users/${player.id}/profile`)).json;
    expect(
      profile.prizes.map((p: any) => [p.tournamentName, p.prizeType, p.prizeValue, p.avatarName, p.status]).sort(),
    ).toEqual(
      [
        [`Flash Cup ${dialect}`, 'avatar', 0, 'Laser Eyes', 'sent'],
        [`Flash Cup ${dialect}`, 'avatar', 0, 'Sats Miner', 'sent'],
        [`Flash Cup ${dialect}`, 'bitcoin', 2100, null, 'sent'],
      ].sort(),
    );
    const profilePage = await (await fetch(`${server.url}/users/${player.id}`)).text();
    expect(profilePage).toContain('Tournament Prizes (3)');
    expect(profilePage).toContain('2,100 sats');

    const preview = await call(server, '/api/admin/tournaments/preview-report', {
      cookie: admin.cookie,
      body: { markdown: '# Flash\n\n<script>alert(1)</script>[x](javascript:alert(1))' },
    });
    expect(preview.status).toBe(200);
    expect(preview.json.html).toContain('<h1>Flash</h1>');
    expect(preview.json.html).not.toMatch(/script|javascript:/);
    // Markdown too deep to render is a 400 that says so, in the preview and when saved.
    const deep = await call(server, '/api/admin/tournaments/preview-report', {
      cookie: admin.cookie,
      body: { markdown: '>'.repeat(3000) },
    });
    expect(deep).toMatchObject({
      status: 400,
      json: {
        error:
          'reportContent nests too deeply: quotes, lists and emphasis may sit inside each other at most 32 levels deep.',
      },
    });
    const draft = (await call(server, `/api/admin/tournaments/${id}/draft-report`, { cookie: admin.cookie })).json
      .markdown as string;
    expect(draft).toContain(`# Flash Cup ${dialect}: the report`);
    expect(draft).toContain('| 1 | Plain\\_Player | 9,000 |');
    expect(draft).toContain('2,100 sats');

    const log = (
      await call(server, `/api/admin/audit-log?tournamentId=${id}`, { cookie: admin.cookie })
    ).json.entries.map((e: any) => e.action);
    expect(log).toContain('tournament.create');
    expect(log.filter((a: string) => a === 'tournament.process_winners')).toHaveLength(2);
    expect(log.filter((a: string) => a === 'prize.distribute')).toHaveLength(2);
  });

  it('ends an active tournament now for the admin (a second press gets 409): a later run does not enter it and the pages show it past', async () => {
    const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19);
    const now = Date.now();
    const name = `Oops Cup ${dialect}`;
    const created = await call(server, '/api/admin/tournaments', {
      cookie: admin.cookie,
      body: {
        name,
        gameId: 'rekt',
        description: 'the rewards were wrong',
        startDate: utc(now - 3_600_000),
        endDate: utc(now + 3_600_000),
        timezoneOffset: '0',
        rewards: JSON.stringify({ firstPlaceSats: 2100 }),
      },
    });
    expect(created.status).toBe(201);
    const id = created.json.tournament.id as number;
    expect(created.json.tournament.status).toBe('active');
    const top = async () =>
      (await call(server, `/api/tournaments/${id}/leaderboard?page=1&limit=50`)).json.entries.map((e: any) => [
        e.username,
        e.score,
      ]);
    const before = await top();

    const ended = await call(server, `/api/admin/tournaments/${id}/end`, { cookie: admin.cookie, body: {} });
    expect(ended.status).toBe(200);
    expect(z.parse(adminTournamentResponseSchema, ended.json)).toMatchObject({
      message: `Tournament "${name}" ended: its winners can now be processed.`,
      tournament: { id, name, status: 'past' },
    });
    const endedAt = new Date(ended.json.tournament.endDate).getTime();
    expect(endedAt).toBeGreaterThanOrEqual(now);
    expect(endedAt).toBeLessThanOrEqual(Date.now());

    const again = await call(server, `/api/admin/tournaments/${id}/end`, { cookie: admin.cookie, body: {} });
    expect([again.status, again.json.error]).toEqual([409, `Tournament "${name}" has already ended.`]);
    expect((await call(server, '/api/admin/tournaments/999999/end', { cookie: admin.cookie, body: {} })).status).toBe(
      404,
    );

    // a run after the end does not enter it; the pages show it past
    expect((await submitRun(server, admin, `after-end-${dialect}`, 99_000)).status).toBe(201);
    expect(await top()).toEqual(before);
    expect((await call(server, `/api/tournaments/${id}`)).json.status).toBe('past');
    const past = await call(server, '/api/tournaments?status=past');
    expect(past.json.tournaments.map((t: any) => t.id)).toContain(id);
    expect(await (await fetch(`${server.url}/tournaments/past`)).text()).toContain(name);
    const audit = (await call(server, `/api/admin/audit-log?tournamentId=${id}`, { cookie: admin.cookie })).json;
    expect(audit.entries.map((e: any) => [e.action, e.details.name])).toEqual([
      ['tournament.end_now', name],
      ['tournament.create', name],
    ]);
  });

  it('keeps a valid Lightning Address on the account, lower-cased, refuses a wrong one, and removes it', async () => {
    const saved = await call(server, '/api/account/lightning-address', {
      method: 'PUT',
      cookie: player.cookie,
      body: { lightningAddress: '  Plain.Player@Wallet.Example.com ' },
    });
    expect(saved).toMatchObject({ status: 200, json: { lightningAddress: 'plain.player@wallet.example.com' } });
    expect((await call(server, '/api/account', { cookie: player.cookie })).json.lightningAddress).toBe(
      'plain.player@wallet.example.com',
    );
    for (const wrong of ['plain', 'a@b', 'x@-bad-.com', 'x y@wallet.com', `${'a'.repeat(65)}@wallet.com`, 5]) {
      const refused = await call(server, '/api/account/lightning-address', {
        method: 'PUT',
        cookie: player.cookie,
        body: { lightningAddress: wrong },
      });
      expect([wrong, refused.status]).toEqual([wrong, 400]);
    }
    expect((await call(server, '/api/account', { cookie: player.cookie })).json.lightningAddress).toBe(
      'plain.player@wallet.example.com',
    );
    expect(
      (
        await call(server, '/api/account/lightning-address', {
          method: 'PUT',
          body: { lightningAddress: 'a@wallet.com' },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await call(server, '/api/account/lightning-address', {
          method: 'PUT',
          cookie: player.cookie,
          body: { lightningAddress: '' },
        })
      ).json.lightningAddress,
    ).toBeNull();
  });

  it("answers a player's own data as a JSON file to download, and nothing to a visitor", async () => {
    expect((await submitRun(server, player, `export-run-${dialect}`, 1_234)).status).toBe(201);
    const mine = await call(server, '/api/account/export', { cookie: player.cookie });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-disposition')).toMatch(
      /^attachment; filename="sats-arcade-Plain_Player-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(mine.headers.get('cache-control')).toBe('no-store');
    expect(mine.json.account).toMatchObject({
      id: player.id,
      username: 'Plain_Player',
      email: 'plain_player@example.com',
    });
    expect(mine.json.runs.map((r: { runId: string }) => r.runId)).toContain(`export-run-${dialect}`);
    expect(mine.text).not.toContain('root_admin@example.com');
    const visitor = await call(server, '/api/account/export');
    expect(visitor.status).toBe(401);
    expect(visitor.json.error).toBe('Sign in to download your data.');
  });
});
