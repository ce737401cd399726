import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newClientIp } from '../support/api';
import { signUpPlayer } from '../support/players';
import { startServerOn, type RunningServer } from '../support/server';
import { DIALECTS } from '../support/services';

/**
 * A request with a Host header of the caller's choosing (fetch keeps the URL's own), as a browser
 * sends it when a name of the attacker's resolves to the arcade's address (DNS rebinding) or a
 * proxy passes any Host on.
 */
function withHost(
  server: RunningServer,
  path: string,
  init: { method: string; host: string; headers?: Record<string, string>; body?: string },
) {
  return new Promise<{ status: number; headers: Headers; json: any }>((resolve, reject) => {
    const req = request(
      new URL(path, server.url),
      { method: init.method, headers: { ...init.headers, host: init.host } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers))
            if (value !== undefined) headers.set(name, String(value));
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, headers, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

describe.each(DIALECTS)('whose origin counts, on %s', (dialect) => {
  let server: RunningServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startServerOn(dialect, { TRUST_PROXY: '1' });
    ({ cookie } = await signUpPlayer(server, 'Host_Watcher'));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("refuses a player's write from a page whose Host and Origin are both another site's, and the session lives on", async () => {
    const evil = await withHost(server, '/api/auth/logout', {
      method: 'POST',
      host: 'evil.example',
      headers: {
        origin: 'http://evil.example',
        cookie,
        'content-type': 'application/json',
        'x-forwarded-for': newClientIp(),
      },
      body: '{}',
    });
    expect(evil.status).toBe(403);
    expect(evil.json).toEqual({ error: 'Cross-origin requests are not allowed.' });
    expect((await call(server, '/api/auth/me', { cookie })).json).toMatchObject({ user: { username: 'Host_Watcher' } });

    // The arcade's own origin (SITE_URL) still acts, whatever Host the request carries.
    const own = await withHost(server, '/api/account', {
      method: 'PUT',
      host: 'evil.example',
      headers: { origin: server.url, cookie, 'content-type': 'application/json', 'x-forwarded-for': newClientIp() },
      body: JSON.stringify({ country: 'PT' }),
    });
    expect(own.status).toBe(200);
    expect((await call(server, '/api/account', { cookie })).json).toMatchObject({ country: 'PT' });
  });

  it('answers no Game API preflight for another site that names itself in Host', async () => {
    const preflight = await withHost(server, '/api/games/rekt/runs', {
      method: 'OPTIONS',
      host: 'evil.example',
      headers: {
        origin: 'http://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.json).toEqual({ error: 'This origin may not call the Game API.' });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();

    const own = await withHost(server, '/api/games/rekt/runs', {
      method: 'OPTIONS',
      host: 'evil.example',
      headers: {
        origin: server.url,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(own.status).toBe(204);
    expect(own.headers.get('access-control-allow-origin')).toBe(server.url);
  });
});
