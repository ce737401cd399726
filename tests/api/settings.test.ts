import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call, latestOutboxMail, newClientIp } from '../support/api';
import { startServer, type RunningServer } from '../support/server';

describe('settings the server checks at start', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  /** What a server started with `settings` printed as it stopped with exit code 1. */
  async function refusedAtStart(settings: Record<string, string>): Promise<string> {
    // The process stops as it starts, before any request: usually before the test even sees it listen.
    try {
      server = await startServer(settings);
      await expect.poll(() => server!.exitCode(), { timeout: 5000 }).toBe(1);
      return server.output();
    } catch (error) {
      expect(String(error)).toContain('the server exited with 1');
      return String(error);
    }
  }

  it('refuses to start on a public SITE_URL without SMTP_URL, saying why and how to fix it', async () => {
    const output = await refusedAtStart({ SITE_URL: 'https://arcade.example' });
    expect(output).toContain(
      'cannot start: SITE_URL is https://arcade.example, a public address, but SMTP_URL is not set',
    );
    expect(output).toContain('MAIL_OUTBOX=1');
  });

  it('refuses to start a public arcade whose GAMES_ORIGIN shares its site, unless the operator accepts it', async () => {
    const settings = {
      SITE_URL: 'https://arcade.example.co.uk',
      MAIL_OUTBOX: '1',
      GAMES_ORIGIN: 'https://games.example.co.uk',
    };
    const output = await refusedAtStart(settings);
    expect(output).toContain(
      '[arcade] cannot start: GAMES_ORIGIN is https://games.example.co.uk, on the same site (example.co.uk) as the arcade at https://arcade.example.co.uk.',
    );
    expect(output).toContain(
      'as itch.io serves its games from itch.zone: e.g. GAMES_ORIGIN=https://example-games.co.uk',
    );
    expect(output).toContain('set ALLOW_SAME_SITE_GAMES=true');
    await server?.stop();
    // accepted on purpose: it starts, and serves
    server = await startServer({ ...settings, ALLOW_SAME_SITE_GAMES: 'true' });
    expect((await call(server, '/api/health')).json).toEqual({ ok: true });
    await server.stop();
    // a registrable domain of its own: it starts with no setting
    server = await startServer({ ...settings, GAMES_ORIGIN: 'https://example-games.co.uk' });
    expect((await call(server, '/api/health')).json).toEqual({ ok: true });
  });

  it('on https names its cookies __Host- (Secure, host-only, Path=/) and reads no other name', async () => {
    server = await startServer({ SITE_URL: 'https://arcade.example', MAIL_OUTBOX: '1' });
    const headers = { origin: 'https://arcade.example' };
    const ip = newClientIp();
    const asked = await call(server, '/api/auth/register', {
      body: { username: 'Host_Cookie', email: 'host_cookie@example.com' },
      ip,
      headers,
    });
    expect(asked.status).toBe(201);
    const signIn = asked.headers.getSetCookie();
    expect(signIn).toEqual([
      expect.stringMatching(/^__Host-sats_signin=[\w-]{43}; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/),
    ]);
    const dir = join(server.dataDir, 'outbox');
    const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(readFileSync(join(dir, readdirSync(dir)[0]!), 'utf8'))![1]!;
    const verified = await call(server, '/api/auth/verify-magic-link', { body: { token, confirm: true }, ip, headers });
    expect(verified.status).toBe(200);
    const session = verified.headers.getSetCookie().find((c) => c.startsWith('__Host-sats_session='))!;
    expect(session).toMatch(/; Path=\/; .*HttpOnly; Secure; SameSite=Lax$/);
    expect(session).not.toMatch(/Domain=/i);
    const value = session.split(';')[0]!.split('=')[1]!;
    expect((await call(server, '/api/auth/me', { cookie: `__Host-sats_session=${value}` })).json).toMatchObject({
      user: { username: 'Host_Cookie' },
    });
    // the name without the prefix (one a sibling host could set) is no session here
    expect((await call(server, '/api/auth/me', { cookie: `sats_session=${value}` })).json).toMatchObject({
      user: null,
    });
  });

  it('with MAIL_OUTBOX=1 on a public SITE_URL keeps mails in the outbox but never prints links or codes', async () => {
    server = await startServer({ SITE_URL: 'https://arcade.example', MAIL_OUTBOX: '1' });
    // A browser on the arcade names SITE_URL's origin (the test server's own address is not it).
    const origin = 'https://arcade.example';
    const result = await call(server, '/api/auth/register', {
      body: { username: 'Public_One', email: 'public@example.com' },
      ip: newClientIp(),
      headers: { origin },
    });
    expect(result.status).toBe(201);
    const dir = join(server.dataDir, 'outbox');
    const mail = readFileSync(join(dir, readdirSync(dir)[0]!), 'utf8');
    const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail)![1]!;
    const code = /sign-in window: (\d{6})/.exec(mail)![1]!;
    expect(mail).toContain('https://arcade.example/auth/callback');
    expect(server.output()).toContain('[outbox] mail to public@example.com');
    expect(server.output()).not.toContain(token);
    expect(server.output()).not.toContain(code);
    // The pages were built for another address (the tests' build): the server says so.
    expect(server.output()).toMatch(
      /\[arcade\] warning: SITE_URL is https:\/\/arcade\.example, but the pages were built for http[^ ]+: their canonical links/,
    );
  });

  it('with no SITE_URL, mails sign-in links to the port (and loopback address) the server listens on', async () => {
    // The test server listens on 127.0.0.1 and a free port (never 4321): HOST and PORT are all it is told.
    server = await startServer({ SITE_URL: '' });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).not.toMatch(/:4321$/);
    const sent = await call(server, '/api/auth/register', {
      body: { username: 'Port_Follower', email: 'port@example.com' },
      ip: newClientIp(),
    });
    expect(sent.status).toBe(201);
    const mail = latestOutboxMail(server.dataDir, 'port@example.com');
    expect(mail.text).toContain(`${server.url}/auth/callback?token=${mail.token}`);
    // The link works where it points: the page is there, and its token signs in.
    expect((await fetch(`${server.url}/auth/callback?token=${mail.token}`)).status).toBe(200);
    const verified = await call(server, '/api/auth/verify-magic-link', {
      body: { token: mail.token, confirm: true },
      ip: newClientIp(),
    });
    expect(verified.status).toBe(200);
  });

  it('names the administrators at start and warns about ids nobody has registered yet', async () => {
    server = await startServer({});
    await call(server, '/api/health');
    // A loopback SITE_URL other than the build's (every test server's) is no mistake: no warning.
    expect(server.output()).not.toContain('but the pages were built for');
    expect(server.output()).toContain(
      '[arcade] administrators (ADMIN_USER_IDS): 1 (no account yet), 2 (no account yet)',
    );
    expect(server.output()).toMatch(/warning: user id 1, 2 has no account yet.*Register the administrators first/);
  });
});
