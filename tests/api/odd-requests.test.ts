import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, latestOutboxMail, newClientIp, sessionCookie } from '../support/api';
import { gameTokenFor } from '../support/players';
import { startServerOn, type RunningServer } from '../support/server';
import { DIALECTS } from '../support/services';

/** Every `/api` route, with its parameters filled in by a plausible value. */
const ROUTES = [
  '/api/health',
  '/api/account',
  '/api/account/sign-out-everywhere',
  '/api/admin/users?q=%25_%5C&page=2',
  '/api/admin/users/1',
  '/api/admin/users/2?runsPage=99999',
  '/api/achievements/player/nobody',
  '/api/auth/game-token',
  '/api/auth/logout',
  '/api/auth/me',
  '/api/auth/register',
  '/api/auth/send-magic-link',
  '/api/auth/verify-code',
  '/api/auth/verify-magic-link',
  '/api/debug/triggerfish-auth',
  '/api/games/rekt/runs',
  '/api/games/rekt/runs/start',
  '/api/games/mr-quiz/runs/x/answers',
  '/api/games/token-info',
  '/api/leaderboards/rekt',
  '/api/leaderboards/rekt/user-rank',
  '/api/leaderboards/countries',
  '/api/scores/user/1',
  '/api/stats/global/rekt',
  '/api/stats/user/1',
  '/api/test/game-token-validation',
  '/api/no-such-thing',
  '/metrics',
];

/** Odd parameter values put in place of each route's parameters. */
const ODD_PATHS = [
  '/api/achievements/player/%00',
  '/api/achievements/player/' + 'x'.repeat(5000),
  '/api/games/%2e%2e/runs',
  '/api/games/rekt%2f..%2fx/runs',
  '/api/leaderboards/%E0%A4%A',
  '/api/leaderboards/rekt?type=country&page=-1&limit=1e99&country=%00',
  '/api/scores/user/99999999999999999999?gameId[]=x',
  '/api/stats/user/-1',
  '/api/stats/user/1.5',
  '/api/stats/global/' + '%ff'.repeat(100),
  '/api/auth/verify-magic-link?token=' + 'a'.repeat(10_000),
  '/api/leaderboards/rekt/user-rank?type=country&country=ZZZ',
  '/api/scores/user/0x10',
  '/api//health',
  '/api/health/',
  '/api/health?x=%',
];

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Odd bodies: [content type, body]. */
const BODIES: [string | undefined, string | undefined][] = [
  [undefined, undefined],
  ['application/json', ''],
  ['application/json', '{"email":'],
  ['application/json', '[]'],
  ['application/json', 'null'],
  [
    'application/json',
    '{"email":{"$ne":1},"username":["a"],"runId":null,"score":1e309,"token":123,"code":"'.concat('9'.repeat(100), '"}'),
  ],
  ['application/json', JSON.stringify({ email: 'a@b.co', pad: 'x'.repeat(20_000) })],
  ['text/plain', 'hello'],
  ['application/x-www-form-urlencoded', 'email=a%40b.co'],
  ['application/json; charset=utf-16', '{}'],
];

/** The status line the server answers a raw `method path` request with. */
function statusLine(server: RunningServer, method: string, path: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const url = new URL(server.url);
    const socket = connect(Number(url.port), url.hostname, () =>
      socket.write(`${method} ${path} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`),
    );
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}

describe.each(DIALECTS)('odd requests on %s', (dialect) => {
  let server: RunningServer;
  let cookie: string;
  let gameToken: string;

  beforeAll(async () => {
    server = await startServerOn(dialect, { TRUST_PROXY: '1' });
    const ip = newClientIp();
    await call(server, '/api/auth/register', { body: { username: 'Odd_One', email: 'odd@example.com' }, ip });
    cookie = sessionCookie(
      await call(server, '/api/auth/verify-magic-link', {
        body: { token: latestOutboxMail(server.dataDir, 'odd@example.com').token, confirm: true },
        ip,
      }),
    );
    gameToken = await gameTokenFor(server, cookie, 'rekt');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers every route, method and body shape without a 5xx (signed out, signed in, with a game token)', async () => {
    const failures: string[] = [];
    const credentials: Record<string, string>[] = [
      {},
      { cookie },
      { authorization: `Bearer ${gameToken}` },
      { authorization: 'Bearer x.y.z', cookie: 'sats_session=' + 'z'.repeat(200) },
    ];
    const requests: { path: string; method: string; type?: string; body?: string }[] = [];
    for (const path of [...ROUTES, ...ODD_PATHS])
      for (const method of METHODS)
        for (const [type, body] of method === 'GET' || method === 'HEAD' ? [BODIES[0]!] : BODIES)
          requests.push({ path, method, type, body });
    // Eight at a time: the server must hold whatever order they arrive in (a sign-out or an
    // account deletion among them included), and the sweep keeps both the test and the server busy.
    let next = 0;
    const sender = async () => {
      for (let i = next++; i < requests.length; i = next++) {
        const { path, method, type, body } = requests[i]!;
        const headers = {
          ...credentials[(path.length + method.length) % credentials.length],
          origin: server.url,
          'x-forwarded-for': newClientIp(),
        };
        if (type) Object.assign(headers, { 'content-type': type });
        const response = await fetch(server.url + path, { method, headers, body, redirect: 'manual' });
        await response.arrayBuffer();
        if (response.status >= 500)
          failures.push(
            `${method} ${path.slice(0, 80)} ${type ?? ''} ${body?.slice(0, 30) ?? ''} -> ${response.status}`,
          );
      }
    };
    await Promise.all(Array.from({ length: 8 }, sender));
    expect(failures).toEqual([]);
    expect(server.output()).not.toMatch(/Unexpected error/);
  }, 120_000);

  it('refuses TRACE and TRACK with 405 on every kind of path (API, server-rendered page, static file)', async () => {
    for (const method of ['TRACE', 'TRACK']) {
      for (const path of ['/api/health', '/users/1', '/about/', '/favicon.svg']) {
        expect(await statusLine(server, method, path), `${method} ${path}`).toBe('HTTP/1.1 405 Method Not Allowed');
      }
    }
  });

  it('answers an address with a broken percent-encoding with a JSON 400 that carries the security headers', async () => {
    for (const path of ['/api/health?x=%ff', '/api/users/%ff/profile', '/users/%E0%A4%A']) {
      const response = await fetch(server.url + path);
      expect({
        path,
        status: response.status,
        type: response.headers.get('content-type'),
        body: await response.json(),
      }).toEqual({
        path,
        status: 400,
        type: 'application/json; charset=utf-8',
        body: { error: 'This address is not valid: it has a broken percent-encoding (such as %ff or a lone %).' },
      });
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('decodes a path exactly once: one encoded more than once is a JSON 404, never the route', async () => {
    // Odd_One is user 1, an administrator (ADMIN_USER_IDS defaults to 1,2): the route would answer.
    expect((await call(server, '/api/admin/users', { cookie })).status).toBe(200);
    expect((await call(server, '/api/%61dmin/users', { cookie })).status).toBe(200);
    for (const path of [
      '/api/%2561dmin/users',
      '/api/%252561dmin/users',
      '/api/%25252561dmin/users?q=x',
      '/api/%2568ealth',
      '/admi%256e',
      '/tournaments/%2570ast',
      '/api/leaderboards/%2572ekt',
    ]) {
      const response = await fetch(server.url + path, { headers: { cookie }, redirect: 'manual' });
      expect([path, response.status, await response.json()]).toEqual([
        path,
        404,
        { error: 'Nothing is at this address: its path is percent-encoded more than once.' },
      ]);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
    // A percent sign in the query is the query's business, and an encoded slash stays one segment.
    expect((await call(server, '/api/admin/users?q=%2561', { cookie })).status).toBe(200);
    expect((await call(server, '/api/users/%252F/profile')).status).toBe(400);
  });

  it('server-rendered pages that are not found say 404 Not Found on the status line', async () => {
    for (const path of ['/users/99999999', '/tournament/99999999/results', '/no-such-page']) {
      expect(await statusLine(server, 'GET', path), path).toBe('HTTP/1.1 404 Not Found');
    }
  });

  it('answers POST /api/health with the JSON 405', async () => {
    const result = await call(server, '/api/health', { method: 'POST', body: {} });
    expect(result).toMatchObject({ status: 405, json: { error: 'Use GET for this address.' } });
    expect(result.headers.get('allow')).toBe('GET');
  });

  it('logs a client that hangs up mid-body in one quiet line, not as an error', async () => {
    await new Promise<void>((resolve, reject) => {
      const { port } = new URL(server.url);
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/auth/send-magic-link HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${server.url}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":`,
        );
        setTimeout(() => socket.destroy(), 200);
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    await expect
      .poll(() => server.output(), { timeout: 5000 })
      .toMatch(/a client hung up while sending POST \/api\/auth\/send-magic-link/);
    expect(server.output()).not.toMatch(/Unexpected error|ECONNRESET/);
    expect((await call(server, '/api/health')).status).toBe(200);
  });

  it('mails a 252-character address (the outbox file name stays within bounds)', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(61)}.com`;
    expect(email).toHaveLength(252);
    const result = await call(server, '/api/auth/send-magic-link', { body: { email }, ip: newClientIp() });
    expect(result.status).toBe(200);
    expect(latestOutboxMail(server.dataDir, email).text).toContain(`To: ${email}`);
  });
});
