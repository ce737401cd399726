import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { call, latestOutboxMail, newClientIp, sessionCookie } from '../support/api';
import { startServerOn, type RunningServer } from '../support/server';
import { DIALECTS } from '../support/services';

const ENV = { TRUST_PROXY: '1', ADMIN_USER_IDS: '1' };

describe.each(DIALECTS)('auth API on %s', (dialect) => {
  let server: RunningServer;

  // The server the tests share, with its administrator (user 1) signed up first, so no account a
  // test signs up here is an administrator, whichever test runs first.
  beforeAll(async () => {
    server = await startServerOn(dialect, ENV);
    expect((await signUp('Root_Admin')).user).toMatchObject({ id: 1, isAdmin: true });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Sign up and sign in through the API; returns the cookie and the user. */
  async function signUp(username: string) {
    const ip = newClientIp();
    const email = `${username.toLowerCase()}@example.com`;
    const registered = await call(server, '/api/auth/register', {
      body: { username, email },
      ip,
      headers: { 'cf-ipcountry': 'SE' },
    });
    expect(registered.status).toBe(201);
    const { token } = latestOutboxMail(server.dataDir, email);
    const verified = await call(server, '/api/auth/verify-magic-link', { body: { token: token, confirm: true }, ip });
    expect(verified.status).toBe(200);
    return { cookie: sessionCookie(verified), user: verified.json.user, email, ip };
  }

  it('signs up, mails a link to the outbox and the server log, and the link signs in', async () => {
    // A server of its own: the first account on a new arcade is user 1, its administrator.
    const server = await startServerOn(dialect, ENV);
    onTestFinished(() => server.stop());
    const ip = newClientIp();
    const registered = await call(server, '/api/auth/register', {
      body: { username: 'First_Player', email: ' First@Example.com ' },
      ip,
    });
    expect(registered).toMatchObject({
      status: 201,
      json: { message: 'Check your email for a magic link to sign in and start playing.' },
    });
    const mail = latestOutboxMail(server.dataDir, 'first@example.com');
    expect(mail.text).toContain(`${server.url}/auth/callback?token=`);
    expect(server.output()).toContain(mail.token);

    const verified = await call(server, '/api/auth/verify-magic-link', {
      body: { token: mail.token, confirm: true },
      ip,
    });
    expect(verified.status).toBe(200);
    expect(verified.json.user).toMatchObject({ username: 'First_Player', email: 'first@example.com', isAdmin: true });
    const setCookie = verified.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/sats_session=[A-Za-z0-9_-]{43}/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=2592000/);

    const cookie = sessionCookie(verified);
    const me = await call(server, '/api/auth/me', { cookie });
    expect(me).toMatchObject({ status: 200, json: { user: { id: verified.json.user.id, username: 'First_Player' } } });

    const reused = await call(server, '/api/auth/verify-magic-link', {
      body: { token: mail.token, confirm: true },
      ip,
    });
    expect(reused).toMatchObject({
      status: 400,
      json: { error: 'The login link has expired or is invalid. Please try signing in again.' },
    });

    expect(await call(server, '/api/auth/logout', { method: 'POST', cookie })).toMatchObject({
      status: 200,
      json: { success: true },
    });
    expect(await call(server, '/api/auth/me', { cookie })).toMatchObject({ status: 200, json: { user: null } });
    expect((await call(server, '/api/account', { cookie })).status).toBe(401);
  });

  it('login CSRF: a link opened without the sign-in cookie of the browser that asked for it asks first', async () => {
    const ip = newClientIp();
    const registered = await call(server, '/api/auth/register', {
      body: { username: 'Careful_One', email: 'careful@example.com' },
      ip,
    });
    const setCookie = registered.headers.getSetCookie().find((c) => c.startsWith('sats_signin='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\/;/);
    const browserCookie = setCookie.split(';')[0]!;
    const { token } = latestOutboxMail(server.dataDir, 'careful@example.com');

    // another browser: told whose account it is, nothing consumed, no session
    const elsewhere = await call(server, '/api/auth/verify-magic-link', { body: { token }, ip });
    expect(elsewhere).toMatchObject({ status: 200, json: { confirm: { username: 'Careful_One' } } });
    expect(elsewhere.headers.getSetCookie().some((c) => c.startsWith('sats_session='))).toBe(false);
    const forged = await call(server, '/api/auth/verify-magic-link', {
      body: { token },
      ip,
      cookie: `sats_signin=${'A'.repeat(43)}`,
    });
    expect(forged.json).toEqual({ confirm: { username: 'Careful_One' } });
    // never a GET side effect, and never from another site
    expect((await call(server, `/api/auth/verify-magic-link?token=${token}`, { ip })).status).toBe(405);
    expect(
      (
        await call(server, '/api/auth/verify-magic-link', {
          body: { token, confirm: true },
          ip,
          headers: { origin: 'https://evil.example' },
        })
      ).status,
    ).toBe(403);

    // the browser that asked signs in at once
    const here = await call(server, '/api/auth/verify-magic-link', { body: { token }, ip, cookie: browserCookie });
    expect(here).toMatchObject({ status: 200, json: { user: { username: 'Careful_One' } } });
    sessionCookie(here);

    // another browser that said 'Continue' signs in with a new link
    await call(server, '/api/auth/send-magic-link', { body: { email: 'careful@example.com' }, ip });
    const next = latestOutboxMail(server.dataDir, 'careful@example.com').token;
    expect(
      (await call(server, '/api/auth/verify-magic-link', { body: { token: next }, ip })).json.confirm,
    ).toBeDefined();
    const continued = await call(server, '/api/auth/verify-magic-link', { body: { token: next, confirm: true }, ip });
    expect(continued).toMatchObject({ status: 200, json: { user: { username: 'Careful_One' } } });
  });

  it('signs in with the code from the mail', async () => {
    const { email } = await signUp('Code_User');
    const ip = newClientIp();
    expect((await call(server, '/api/auth/send-magic-link', { body: { email }, ip })).status).toBe(200);
    const { code } = latestOutboxMail(server.dataDir, email);
    const bad = await call(server, '/api/auth/verify-code', {
      body: { email, code: code === '111111' ? '222222' : '111111' },
      ip,
    });
    expect(bad.status).toBe(400);
    const good = await call(server, '/api/auth/verify-code', { body: { email, code }, ip });
    expect(good).toMatchObject({ status: 200, json: { user: { username: 'Code_User' } } });
    expect((await call(server, '/api/auth/me', { cookie: sessionCookie(good) })).status).toBe(200);
  });

  it('answers send-link the same for known and unknown addresses', async () => {
    const { email } = await signUp('Known_One');
    const known = await call(server, '/api/auth/send-magic-link', { body: { email }, ip: newClientIp() });
    const unknown = await call(server, '/api/auth/send-magic-link', {
      body: { email: 'stranger@example.com' },
      ip: newClientIp(),
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual(known.json);
    expect(latestOutboxMail(server.dataDir, 'stranger@example.com').text).toContain('no account for it yet');
  });

  it('gives exactly one session to concurrent verifications of one link', async () => {
    const ip = newClientIp();
    await call(server, '/api/auth/register', { body: { username: 'Racer', email: 'racer@example.com' }, ip });
    const { token } = latestOutboxMail(server.dataDir, 'racer@example.com');
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(server, '/api/auth/verify-magic-link', { body: { token: token, confirm: true }, ip }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(7);
  });

  it('answers bad input with a clear 4xx and never a 500', async () => {
    const ip = newClientIp();
    const cases: [string, Parameters<typeof call>[2], number, string | RegExp][] = [
      ['/api/auth/register', { body: {}, ip }, 400, 'Username must be at least 3 characters'],
      [
        '/api/auth/register',
        { body: { username: 'ab', email: 'a@b.co' }, ip },
        400,
        'Username must be at least 3 characters',
      ],
      [
        '/api/auth/register',
        { body: { username: 'x'.repeat(21), email: 'a@b.co' }, ip },
        400,
        'Username must be less than 20 characters',
      ],
      [
        '/api/auth/register',
        { body: { username: 'no spaces', email: 'a@b.co' }, ip },
        400,
        'Username can only contain letters, numbers, underscores, and dashes',
      ],
      [
        '/api/auth/register',
        { body: { username: 'okname', email: 'nope' }, ip },
        400,
        'Please enter a valid email address',
      ],
      ['/api/auth/register', { body: { username: ['a'], email: 7 }, ip }, 400, /Username/],
      ['/api/auth/register', { body: '{"username":', ip }, 400, 'The request body is not valid JSON.'],
      ['/api/auth/register', { body: '[1,2]', ip }, 400, 'The request body must be a JSON object.'],
      [
        '/api/auth/register',
        { body: 'username=a', ip, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        415,
        /as JSON/,
      ],
      [
        '/api/auth/register',
        { body: { username: 'big', email: `${'a'.repeat(20_000)}@b.co` }, ip },
        413,
        'The request body is too large.',
      ],
      ['/api/auth/send-magic-link', { body: { email: 12 }, ip }, 400, 'Please enter a valid email address'],
      [
        '/api/auth/verify-code',
        { body: { email: 'a@b.co', code: 'abc' }, ip },
        400,
        'Enter the 6-digit code from the email',
      ],
      ['/api/auth/verify-magic-link', { body: {}, ip }, 400, /expired or is invalid/],
      [
        '/api/auth/verify-magic-link',
        { body: { token: 'forged-token-forged-token-forged-token-1234' }, ip },
        400,
        /expired or is invalid/,
      ],
      ['/api/auth/verify-magic-link', { body: { token: '\u0000\u0001' }, ip }, 400, /expired or is invalid/],
      [
        '/api/auth/verify-magic-link',
        { body: { token: 'x'.repeat(500), confirm: true }, ip },
        400,
        /expired or is invalid/,
      ],
      ['/api/auth/verify-magic-link?token=forged-token-forged-token-forged-token-1234', { ip }, 405, /Use POST/],
      ['/api/auth/register', { method: 'GET' }, 405, /Use POST/],
      ['/api/no-such-endpoint', {}, 404, /no API at \/api\/no-such-endpoint/],
      ['/api/account', {}, 401, /sign in/],
    ];
    for (const [path, options, status, message] of cases) {
      const result = await call(server, path, options);
      expect({ path, status: result.status }).toEqual({ path, status });
      expect(result.json?.error, `${path} ${JSON.stringify(options?.body)?.slice(0, 60)}`).toMatch(message);
    }
  });

  it('answers who is signed in with user null for a visitor, while calls that need a player stay 401', async () => {
    for (const cookie of [undefined, 'sats_session=forged']) {
      expect(await call(server, '/api/auth/me', { cookie })).toMatchObject({ status: 200, json: { user: null } });
      expect((await call(server, '/api/auth/game-token?gameId=rekt', { cookie })).status).toBe(401);
      expect((await call(server, '/api/account', { cookie })).status).toBe(401);
      expect((await call(server, '/api/leaderboards/rekt/user-rank', { cookie })).status).toBe(401);
    }
  });

  it('refuses cross-origin and origin-less writes', async () => {
    const ip = newClientIp();
    const foreign = await call(server, '/api/auth/register', {
      body: { username: 'evil_one', email: 'evil@example.com' },
      ip,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign).toMatchObject({ status: 403, json: { error: 'Cross-origin requests are not allowed.' } });
    const bare = await call(server, '/api/auth/logout', { method: 'POST', noOrigin: true });
    expect(bare.status).toBe(403);
    const viaReferer = await call(server, '/api/auth/logout', {
      method: 'POST',
      noOrigin: true,
      headers: { referer: `${server.url}/games` },
    });
    expect(viaReferer.status).toBe(200);
  });

  it('refuses a taken username with 409', async () => {
    await signUp('Taken_Name');
    const result = await call(server, '/api/auth/register', {
      body: { username: 'taken_NAME', email: 'other-taken@example.com' },
      ip: newClientIp(),
    });
    expect(result).toMatchObject({
      status: 409,
      json: { error: 'That username is already taken. Please choose another one.' },
    });
  });

  it('nobody can lock a person out: one place asking for mails or trying codes meets its own limit first', async () => {
    const { email } = await signUp('Busy_Bee');
    const attacker = newClientIp();
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 12; i++) {
      last = await call(server, '/api/auth/send-magic-link', { body: { email }, ip: attacker });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, ...Array(9).fill(429)]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last!.json.error).toMatch(
      /^Too many sign-in emails for this address from here. Please try again in \d+ minutes.$/,
    );
    for (let i = 0; i < 25; i++)
      await call(server, '/api/auth/verify-code', { body: { email, code: String(100000 + i) }, ip: attacker });

    // the owner, from their own address, still gets a mail and signs in with its code
    const owner = newClientIp();
    expect((await call(server, '/api/auth/send-magic-link', { body: { email }, ip: owner })).status).toBe(200);
    const { code } = latestOutboxMail(server.dataDir, email);
    expect((await call(server, '/api/auth/verify-code', { body: { email, code }, ip: owner })).status).toBe(200);
  });

  it('takes the client address from the right of X-Forwarded-For, so a client cannot pick its own', async () => {
    const proxySaw = newClientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      // a different made-up address each time, left of the one the trusted proxy appended
      const result = await call(server, '/api/auth/send-magic-link', {
        body: { email: `hop-${i}@example.com` },
        headers: { 'x-forwarded-for': `192.0.2.${i + 1}, ${proxySaw}` },
      });
      statuses.push(result.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('shows and updates the account, and signs out everywhere', async () => {
    const { cookie, ip, email } = await signUp('Settings_Fan');
    const account = await call(server, '/api/account', { cookie });
    expect(account).toMatchObject({
      status: 200,
      json: { country: 'SE', activeSessions: 1, user: { username: 'Settings_Fan', email } },
    });
    expect((await call(server, '/api/account', { method: 'PUT', body: { country: 'pt' }, cookie })).json.country).toBe(
      'PT',
    );
    expect((await call(server, '/api/account', { method: 'PUT', body: { country: 'QQ' }, cookie })).status).toBe(400);
    // A letter that upper-cases to two letters is no country ('ß' -> 'SS', South Sudan), nor are two such.
    for (const country of ['ß', 'ﬀ', 'ǆǆ']) {
      expect(await call(server, '/api/account', { method: 'PUT', body: { country }, cookie })).toMatchObject({
        status: 400,
        json: { error: 'Choose a country' },
      });
    }
    expect((await call(server, '/api/account', { cookie })).json.country).toBe('PT');
    await call(server, '/api/auth/send-magic-link', { body: { email }, ip });
    const second = await call(server, '/api/auth/verify-magic-link', {
      body: { token: latestOutboxMail(server.dataDir, email).token, confirm: true },
      ip,
    });
    const other = sessionCookie(second);
    expect((await call(server, '/api/account', { cookie })).json.activeSessions).toBe(2);
    expect(await call(server, '/api/account/sign-out-everywhere', { method: 'POST', cookie })).toMatchObject({
      status: 200,
      json: { revoked: 2 },
    });
    expect((await call(server, '/api/auth/me', { cookie: other })).json).toEqual({ user: null });
    expect((await call(server, '/api/account', { cookie: other })).status).toBe(401);
  });

  it('keeps /api/admin for administrators: 401 signed out, 403 for players', async () => {
    expect((await call(server, '/api/admin/tournaments')).status).toBe(401);
    const player = await signUp('Not_Admin');
    expect(player.user.id).not.toBe(1);
    const refused = await call(server, '/api/admin/tournaments', { cookie: player.cookie });
    expect(refused).toMatchObject({ status: 403, json: { error: 'Only administrators can do that.' } });
    const adminPage = await fetch(`${server.url}/admin`, { headers: { cookie: player.cookie }, redirect: 'manual' });
    expect([302, 404]).toContain(adminPage.status);
  });
});
