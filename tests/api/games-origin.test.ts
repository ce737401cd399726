import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, latestOutboxMail, newClientIp } from '../support/api';
import { signUpPlayer } from '../support/players';
import { externalGameOrigins, startServerOn, type RunningServer } from '../support/server';
import { DIALECTS } from '../support/services';

/** A plain GET (or another method) on any origin, redirects not followed. */
async function fetchRaw(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { redirect: 'manual', ...init });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
}

/** A request to `server`'s own port with the Host header a proxy passes on for the games' host name. */
function withHost(server: RunningServer, path: string, host: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
    const req = request(new URL(path, server.url), { headers: { host } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The origins a page's CSP lets it frame. */
function frameSources(csp: string | null | undefined) {
  return /frame-src ([^;]*)/
    .exec(csp ?? '')![1]!
    .split(' ')
    .sort();
}

describe.each(DIALECTS)('the reference games on an origin of their own, on %s', (dialect) => {
  let server: RunningServer;
  let hosted: RunningServer;

  beforeAll(async () => {
    server = await startServerOn(dialect);
    // a games host name routed by Host to the arcade's own port (README, "Deploying")
    hosted = await startServerOn(dialect, { GAMES_ORIGIN: 'http://games.arcade.test' });
  });
  afterAll(async () => {
    await Promise.all([server, hosted].map((s) => s?.stop()));
  });

  it("the games' origin serves the games, framed by the arcade alone and calling the arcade alone", async () => {
    expect(new URL(server.gamesUrl).origin).not.toBe(server.url);
    const page = await fetchRaw(`${server.gamesUrl}/arcade-games/rekt/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain(`connect-src ${server.url};`);
    expect(csp).toContain(`frame-ancestors ${server.url};`);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/\*/);
    // X-Frame-Options cannot name the arcade; the CSP's frame-ancestors does
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    // the games' protocol step 1: the arcade's origin, written in by the server
    expect(page.text).toContain(`<meta name="arcade-origin" content="${server.url}" />`);
    const script = await fetchRaw(`${server.gamesUrl}/arcade-games/sdk/arcade-sdk.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('content-encoding')).toBe('br');
  });

  it("the games' origin serves nothing of the arcade: no page, no asset, no API, no session", async () => {
    const player = await signUpPlayer(server, `Guest_${dialect}`);
    const home = await fetchRaw(`${server.url}/`);
    const asset = /(\/_astro\/[^"]+\.css)/.exec(home.text)![1]!;
    for (const path of ['/', '/about', '/play', asset, '/api/health', '/api/auth/me', '/api/auth/game-token']) {
      const answer = await fetchRaw(`${server.gamesUrl}${path}`, { headers: { cookie: player.cookie } });
      expect(answer.status, path).toBe(404);
      expect(JSON.parse(answer.text), path).toEqual({
        error: `This origin only serves the arcade's games; the arcade is at ${server.url}.`,
      });
      expect(answer.headers.get('set-cookie'), path).toBeNull();
    }
    const post = await fetchRaw(`${server.gamesUrl}/api/games/rekt/runs/start`, {
      method: 'POST',
      headers: { authorization: `Bearer ${player.gameToken}` },
    });
    expect(post.status).toBe(405);
    expect(JSON.parse(post.text).error).toContain("this origin only serves the arcade's games");
  });

  it("the games' default origin is the other loopback name, answered on both of localhost's addresses", async () => {
    // the arcade on 127.0.0.1, the games on localhost: no shared cookie jar (cookies ignore ports)
    expect(new URL(server.url).hostname).toBe('127.0.0.1');
    expect(new URL(server.gamesUrl).hostname).toBe('localhost');
    const port = new URL(server.gamesUrl).port;
    for (const address of ['127.0.0.1', '[::1]'])
      expect((await fetchRaw(`http://${address}:${port}/arcade-games/rekt/`)).status, address).toBe(200);
  });

  it("the arcade's origin sends a game's old address on to the games' origin", async () => {
    const moved = await fetchRaw(`${server.url}/arcade-games/rekt/index.html?mode=hard`);
    expect(moved.status).toBe(308);
    expect(moved.headers.get('location')).toBe(`${server.gamesUrl}/arcade-games/rekt/index.html?mode=hard`);
    expect((await fetchRaw(`${server.url}/arcade-games`)).headers.get('location')).toBe(
      `${server.gamesUrl}/arcade-games`,
    );
  });

  it("the arcade's pages frame the games' origin exactly, and the game token's answer names it", async () => {
    const play = await fetchRaw(`${server.url}/play`);
    expect(frameSources(play.headers.get('content-security-policy'))).toEqual(
      [server.gamesUrl, ...(await externalGameOrigins(server))].sort(),
    );
    const framed = [server.gamesUrl, ...(await externalGameOrigins(server))]
      .sort()
      .map((o) => `"${o}"`)
      .join(' ');
    expect(play.headers.get('permissions-policy')).toContain(`fullscreen=(self ${framed})`);
    const player = await signUpPlayer(server, `Framer_${dialect}`);
    const token = await call(server, '/api/auth/game-token?gameId=rekt', { cookie: player.cookie });
    expect(token.json).toMatchObject({ gamesOrigin: server.gamesUrl });
  });

  it("the Game API lets the games' origin in exactly, without credentials", async () => {
    const player = await signUpPlayer(server, `Caller_${dialect}`);
    const preflight = await call(server, '/api/games/rekt/runs/start', {
      method: 'OPTIONS',
      headers: {
        origin: server.gamesUrl,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(server.gamesUrl);
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const ticket = await call(server, '/api/games/rekt/runs/start', {
      method: 'POST',
      headers: { origin: server.gamesUrl, authorization: `Bearer ${player.gameToken}` },
      ip: newClientIp(),
    });
    expect(ticket.status).toBe(201);
    expect(ticket.headers.get('access-control-allow-origin')).toBe(server.gamesUrl);
    expect(ticket.headers.get('access-control-allow-credentials')).toBeNull();
    // the games' host on another port is another origin
    const games = new URL(server.gamesUrl);
    const other = await call(server, '/api/games/rekt/runs/start', {
      method: 'OPTIONS',
      headers: { origin: `${games.protocol}//${games.hostname}:1`, 'access-control-request-method': 'POST' },
    });
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("the player's cookie does nothing for the games' origin: HttpOnly, host-only, unsafe calls refused, reads unshared", async () => {
    const ip = newClientIp();
    const email = `origin_cookie_${dialect}@example.com`;
    await call(server, '/api/auth/register', { body: { username: `Cookie_${dialect}`, email }, ip });
    const verified = await call(server, '/api/auth/verify-magic-link', {
      body: { token: latestOutboxMail(server.dataDir, email).token, confirm: true },
      ip,
    });
    const set = verified.headers.getSetCookie().find((c) => c.startsWith('sats_session='))!;
    expect(set).toMatch(/; HttpOnly/i);
    expect(set).not.toMatch(/; Domain=/i);
    const cookie = set.split(';')[0]!;
    // a state-changing call from the games' origin with the player's cookie: refused, nothing done
    const logout = await call(server, '/api/auth/logout', {
      method: 'POST',
      headers: { origin: server.gamesUrl },
      cookie,
      ip,
    });
    expect(logout.status).toBe(403);
    expect(logout.json).toEqual({ error: 'Cross-origin requests are not allowed.' });
    const me = await call(server, '/api/auth/me', { cookie, headers: { origin: server.gamesUrl } });
    expect(me.json).toMatchObject({ user: { username: `Cookie_${dialect}` } });
    // a read with the cookie from the games' origin: no CORS grant, so the browser keeps it from the game
    expect(me.headers.get('access-control-allow-origin')).toBeNull();
    const token = await call(server, '/api/auth/game-token?gameId=rekt', {
      cookie,
      headers: { origin: server.gamesUrl },
    });
    expect(token.status).toBe(200);
    expect(token.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('a games host name of its own is told apart by Host on the arcade port', async () => {
    const game = await withHost(hosted, '/arcade-games/mr-quiz/', 'games.arcade.test');
    expect(game.status).toBe(200);
    expect(game.headers['content-security-policy']).toContain(`frame-ancestors ${hosted.url};`);
    expect(game.text).toContain(`<meta name="arcade-origin" content="${hosted.url}" />`);
    const api = await withHost(hosted, '/api/health', 'games.arcade.test');
    expect(api.status).toBe(404);
    const arcade = await withHost(hosted, '/about', new URL(hosted.url).host);
    expect(arcade.status).toBe(200);
    expect(frameSources(arcade.headers['content-security-policy'] as string)).toEqual(
      ['http://games.arcade.test', ...(await externalGameOrigins(hosted))].sort(),
    );
    const moved = await withHost(hosted, '/arcade-games/rekt/', new URL(hosted.url).host);
    expect(moved.headers.location).toBe('http://games.arcade.test/arcade-games/rekt/');
  });

  it("the pages rendered per request name the running GAMES_ORIGIN too, not the build's", async () => {
    // `hosted` runs with a GAMES_ORIGIN the build never saw
    const player = await signUpPlayer(hosted, `Paged_${dialect}`);
    const expected = ['http://games.arcade.test', ...(await externalGameOrigins(hosted))].sort();
    for (const path of ['/tournaments/upcoming', '/tournament', `/users/${player.id}`, '/admin']) {
      const page = await fetchRaw(`${hosted.url}${path}`, { headers: { cookie: player.cookie } });
      expect(page.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(frameSources(page.headers.get('content-security-policy')), path).toEqual(expected);
    }
  });
});
