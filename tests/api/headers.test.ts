import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, latestOutboxMail, newClientIp, sessionCookie } from '../support/api';
import { externalGameOrigins, startServerOn, type RunningServer } from '../support/server';
import { DIALECTS } from '../support/services';

/** Powerful features the arcade never uses: nobody on its pages, and no frame, may ask for them. */
const DENIED = [
  'camera',
  'microphone',
  'geolocation',
  'payment',
  'usb',
  'serial',
  'hid',
  'midi',
  'display-capture',
  'clipboard-read',
];
/** What the play page's frame hands the games (its `allow` list): kept for the arcade and the games' origin (GAMES_ORIGIN). */
const GIVEN_TO_GAMES = ['autoplay', 'fullscreen', 'gamepad', 'clipboard-write'];

const HSTS = 'max-age=31536000; includeSubDomains';

/** Every kind of answer the arcade gives, by a path that gives it. */
function answers(userId: number): Record<string, string> {
  return {
    'a prerendered page': '/about',
    'the home page': '/',
    // on the games' origin since GAMES_ORIGIN: the arcade sends the old address there
    "a reference game's old address": '/arcade-games/rekt/',
    'a hashed stylesheet or script': '', // filled in from the home page
    'an on-demand page': `/users/${userId}`,
    'an on-demand page that finds nothing': '/users/999999',
    'a tournament results page': '/tournament/999999/results',
    'an API answer': '/api/health',
    "a player's API answer": '/api/auth/me',
    'an API 404': '/api/no-such-call',
    'the not-found page': '/no-such-page',
    'a picture of the build': '/images/hero.svg',
    'an avatar the server answers': '/api/assets/avatars/btc-player.png',
  };
}

async function signUp(server: RunningServer, username: string, origin = server.url) {
  const ip = newClientIp();
  const email = `${username.toLowerCase()}@example.com`;
  await call(server, '/api/auth/register', { body: { username, email }, ip, headers: { origin } });
  const { token } = latestOutboxMail(server.dataDir, email);
  const verified = await call(server, '/api/auth/verify-magic-link', {
    body: { token, confirm: true },
    ip,
    headers: { origin },
  });
  return { cookie: sessionCookie(verified), id: verified.json.user.id as number };
}

async function everyAnswer(server: RunningServer, userId: number, cookie: string) {
  const paths = answers(userId);
  const home = await call(server, '/');
  paths['a hashed stylesheet or script'] = /href="(\/_astro\/[^"]+\.css)"/.exec(home.text)![1]!;
  const results: Record<string, Awaited<ReturnType<typeof call>>> = {};
  for (const [kind, path] of Object.entries(paths)) results[kind] = await call(server, path, { cookie });
  return { paths, results };
}

describe.each(DIALECTS)('the headers of every answer, on %s', (dialect) => {
  let site: RunningServer;
  let secure: RunningServer;
  let preloaded: RunningServer;

  beforeAll(async () => {
    site = await startServerOn(dialect, { TRUST_PROXY: '1' });
    secure = await startServerOn(dialect, { TRUST_PROXY: '1', SITE_URL: 'https://arcade.example', MAIL_OUTBOX: '1' });
    preloaded = await startServerOn(dialect, {
      TRUST_PROXY: '1',
      SITE_URL: 'https://arcade.example',
      MAIL_OUTBOX: '1',
      HSTS_PRELOAD: 'true',
    });
  });
  afterAll(async () => {
    await Promise.all([site, secure, preloaded].map((s) => s?.stop()));
  });

  it('every answer, static or on-demand, found or not, carries the same security headers', async () => {
    const player = await signUp(site, 'Header_Reader');
    const { paths, results } = await everyAnswer(site, player.id, player.cookie);
    // the frames' origins: the games' and any external catalogue game's (README, "Bring your own game")
    // (in the order of their addresses, whichever port the games' origin was given)
    const framed = [site.gamesUrl, ...(await externalGameOrigins(site))]
      .sort()
      .map((origin) => `"${origin}"`)
      .join(' ');
    for (const [kind, result] of Object.entries(results)) {
      const where = `${kind} (${paths[kind]}, ${result.status})`;
      expect(result.status, where).toBeLessThan(500);
      expect(result.headers.get('x-content-type-options'), where).toBe('nosniff');
      expect(result.headers.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
      expect(result.headers.get('cross-origin-opener-policy'), where).toBe('same-origin');
      const policy = result.headers.get('permissions-policy') ?? '';
      for (const feature of DENIED)
        expect(policy, `${where}: ${feature}`).toMatch(new RegExp(`(^|, )${feature}=\\(\\)(,|$)`));
      for (const feature of GIVEN_TO_GAMES)
        expect(policy, `${where}: ${feature}`).toMatch(new RegExp(`(^|, )${feature}=\\(self ${framed}\\)(,|$)`));
      // an http site: no HSTS (a browser would pin an address that has no TLS)
      expect(result.headers.get('strict-transport-security'), where).toBeNull();
    }
    expect(results['an on-demand page']!.status).toBe(200);
    expect(results['an avatar the server answers']!.status).toBe(200);
  });

  it("pictures may be shown on other sites' pages; everything else is read by the arcade's own pages only", async () => {
    const player = await signUp(site, 'Policy_Reader');
    const { paths, results } = await everyAnswer(site, player.id, player.cookie);
    for (const [kind, result] of Object.entries(results)) {
      const picture = (result.headers.get('content-type') ?? '').startsWith('image/');
      expect(picture, kind).toBe(kind === 'a picture of the build' || kind === 'an avatar the server answers');
      expect(result.headers.get('cross-origin-resource-policy'), `${kind} (${paths[kind]})`).toBe(
        picture ? 'cross-origin' : 'same-origin',
      );
    }
  });

  it('pages made on demand name their charset, as the prerendered ones do', async () => {
    const player = await signUp(site, 'Charset_Reader');
    for (const path of ['/', `/users/${player.id}`, '/users/999999', '/tournament/999999/results', '/no-such-page']) {
      const page = await call(site, path);
      expect(page.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
    }
  });

  it('an https SITE_URL adds Strict-Transport-Security for a year with subdomains to every answer; HSTS_PRELOAD=true adds preload', async () => {
    for (const [server, expected, name] of [
      [secure, HSTS, 'Hsts_Reader'],
      [preloaded, `${HSTS}; preload`, 'Preload_Reader'],
    ] as const) {
      const player = await signUp(server, name, 'https://arcade.example');
      const { paths, results } = await everyAnswer(server, player.id, player.cookie);
      for (const [kind, result] of Object.entries(results)) {
        expect(result.headers.get('strict-transport-security'), `${kind} (${paths[kind]})`).toBe(expected);
      }
    }
  });
});
