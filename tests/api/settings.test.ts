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

  it('refuses to start on a public SITE_URL without SMTP_URL, saying why and how to fix it', async () => {
    // The process stops as it starts, before any request: usually before the test even sees it listen.
    let output: string;
    try {
      server = await startServer({ SITE_URL: 'https://arcade.example' });
      await expect.poll(() => server!.exitCode(), { timeout: 5000 }).toBe(1);
      output = server.output();
    } catch (error) {
      output = String(error);
      expect(output).toContain('the server exited with 1');
    }
    expect(output).toContain(
      'cannot start: SITE_URL is https://arcade.example, a public address, but SMTP_URL is not set',
    );
    expect(output).toContain('MAIL_OUTBOX=1');
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
