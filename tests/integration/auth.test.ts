import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY, MINUTE } from '~/lib/format';
import {
  INVALID_CODE_MESSAGE,
  INVALID_LINK_MESSAGE,
  MAGIC_LINK_MS,
  MAX_CODE_ATTEMPTS,
  countryFromHeader,
  registerUser,
  sendMagicLink,
  updateCountry,
  verifyLoginCode,
  verifyMagicLink,
} from '~/server/auth/accounts';
import {
  assertLiveSession,
  countActiveSessions,
  findSession,
  revokeAllSessions,
  revokeSession,
  SESSION_MAX_DAYS,
  SESSION_MAX_MS,
  SESSION_MS,
} from '~/server/auth/sessions';
import { hashToken } from '~/server/auth/tokens';
import { AppError } from '~/server/shared/errors';
import { DIALECTS, freshServices, readSignInMail, type TestServices } from '../support/services';

const here = { ip: '203.0.113.7', country: 'de' };

async function rejects(promise: Promise<unknown>, status: number, message?: string | RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(status);
  if (message) expect((error as AppError).message).toMatch(message);
  return error as AppError;
}

describe.each(DIALECTS)('accounts on %s', (dialect) => {
  let s: TestServices;
  beforeEach(async () => {
    s = await freshServices(dialect);
  });
  afterEach(async () => {
    await s.close();
  });

  describe('sign-up', () => {
    it('creates the account with the reported country and mails a link and a code', async () => {
      await registerUser(s, { username: 'Satoshi_21', email: 'sat@example.com' }, here);
      const row = await s.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        username: 'Satoshi_21',
        username_key: 'satoshi_21',
        email: 'sat@example.com',
        country: 'DE',
      });
      expect(s.mailer.sent).toHaveLength(1);
      const mail = s.mailer.sent[0]!;
      expect(mail.to).toBe('sat@example.com');
      expect(mail.subject).toContain('Sats Arcade');
      expect(mail.text).toContain('expire in 15 minutes');
      expect(mail.html).toContain('Sign in to the arcade');
      const { token, code } = readSignInMail(mail);
      expect(mail.text).toContain(`http://arcade.test/auth/callback?token=${token}`);
      const link = await s.db.selectFrom('magic_links').selectAll().executeTakeFirstOrThrow();
      expect(link.token_hash).toBe(hashToken(token));
      expect(link.code_hash).not.toContain(code);
      expect(link.expires_at - link.created_at).toBe(MAGIC_LINK_MS);
    });

    it('refuses a username taken by someone else, whatever its case', async () => {
      await registerUser(s, { username: 'Alice', email: 'alice@example.com' }, here);
      await rejects(
        registerUser(s, { username: 'aLiCe', email: 'other@example.com' }, here),
        409,
        /username is already taken/,
      );
      expect(await s.db.selectFrom('users').select('id').execute()).toHaveLength(1);
    });

    it('answers a known address like a new one and mails that account a sign-in link instead', async () => {
      await registerUser(s, { username: 'alice', email: 'alice@example.com' }, here);
      await registerUser(s, { username: 'someone_else', email: 'alice@example.com' }, here);
      expect(await s.db.selectFrom('users').select('username').execute()).toEqual([{ username: 'alice' }]);
      expect(s.mailer.sent[1]?.text).toContain('You already have one, alice');
    });

    it('stores XX when the country header is missing or not a country', async () => {
      expect(countryFromHeader(undefined)).toBe('XX');
      expect(countryFromHeader('T1')).toBe('XX');
      expect(countryFromHeader('usa')).toBe('XX');
      expect(countryFromHeader(' fr ')).toBe('FR');
      await registerUser(s, { username: 'bob', email: 'bob@example.com' }, { ip: '1.2.3.4', country: '' });
      expect((await s.db.selectFrom('users').select('country').executeTakeFirstOrThrow()).country).toBe('XX');
    });

    it('keeps the account when the mail cannot be sent, and says so', async () => {
      s.mailer.failing = true;
      await rejects(
        registerUser(s, { username: 'carol', email: 'carol@example.com' }, here),
        502,
        /account was created/,
      );
      expect(await s.db.selectFrom('users').select('username').execute()).toEqual([{ username: 'carol' }]);
    });
  });

  describe('magic links', () => {
    async function signUpAndRead(email = 'dave@example.com', username = 'dave') {
      await registerUser(s, { username, email }, here);
      return readSignInMail(s.mailer.sent.at(-1)!);
    }

    it('signs in once: the link opens a session, a second use is refused', async () => {
      const { token } = await signUpAndRead();
      const first = await verifyMagicLink(s, token, here);
      expect(first.user.username).toBe('dave');
      const session = await findSession(s.db, first.session.token);
      expect(session?.user.id).toBe(first.user.id);
      const stored = await s.db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
      expect(stored.id_hash).toBe(hashToken(first.session.token));
      await rejects(verifyMagicLink(s, token, here), 400, INVALID_LINK_MESSAGE);
    });

    it('refuses an expired link and a forged one', async () => {
      const { token } = await signUpAndRead();
      await rejects(verifyMagicLink(s, token, here, Date.now() + MAGIC_LINK_MS + 1), 400, INVALID_LINK_MESSAGE);
      await rejects(verifyMagicLink(s, 'A'.repeat(43), here), 400, INVALID_LINK_MESSAGE);
      await rejects(verifyMagicLink(s, 'bad token!', here), 400, INVALID_LINK_MESSAGE);
      expect(await s.db.selectFrom('sessions').select('id_hash').execute()).toHaveLength(0);
    });

    it('two concurrent verifications of one link yield exactly one session', async () => {
      const { token } = await signUpAndRead();
      const results = await Promise.allSettled(Array.from({ length: 6 }, () => verifyMagicLink(s, token, here)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(await s.db.selectFrom('sessions').select('id_hash').execute()).toHaveLength(1);
    });

    it('send-link mails a known address a fresh link and an unknown one a sign-up hint', async () => {
      await signUpAndRead();
      await sendMagicLink(s, 'dave@example.com', here);
      expect(s.mailer.sent.at(-1)?.subject).toBe('Your Sats Arcade sign-in link');
      await sendMagicLink(s, 'nobody@example.com', here);
      expect(s.mailer.sent.at(-1)).toMatchObject({
        to: 'nobody@example.com',
        subject: 'Sign in to Sats Arcade: no account yet',
      });
      expect(await s.db.selectFrom('magic_links').select('id').execute()).toHaveLength(2);
    });

    it('limits mails per client address and e-mail, then per e-mail, then per client address, each with a Retry-After', async () => {
      await signUpAndRead();
      for (let i = 0; i < 2; i++) await sendMagicLink(s, 'dave@example.com', here);
      const error = await rejects(
        sendMagicLink(s, 'dave@example.com', here),
        429,
        /Too many sign-in emails for this address from here. Please try again in 15 minutes./,
      );
      expect(Number(error.headers['Retry-After'])).toBeGreaterThan(0);
      // other places still get mails to the address, until its own (wider) limit
      for (let i = 0; i < 7; i++)
        await sendMagicLink(s, 'dave@example.com', { ip: `198.51.100.${10 + i}`, country: '' });
      await rejects(
        sendMagicLink(s, 'dave@example.com', { ip: '198.51.100.50', country: '' }),
        429,
        /Too many sign-in emails for this address. Please try again/,
      );
      for (let i = 0; i < 16; i++) await sendMagicLink(s, `person${i}@example.com`, here);
      await rejects(sendMagicLink(s, 'someone-new@example.com', here), 429, /Too many sign-in requests/);
      await sendMagicLink(s, 'someone-new@example.com', { ip: '198.51.100.1', country: '' });
      await sendMagicLink(s, 'dave@example.com', here, Date.now() + 16 * MINUTE);
    });
  });

  describe('one-time codes', () => {
    it('sign in with the mailed code once', async () => {
      await registerUser(s, { username: 'erin', email: 'erin@example.com' }, here);
      const { code } = readSignInMail(s.mailer.sent[0]!);
      const signedIn = await verifyLoginCode(s, { email: 'erin@example.com', code }, here);
      expect(signedIn.user.username).toBe('erin');
      await rejects(verifyLoginCode(s, { email: 'erin@example.com', code }, here), 400, INVALID_CODE_MESSAGE);
    });

    it(`stops a code after ${MAX_CODE_ATTEMPTS} wrong tries`, async () => {
      await registerUser(s, { username: 'frank', email: 'frank@example.com' }, here);
      const { code } = readSignInMail(s.mailer.sent[0]!);
      const wrong = code === '000000' ? '000001' : '000000';
      for (let i = 0; i < MAX_CODE_ATTEMPTS; i++)
        await rejects(verifyLoginCode(s, { email: 'frank@example.com', code: wrong }, here), 400);
      // the code is dead for everyone (from here the next try is also over the per-place limit)
      await rejects(
        verifyLoginCode(s, { email: 'frank@example.com', code }, { ip: '198.51.100.7', country: '' }),
        400,
        INVALID_CODE_MESSAGE,
      );
      await rejects(
        verifyLoginCode(s, { email: 'frank@example.com', code }, here),
        429,
        /code attempts for this address from here/,
      );
    });

    it('does not accept a code for another address', async () => {
      await registerUser(s, { username: 'gina', email: 'gina@example.com' }, here);
      await registerUser(s, { username: 'hank', email: 'hank@example.com' }, here);
      const { code } = readSignInMail(s.mailer.sent[0]!);
      await rejects(verifyLoginCode(s, { email: 'hank@example.com', code }, here), 400);
    });
  });

  describe('sessions', () => {
    async function signedIn() {
      await registerUser(s, { username: 'ivy', email: 'ivy@example.com' }, here);
      const { token } = readSignInMail(s.mailer.sent[0]!);
      return verifyMagicLink(s, token, here);
    }

    it('slides the 30-day expiry forward when used after a day, and expires unused', async () => {
      const { session } = await signedIn();
      const now = Date.now();
      expect((await findSession(s.db, session.token, now + 1000))?.renewed).toBe(false);
      const later = now + 2 * DAY;
      const renewed = await findSession(s.db, session.token, later);
      expect(renewed?.renewed).toBe(true);
      expect(renewed?.expiresAt).toBe(later + SESSION_MS);
      expect(await findSession(s.db, session.token, later + SESSION_MS + 1)).toBeNull();
      expect(await s.db.selectFrom('sessions').select('id_hash').execute()).toHaveLength(0);
    });

    it(`ends a session ${SESSION_MAX_DAYS} days after sign-in however often it is used (absolute lifetime)`, async () => {
      const { session } = await signedIn();
      const start = Date.now();
      let last = null;
      for (let day = 2; day < SESSION_MAX_DAYS; day += 2) {
        last = await findSession(s.db, session.token, start + day * DAY);
        expect(last).not.toBeNull();
        expect(last!.expiresAt).toBeLessThanOrEqual(start + SESSION_MAX_MS);
      }
      expect(last!.expiresAt).toBeGreaterThan(start + (SESSION_MAX_DAYS - 2) * DAY);
      const ref = (await s.db.selectFrom('sessions').select('ref').executeTakeFirstOrThrow()).ref;
      const userId = last!.user.id;
      await assertLiveSession(s.db, ref, userId, start + SESSION_MAX_MS - 1000);
      expect(await findSession(s.db, session.token, start + SESSION_MAX_MS + 1000)).toBeNull();
      expect(await s.db.selectFrom('sessions').select('id_hash').execute()).toHaveLength(0);
    });

    it('finds the whole account row behind a session, and nothing for a token it never issued', async () => {
      const { session, user } = await signedIn();
      const row = await s.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
      for (let i = 0; i < 3; i++) expect((await findSession(s.db, session.token))?.user).toEqual(row);
      expect(await findSession(s.db, 'never-issued-token')).toBeNull();
    });

    it('signs out one session, or every session', async () => {
      const a = await signedIn();
      await sendMagicLink(s, 'ivy@example.com', here);
      const b = await verifyMagicLink(s, readSignInMail(s.mailer.sent.at(-1)!).token, here);
      expect(await countActiveSessions(s.db, a.user.id)).toBe(2);
      await revokeSession(s.db, a.session.token);
      expect(await findSession(s.db, a.session.token)).toBeNull();
      expect(await findSession(s.db, b.session.token)).not.toBeNull();
      expect(await revokeAllSessions(s.db, a.user.id)).toBe(1);
      expect(await findSession(s.db, b.session.token)).toBeNull();
      expect(await findSession(s.db, 'x'.repeat(500))).toBeNull();
    });

    it('changes the country only to a real one', async () => {
      const { user } = await signedIn();
      expect((await updateCountry(s, user.id, 'JP')).country).toBe('JP');
      expect((await updateCountry(s, user.id, 'XX')).country).toBe('XX');
      await rejects(updateCountry(s, user.id, 'QQ'), 400, /Choose a country/);
    });
  });
});
