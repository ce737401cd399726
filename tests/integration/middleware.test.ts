import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DAY } from '~/lib/format';
import { SESSION_COOKIE } from '~/server/auth/cookies';
import { createSession } from '~/server/auth/sessions';
import type { UserRow } from '~/server/db/schema';
import { guardAdmin } from '~/server/middleware/admin';
import { privateByDefault, securityHeaders } from '~/server/middleware/headers';
import { checkOrigin } from '~/server/middleware/origin';
import { createPageCache } from '~/server/middleware/page-cache';
import { startServices } from '~/server/middleware/services';
import { findSignedInUser } from '~/server/middleware/session';
import { runStep, settingsOnly } from '../support/middleware';
import { addPlayer, DIALECTS, freshServices, type TestServices } from '../support/services';

const player = (id: number) => ({ id, username: `player${id}` }) as UserRow;

describe('the services step', () => {
  const broken = async () => {
    throw new Error('no database');
  };

  it('starts every request signed out and passes it on once the services are up', async () => {
    const result = await runStep(startServices(settingsOnly()), '/api/auth/me', { user: player(3) });
    expect(result.passed).toBe(true);
    expect(result.locals.user).toBeNull();
    expect(result.locals.sessionToken).toBeNull();
  });

  it('answers 503 when the services cannot start: JSON under /api, plain text elsewhere', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = await runStep(startServices(broken), '/api/auth/me');
    expect(api.passed).toBe(false);
    expect(api.response.status).toBe(503);
    expect(await api.response.json()).toEqual({ error: expect.stringMatching(/starting up or misconfigured/) });
    const page = await runStep(startServices(broken), '/account');
    expect(page.response.status).toBe(503);
    expect(await page.response.text()).toBe('Service unavailable');
    expect(log).toHaveBeenCalledTimes(2);
    log.mockRestore();
  });

  it('leaves prerendered pages alone, without starting anything', async () => {
    const result = await runStep(startServices(broken), '/about', { prerendered: true });
    expect(result.passed).toBe(true);
  });
});

describe('the origin check', () => {
  const step = checkOrigin(settingsOnly());

  it('refuses an API write from another origin, or from none, with a JSON 403', async () => {
    const attempts: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page' },
      {},
      { origin: 'null' },
    ];
    for (const headers of attempts) {
      const result = await runStep(step, '/api/auth/logout', { method: 'POST', headers });
      expect(result.passed).toBe(false);
      expect(result.response.status).toBe(403);
      expect(await result.response.json()).toEqual({ error: 'Cross-origin requests are not allowed.' });
    }
  });

  it("lets through writes from the arcade's own origin, by Origin or by Referer", async () => {
    expect(
      (await runStep(step, '/api/auth/logout', { method: 'POST', headers: { origin: 'http://arcade.test' } })).passed,
    ).toBe(true);
    expect(
      (await runStep(step, '/api/account', { method: 'PUT', headers: { referer: 'http://arcade.test/account' } }))
        .passed,
    ).toBe(true);
  });

  it('lets through reads, Game API calls and pages from anywhere', async () => {
    const elsewhere = { origin: 'https://evil.example' };
    expect((await runStep(step, '/api/auth/me', { headers: elsewhere })).passed).toBe(true);
    expect((await runStep(step, '/api/games/rekt/runs', { method: 'POST', headers: elsewhere })).passed).toBe(true);
    expect((await runStep(step, '/auth/callback', { method: 'POST', headers: elsewhere })).passed).toBe(true);
  });
});

describe('the admin guard', () => {
  const step = guardAdmin(settingsOnly([1]));

  it('answers the admin API 401 signed out and 403 to players who are not admins', async () => {
    const signedOut = await runStep(step, '/api/admin/users');
    expect([signedOut.passed, signedOut.response.status]).toEqual([false, 401]);
    const other = await runStep(step, '/api/admin', { user: player(2) });
    expect([other.passed, other.response.status]).toEqual([false, 403]);
    expect(await other.response.json()).toEqual({ error: 'Only administrators can do that.' });
  });

  it('sends everyone but an admin from the admin pages to the home page', async () => {
    for (const user of [null, player(2)]) {
      const result = await runStep(step, '/admin/games', { user });
      expect(result.passed).toBe(false);
      expect(result.response.status).toBe(302);
      expect(result.response.headers.get('location')).toBe('/');
    }
  });

  it('lets an admin in, and leaves every other path alone', async () => {
    expect((await runStep(step, '/api/admin/users', { user: player(1) })).passed).toBe(true);
    expect((await runStep(step, '/admin', { user: player(1) })).passed).toBe(true);
    expect((await runStep(step, '/administrators', {})).passed).toBe(true);
    expect((await runStep(step, '/api/auth/me', {})).passed).toBe(true);
  });
});

describe('the page cache', () => {
  // lru-cache counts a start time of 0 as "no start": the clock begins later.
  const START = 1_000;
  let clock = START;
  let renders = 0;
  /** A fresh render each time: its body says which render it was. */
  const render = () =>
    new Response(`<html>render ${++renders}</html>`, {
      status: 200,
      headers: { 'content-type': 'text/html', 'x-render': String(renders) },
    });
  const setup = () => {
    clock = START;
    renders = 0;
    return createPageCache({ ttlMs: 10_000, now: () => clock });
  };

  it('answers a visitor the page rendered for the previous visitor, headers and all, until it is 10 s old', async () => {
    const cache = setup();
    const first = await runStep(cache.step, '/users/3', { answer: render });
    expect(first.passed).toBe(true);
    expect(await first.response.text()).toBe('<html>render 1</html>');
    clock = START + 10_000;
    const second = await runStep(cache.step, '/users/3', { answer: render, user: player(5) });
    expect(second.passed).toBe(false);
    expect(await second.response.text()).toBe('<html>render 1</html>');
    expect(second.response.headers.get('content-type')).toBe('text/html');
    expect(second.response.headers.get('x-render')).toBe('1');
    expect(second.response.headers.get('age')).toBe('10');
    expect(first.response.headers.has('age')).toBe(false);
    clock = START + 10_001;
    const third = await runStep(cache.step, '/users/3', { answer: render });
    expect(third.passed).toBe(true);
    expect(await third.response.text()).toBe('<html>render 2</html>');
  });

  it('always renders the owner their own profile, and never keeps that render for others', async () => {
    const cache = setup();
    expect(await (await runStep(cache.step, '/users/3', { answer: render, user: player(3) })).response.text()).toBe(
      '<html>render 1</html>',
    );
    expect(cache.size).toBe(0);
    await runStep(cache.step, '/users/3', { answer: render });
    const own = await runStep(cache.step, '/users/3', { answer: render, user: player(3) });
    expect(own.passed).toBe(true);
    expect(await own.response.text()).toBe('<html>render 3</html>');
  });

  it("forgets a player's profile after their successful write, not after a refused one or another player's", async () => {
    const cache = setup();
    await runStep(cache.step, '/users/3', { answer: render });
    await runStep(cache.step, '/api/avatars/set-active', {
      method: 'POST',
      user: player(3),
      answer: () => new Response('{}', { status: 400 }),
    });
    await runStep(cache.step, '/api/avatars/set-active', { method: 'POST', user: player(4) });
    expect(await (await runStep(cache.step, '/users/3', { answer: render })).response.text()).toBe(
      '<html>render 1</html>',
    );
    await runStep(cache.step, '/api/avatars/set-active', { method: 'POST', user: player(3) });
    expect(await (await runStep(cache.step, '/users/3', { answer: render })).response.text()).toBe(
      '<html>render 2</html>',
    );
  });

  it("keeps a profile's API answer for everyone but its owner, and forgets page and answer together", async () => {
    const cache = setup();
    await runStep(cache.step, '/api/users/3/profile', { answer: render });
    await runStep(cache.step, '/users/3', { answer: render });
    const other = await runStep(cache.step, '/api/users/3/profile', { answer: render, user: player(4) });
    expect(other.passed).toBe(false);
    expect(await other.response.text()).toBe('<html>render 1</html>');
    // The owner's answer says more (whether a Lightning Address would get a prize paid): always fresh, never kept.
    const own = await runStep(cache.step, '/api/users/3/profile', { answer: render, user: player(3) });
    expect(own.passed).toBe(true);
    expect(await own.response.text()).toBe('<html>render 3</html>');
    expect(await (await runStep(cache.step, '/api/users/3/profile', { answer: render })).response.text()).toBe(
      '<html>render 1</html>',
    );
    cache.forgetUser(3);
    expect(cache.size).toBe(0);
    expect(await (await runStep(cache.step, '/api/users/3/profile', { answer: render })).response.text()).toBe(
      '<html>render 4</html>',
    );
  });

  it("keeps a tournament's results for everyone, and forgets every page after an admin's successful write", async () => {
    const cache = setup();
    await runStep(cache.step, '/tournament/4/results', { answer: render });
    await runStep(cache.step, '/users/3', { answer: render });
    const again = await runStep(cache.step, '/tournament/4/results', { answer: render, user: player(3) });
    expect(again.passed).toBe(false);
    expect(await again.response.text()).toBe('<html>render 1</html>');
    await runStep(cache.step, '/api/admin/tournaments/4/process-winners', {
      method: 'POST',
      user: player(1),
      answer: () => new Response('{}', { status: 409 }),
    });
    expect(cache.size).toBe(2);
    await runStep(cache.step, '/api/admin/tournaments/4/process-winners', { method: 'POST', user: player(1) });
    expect(cache.size).toBe(0);
    expect(await (await runStep(cache.step, '/tournament/4/results', { answer: render })).response.text()).toBe(
      '<html>render 3</html>',
    );
  });

  it('keeps only 200 answers to plain GETs of a profile or results page', async () => {
    const cache = setup();
    const missing = () => new Response('not found', { status: 404 });
    await runStep(cache.step, '/users/999', { answer: missing });
    await runStep(cache.step, '/users/3?tab=avatars', { answer: render });
    await runStep(cache.step, '/users/3', { method: 'HEAD', answer: render });
    await runStep(cache.step, '/leaderboards', { answer: render });
    await runStep(cache.step, '/users/abc', { answer: render });
    await runStep(cache.step, '/tournament/4', { answer: render });
    await runStep(cache.step, '/tournament/0/results', { answer: render });
    expect(cache.size).toBe(0);
    expect((await runStep(cache.step, '/users/999', { answer: render })).passed).toBe(true);
  });

  it('leaves prerendered pages alone', async () => {
    const cache = setup();
    expect((await runStep(cache.step, '/users/3', { prerendered: true, answer: render })).passed).toBe(true);
    expect(cache.size).toBe(0);
  });
});

describe('private by default', () => {
  it('marks an answer that names no caching private, no-store, and leaves one that does as it is', async () => {
    const page = await runStep(privateByDefault, '/admin/users/2');
    expect(page.response.headers.get('cache-control')).toBe('private, no-store');
    const context = { isPrerendered: false } as Parameters<typeof privateByDefault>[0];
    const image: Parameters<typeof privateByDefault>[1] = async () =>
      new Response('png', { headers: { 'cache-control': 'public, max-age=86400' } });
    expect(((await privateByDefault(context, image)) as Response).headers.get('cache-control')).toBe(
      'public, max-age=86400',
    );
  });
});

describe('the security headers', () => {
  const step = securityHeaders(() => ({ siteUrl: 'http://arcade.test', hstsPreload: false, frameSources: ["'self'"] }));

  it('adds nosniff, the referrer, opener and resource policies, the permissions policy and DENY framing to the answer', async () => {
    const { response } = await runStep(step, '/api/auth/me');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
    expect(response.headers.get('permissions-policy')).toContain('fullscreen=(self)');
    expect(response.headers.has('strict-transport-security')).toBe(false);
  });

  it("names the frames' other origins for what the play page hands its games, and sends HSTS for an https site", async () => {
    const secure = securityHeaders(() => ({
      siteUrl: 'https://arcade.test',
      hstsPreload: true,
      frameSources: ["'self'", 'https://games.example'],
    }));
    const { response } = await runStep(secure, '/');
    expect(response.headers.get('permissions-policy')).toContain('gamepad=(self "https://games.example")');
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains; preload');
  });

  it("keeps the framing rule an answer chose itself, lets pictures be shown elsewhere, names a page's charset, and skips prerendered pages", async () => {
    const context = { isPrerendered: false } as Parameters<typeof step>[0];
    const framed: Parameters<typeof step>[1] = async () =>
      new Response('game', { headers: { 'x-frame-options': 'SAMEORIGIN' } });
    expect(((await step(context, framed)) as Response).headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const picture: Parameters<typeof step>[1] = async () =>
      new Response('png', { headers: { 'content-type': 'image/png' } });
    expect(((await step(context, picture)) as Response).headers.get('cross-origin-resource-policy')).toBe(
      'cross-origin',
    );
    const page: Parameters<typeof step>[1] = async () =>
      new Response('<p>hi</p>', { headers: { 'content-type': 'text/html' } });
    expect(((await step(context, page)) as Response).headers.get('content-type')).toBe('text/html; charset=utf-8');
    const { response } = await runStep(step, '/about', { prerendered: true });
    expect(response.headers.has('x-frame-options')).toBe(false);
  });
});

describe.each(DIALECTS)('the session step on %s', (dialect) => {
  let s: TestServices;
  let userId: number;
  beforeAll(async () => {
    s = await freshServices(dialect);
    userId = await addPlayer(s.db, 'cookie_eater');
  });
  afterAll(async () => {
    await s.close();
  });
  const step = () => findSignedInUser(async () => s);

  it('puts the player and the token of a valid session cookie in locals', async () => {
    const { token } = await createSession(s.db, userId);
    const result = await runStep(step(), '/api/auth/me', { cookies: { [SESSION_COOKIE]: token } });
    expect(result.passed).toBe(true);
    expect(result.locals.user).toMatchObject({ id: userId, username: 'cookie_eater' });
    expect(result.locals.sessionToken).toBe(token);
    expect(result.cookies.set.size).toBe(0);
  });

  it('sends the cookie again when the session was extended', async () => {
    const { token } = await createSession(s.db, userId, Date.now() - 2 * DAY);
    const result = await runStep(step(), '/account', { cookies: { [SESSION_COOKIE]: token } });
    expect(result.locals.user?.id).toBe(userId);
    expect(result.cookies.set.get(SESSION_COOKIE)?.value).toBe(token);
  });

  it('clears an unknown cookie and leaves the request signed out', async () => {
    const result = await runStep(step(), '/api/auth/me', {
      cookies: { [SESSION_COOKIE]: 'no-such-session-token-000000' },
    });
    expect(result.passed).toBe(true);
    expect(result.locals.user).toBeNull();
    expect(result.cookies.deleted).toEqual([SESSION_COOKIE]);
  });

  it('does not touch the database without a cookie', async () => {
    const result = await runStep(
      findSignedInUser(async () => Promise.reject(new Error('not needed'))),
      '/api/auth/me',
    );
    expect(result.passed).toBe(true);
    expect(result.locals.user).toBeNull();
  });
});
