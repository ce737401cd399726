import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { achievementsResponseSchema } from '~/lib/achievements';
import { avatarCollectionResponseSchema } from '~/lib/schemas/avatars';
import { ownProfileResponseSchema, publicProfileSchema } from '~/lib/schemas/profile';
import * as z from 'zod/mini';
import { call, latestOutboxMail, newClientIp, sessionCookie } from '../support/api';
import { postSignedRun } from '../support/fair-play';
import { gameTokenFor } from '../support/players';
import { startServerOn, type RunningServer } from '../support/server';
import { DIALECTS } from '../support/services';

interface Player {
  id: number;
  cookie: string;
  token: string;
}

describe.each(DIALECTS)('achievements, avatars and profiles API against the built server on %s', (dialect) => {
  let server: RunningServer;
  let ann: Player;
  let bob: Player;

  async function join(username: string, on = server): Promise<Player> {
    const ip = newClientIp();
    const email = `${username.toLowerCase()}@example.com`;
    await call(on, '/api/auth/register', { body: { username, email }, ip, headers: { 'cf-ipcountry': 'DE' } });
    const verified = await call(on, '/api/auth/verify-magic-link', {
      body: { token: latestOutboxMail(on.dataDir, email).token, confirm: true },
      ip,
    });
    const cookie = sessionCookie(verified);
    const token = await gameTokenFor(on, cookie, 'rekt');
    return { id: verified.json.user.id, cookie, token };
  }
  let runs = 0;
  async function play(player: Player, score: number, on = server) {
    // The score a test needs, sent as a game's own server sends it (signed: README, "Fair play").
    const result = await postSignedRun(on, player.token, 'rekt', { runId: `r${++runs}`, score, level: 5 });
    expect(result.status).toBe(201);
  }

  beforeAll(async () => {
    server = await startServerOn(dialect, { TRUST_PROXY: '1' });
    ann = await join('Ann_Avatar');
    bob = await join('Bob_Avatar');
    await play(ann, 15_000);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('reaches 15,000 in REKT!, claims the beginner card, sets the avatar active and shows it everywhere', async () => {
    const before = await call(server, '/api/achievements', { cookie: ann.cookie });
    expect(before.status).toBe(200);
    const cards = z.parse(achievementsResponseSchema, before.json);
    expect(cards.completed).toBe(3);
    expect(cards.cards.find((c) => c.id === 'beginner')).toMatchObject({
      completed: true,
      claimed: false,
      reward: { image: '/api/assets/avatars/fiat-bird.png' },
    });

    const claimed = await call(server, '/api/avatars/claim', {
      cookie: ann.cookie,
      body: {
        achievementCardId: 'beginner',
        avatarId: 'fiat-bird',
        avatarName: 'REKT! Beginner',
        avatarImage: '/api/assets/avatars/fiat-bird.png',
      },
    });
    expect(claimed).toMatchObject({ status: 200, json: { message: 'REKT! Beginner has joined your collection!' } });
    expect((await call(server, '/api/achievements', { cookie: ann.cookie })).json.cards[1].claimed).toBe(true);

    const collection = z.parse(
      avatarCollectionResponseSchema,
      (await call(server, '/api/avatars/collection', { cookie: ann.cookie })).json,
    );
    expect(collection.avatars.map((a) => a.avatarId)).toEqual(['fiat-bird']);
    expect(collection.activeAvatarId).toBeNull();

    const set = await call(server, '/api/avatars/set-active', { cookie: ann.cookie, body: { avatarId: 'fiat-bird' } });
    expect(set).toMatchObject({
      status: 200,
      json: {
        message: 'Your avatar has been updated successfully!',
        activeAvatar: {
          avatarId: 'fiat-bird',
          avatarName: 'REKT! Beginner',
          avatarImage: '/api/assets/avatars/fiat-bird.png',
        },
      },
    });
    expect((await call(server, '/api/auth/me', { cookie: ann.cookie })).json.user.avatarImage).toBe(
      '/api/assets/avatars/fiat-bird.png',
    );
    expect((await call(server, '/api/account', { cookie: ann.cookie })).json.user.avatarImage).toBe(
      '/api/assets/avatars/fiat-bird.png',
    );
    // Signing in again (by link, by code) answers the player with their avatar too.
    const ip = newClientIp();
    expect(
      (await call(server, '/api/auth/send-magic-link', { body: { email: 'ann_avatar@example.com' }, ip })).status,
    ).toBe(200);
    const mail = latestOutboxMail(server.dataDir, 'ann_avatar@example.com');
    expect(
      (await call(server, '/api/auth/verify-code', { body: { email: 'ann_avatar@example.com', code: mail.code }, ip }))
        .json.user,
    ).toMatchObject({ id: ann.id, avatarImage: '/api/assets/avatars/fiat-bird.png' });
    expect(
      (await call(server, '/api/auth/send-magic-link', { body: { email: 'ann_avatar@example.com' }, ip })).status,
    ).toBe(200);
    const link = latestOutboxMail(server.dataDir, 'ann_avatar@example.com');
    expect(
      (await call(server, '/api/auth/verify-magic-link', { body: { token: link.token, confirm: true }, ip })).json.user,
    ).toMatchObject({ id: ann.id, avatarImage: '/api/assets/avatars/fiat-bird.png' });
    const own = z.parse(
      ownProfileResponseSchema,
      (await call(server, '/api/user/profile', { cookie: ann.cookie })).json,
    );
    expect(own.activeAvatar?.avatarId).toBe('fiat-bird');
    const board = await call(server, '/api/leaderboards/rekt');
    expect(board.json.entries[0]).toMatchObject({
      userId: ann.id,
      activeAvatar: { avatarImage: '/api/assets/avatars/fiat-bird.png', avatarName: 'REKT! Beginner' },
    });

    const profile = await call(server, `/api/users/${ann.id}/profile`);
    expect(profile.status).toBe(200);
    const parsed = z.parse(publicProfileSchema, profile.json);
    expect(parsed.activeAvatar?.avatarId).toBe('fiat-bird');
    expect(parsed.gameStats.find((g) => g.gameId === 'rekt')).toMatchObject({
      gamesPlayed: 1,
      bestScore: 15_000,
      globalRank: 1,
    });
    expect(profile.text).not.toContain('@example.com');

    const image = await fetch(`${server.url}/api/assets/avatars/fiat-bird.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const etag = image.headers.get('etag')!;
    expect(
      (await fetch(`${server.url}/api/assets/avatars/fiat-bird.png`, { headers: { 'if-none-match': etag } })).status,
    ).toBe(304);
  });

  it('asks for a signed-in player on every own call', async () => {
    for (const [path, method, body] of [
      ['/api/achievements', 'GET', undefined],
      ['/api/avatars/collection', 'GET', undefined],
      ['/api/user/profile', 'GET', undefined],
      ['/api/avatars/claim', 'POST', { achievementCardId: 'beginner', avatarId: 'fiat-bird' }],
      ['/api/avatars/set-active', 'POST', { avatarId: 'fiat-bird' }],
      ['/api/account/notify-new-games', 'PUT', { wanted: true }],
    ] as const) {
      const result = await call(server, path, { method, body });
      expect(result.status, path).toBe(401);
      expect(result.json.error, path).toEqual(expect.any(String));
    }
  });

  it('answers bad input on every new call with a clear 4xx and never a 500', async () => {
    const cookie = bob.cookie;
    const cases: [string, string, unknown, number][] = [
      ['/api/avatars/claim', 'POST', {}, 400],
      ['/api/avatars/claim', 'POST', { achievementCardId: 7, avatarId: 'fiat-bird' }, 400],
      ['/api/avatars/claim', 'POST', { achievementCardId: 'beginner', avatarId: '../etc' }, 400],
      ['/api/avatars/claim', 'POST', { achievementCardId: 'nope', avatarId: 'fiat-bird' }, 404],
      ['/api/avatars/claim', 'POST', { achievementCardId: 'beginner', avatarId: 'fiat-clown' }, 400],
      ['/api/avatars/claim', 'POST', { achievementCardId: 'beginner', avatarId: 'fiat-bird' }, 409],
      ['/api/avatars/claim', 'POST', '{"achievementCardId":', 400],
      ['/api/avatars/claim', 'POST', '[]', 400],
      ['/api/avatars/set-active', 'POST', {}, 400],
      ['/api/avatars/set-active', 'POST', { avatarId: 42 }, 400],
      ['/api/avatars/set-active', 'POST', { avatarId: 'Not An Id' }, 400],
      ['/api/avatars/set-active', 'POST', { avatarId: 'fiat-bird' }, 403],
      ['/api/avatars/set-active', 'POST', { avatarId: 'no-such-avatar' }, 404],
      ['/api/account/notify-new-games', 'PUT', {}, 400],
      ['/api/account/notify-new-games', 'PUT', { wanted: 'yes' }, 400],
      ['/api/account/notify-new-games', 'PUT', 'not json', 400],
    ];
    for (const [path, method, body, status] of cases) {
      const result = await call(server, path, { method, body, cookie });
      expect(result.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
      expect(result.json.error, `${method} ${path} ${JSON.stringify(body)}`).toEqual(expect.any(String));
    }
    const textBody = await call(server, '/api/avatars/claim', {
      cookie,
      body: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(textBody.status).toBe(415);
    expect((await call(server, '/api/avatars/claim', { cookie, method: 'GET' })).status).toBe(405);
    expect((await call(server, '/api/achievements', { cookie, method: 'POST', body: {} })).status).toBe(405);
    expect(
      (
        await call(server, '/api/avatars/claim', {
          cookie,
          body: { achievementCardId: 'beginner', avatarId: 'fiat-bird' },
          noOrigin: true,
        })
      ).status,
    ).toBe(403);
  });

  it("keeps a profile page rendered for visitors, but shows the owner's own changes at once", async () => {
    // An arcade of its own: Cy's 20,000 below would put him above Ann, whom the journey states first.
    const arcade = await startServerOn(dialect, { TRUST_PROXY: '1' });
    onTestFinished(() => arcade.stop());
    const cy = await join('Cy_Cache', arcade);
    await play(cy, 15_000, arcade);
    const page = () => call(arcade, `/users/${cy.id}`, { ip: newClientIp() });
    const first = await page();
    const again = await page();
    expect(first.status).toBe(200);
    const picker = (html: string) => html.includes('component-url="/_astro/OwnProfile');
    expect(first.text).toMatch(/<h1 class="pixel-heading [^"]*">Cy_Cache<\/h1>/);
    expect(first.text.includes('fiat-bird.png')).toBe(false);
    expect(again.text === first.text, 'the second visitor gets the same page').toBe(true);
    expect(first.headers.has('age')).toBe(false);
    expect(again.headers.get('age'), 'the second visitor gets the kept page').toMatch(/^\d+$/);
    for (const answer of [first, again]) {
      expect(answer.headers.get('content-type')).toContain('text/html');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
    // The owner gets a page of their own (with the avatar picker), not the visitors' copy.
    const own = await call(arcade, `/users/${cy.id}`, { cookie: cy.cookie });
    expect(picker(own.text)).toBe(true);
    expect(picker(first.text)).toBe(false);

    await call(arcade, '/api/avatars/claim', {
      cookie: cy.cookie,
      body: {
        achievementCardId: 'beginner',
        avatarId: 'fiat-bird',
        avatarName: 'REKT! Beginner',
        avatarImage: '/api/assets/avatars/fiat-bird.png',
      },
    });
    expect(
      (await call(arcade, '/api/avatars/set-active', { cookie: cy.cookie, body: { avatarId: 'fiat-bird' } })).status,
    ).toBe(200);
    const after = await page();
    expect(after.text.includes('/api/assets/avatars/fiat-bird.png')).toBe(true);
    expect(after.headers.has('age'), 'a fresh render after the change').toBe(false);
    expect(picker(after.text)).toBe(false);

    // The profile's API answer is kept for everyone too, and a stored run forgets it.
    const api = () => call(arcade, `/api/users/${cy.id}/profile`);
    expect((await api()).json.stats.totalGamesPlayed).toBe(1);
    const kept = await api();
    expect(kept.headers.get('age')).toMatch(/^\d+$/);
    await play(cy, 20_000, arcade);
    const fresh = await api();
    expect(fresh.headers.has('age')).toBe(false);
    expect(fresh.json.stats).toMatchObject({ totalGamesPlayed: 2, gamesTried: 1 });
    expect((await page()).text.includes('20,000')).toBe(true);
  });

  it('answers a public profile to anyone, 404 User not found for an unknown player, 400 for a bad id', async () => {
    expect((await call(server, `/api/users/${bob.id}/profile`)).json).toMatchObject({
      userId: bob.id,
      user: { username: 'Bob_Avatar', country: 'DE' },
      totalAvatars: 0,
    });
    expect(await call(server, '/api/users/999999/profile')).toMatchObject({
      status: 404,
      json: { error: 'User not found' },
    });
    for (const id of ['0', '-1', 'abc', '1.5', '99999999999999999999']) {
      expect((await call(server, `/api/users/${id}/profile`)).status, id).toBe(400);
    }
  });

  it('records and takes back the wish to hear about new games', async () => {
    expect((await call(server, '/api/account', { cookie: bob.cookie })).json.notifyNewGames).toBe(false);
    const on = await call(server, '/api/account/notify-new-games', {
      method: 'PUT',
      body: { wanted: true },
      cookie: bob.cookie,
    });
    expect(on).toMatchObject({ status: 200, json: { notifyNewGames: true, message: expect.any(String) } });
    expect((await call(server, '/api/account', { cookie: bob.cookie })).json.notifyNewGames).toBe(true);
    const off = await call(server, '/api/account/notify-new-games', {
      method: 'PUT',
      body: { wanted: false },
      cookie: bob.cookie,
    });
    expect(off.json.notifyNewGames).toBe(false);
  });

  it('serves images with 404 for unknown files and for every way out of the folder', async () => {
    expect((await fetch(`${server.url}/api/assets/avatars/laser-eyes.png`)).status).toBe(200);
    for (const path of [
      '/api/assets/avatars/nobody.png',
      '/api/assets/avatars/..%2f..%2fsecret.key',
      '/api/assets/avatars/%2e%2e%2fsecret.key',
      '/api/assets/avatars/..%5csecret.key',
      '/api/assets/avatars/%252e%252e%252fsecret.key',
      '/api/assets/tournament/fiat-bird.png',
      '/api/assets/tournament/..%2Farcade.db',
    ]) {
      const result = await fetch(server.url + path);
      expect(result.status, path).toBe(404);
      expect(await result.text(), path).not.toContain('SECRET');
    }
  });
});
