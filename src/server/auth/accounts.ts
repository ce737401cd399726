import { isListedCountry } from '~/lib/countries';
import { MINUTE, plural } from '~/lib/format';
import { MAGIC_LINK_MINUTES } from '~/lib/schemas/auth';
import type { Db } from '../db';
import type { UserRow } from '../db/schema';
import { AppError, badRequest, conflict, forbidden } from '../shared/errors';
import type { Services } from '../context';
import { isUniqueViolation } from '../db/errors';
import { noAccountMail, signInMail, suspendedMail } from '../mail/templates';
import { SUSPENDED_MESSAGE } from '../moderation/bans';
import { hit, LIMITS } from '../shared/rate-limit';
import { createSession, type NewSession } from './sessions';
import { hashLoginCode, hashToken, newLoginCode, newToken, sameDigest } from './tokens';

export const MAGIC_LINK_MS = MAGIC_LINK_MINUTES * MINUTE;
/** Wrong codes allowed per mailed code before it stops working. */
export const MAX_CODE_ATTEMPTS = 5;
/** The answer to every send-link request, so it never tells whether an address has an account. */
export const SEND_LINK_MESSAGE = `If that address belongs to an account, a sign-in link is on its way. It expires in ${plural(MAGIC_LINK_MINUTES, 'minute')}.`;
export const INVALID_LINK_MESSAGE = 'The login link has expired or is invalid. Please try signing in again.';
export const INVALID_CODE_MESSAGE = 'That code is wrong or has expired. Check the latest email or ask for a new link.';

export interface SignedIn {
  user: UserRow;
  session: NewSession;
}

/** Who is asking: the client address (rate limits) and the country the proxy reported. */
export interface Requester {
  ip: string;
  country: string;
  /** The browser's sign-in cookie, when it has one (a link it asked for signs in there at once). */
  browser?: string;
}

/** A two-letter country code from a request header; `XX` when missing or not a country. */
export function countryFromHeader(value: string | null | undefined): string {
  const code = (value ?? '').trim().toUpperCase();
  // T1 (Tor), XX, EU and the like are not countries; anything but two letters is noise.
  return isListedCountry(code) ? code : 'XX';
}

async function issueLink(services: Services, user: UserRow, browser: string | undefined, now: number) {
  const token = newToken();
  const code = newLoginCode();
  await services.db
    .insertInto('magic_links')
    .values({
      token_hash: hashToken(token),
      code_hash: hashLoginCode(services.config.secretKey, user.email, code),
      user_id: user.id,
      email: user.email,
      created_at: now,
      expires_at: now + MAGIC_LINK_MS,
      browser_hash: browser ? hashToken(browser) : null,
    })
    .execute();
  const link = `${services.config.siteUrl}/auth/callback?token=${encodeURIComponent(token)}`;
  return { token, code, link };
}

async function deliver(services: Services, mail: Parameters<Services['mailer']['send']>[0], failure: string) {
  try {
    await services.mailer.send(mail);
  } catch (error) {
    console.error('Sending mail failed:', error);
    throw new AppError(502, failure);
  }
}

async function mailSignInLink(
  services: Services,
  user: UserRow,
  requester: Requester,
  extra: { welcome?: boolean; alreadyRegistered?: boolean },
  now: number,
) {
  if (user.banned_at !== null) {
    // No link for a banned account: its owner learns why by mail; the answer stays the same for all.
    await deliver(
      services,
      suspendedMail(services.config.productName, user.email, user.username),
      'We could not send the email right now. Please try again in a minute.',
    );
    return;
  }
  const { link, code } = await issueLink(services, user, requester.browser, now);
  await deliver(
    services,
    signInMail({
      productName: services.config.productName,
      to: user.email,
      username: user.username,
      link,
      code,
      ...extra,
    }),
    extra.welcome
      ? 'Your account was created, but we could not send the email. Use Sign In to get a new link.'
      : 'We could not send the email right now. Please try again in a minute.',
  );
}

/** The mail limits, narrowest first: a request refused by one does not count against the next. */
async function limitMail(services: Services, email: string, ip: string, now: number) {
  await hit(services.db, `mail:ip:${ip}`, LIMITS.mailPerIp, now);
  await hit(services.db, `mail:ip-email:${ip}:${email}`, LIMITS.mailPerIpAndEmail, now);
  await hit(services.db, `mail:email:${email}`, LIMITS.mailPerEmail, now);
}

/**
 * Create an account and mail its first magic link. An address that already has an account gets a
 * sign-in link instead (the answer is the same, so sign-up does not reveal who is registered);
 * a username taken by someone else is a 409.
 */
export async function registerUser(
  services: Services,
  input: { username: string; email: string },
  requester: Requester,
  now = Date.now(),
): Promise<void> {
  await limitMail(services, input.email, requester.ip, now);
  const { db } = services;
  const existingEmail = await db.selectFrom('users').selectAll().where('email', '=', input.email).executeTakeFirst();
  if (existingEmail) {
    await mailSignInLink(services, existingEmail, requester, { alreadyRegistered: true }, now);
    return;
  }
  let user: UserRow;
  try {
    user = await db
      .insertInto('users')
      .values({
        username: input.username,
        username_key: input.username.toLowerCase(),
        email: input.email,
        country: countryFromHeader(requester.country),
        created_at: now,
        last_seen_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Lost a race for the address, or the username is taken.
    const sameEmail = await db.selectFrom('users').selectAll().where('email', '=', input.email).executeTakeFirst();
    if (sameEmail) {
      await mailSignInLink(services, sameEmail, requester, { alreadyRegistered: true }, now);
      return;
    }
    throw conflict('That username is already taken. Please choose another one.');
  }
  await mailSignInLink(services, user, requester, { welcome: true }, now);
}

/** Mail a magic link to an account's address; an unknown address gets a "sign up first" mail. */
export async function sendMagicLink(
  services: Services,
  email: string,
  requester: Requester,
  now = Date.now(),
): Promise<void> {
  await limitMail(services, email, requester.ip, now);
  const user = await services.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  if (user) {
    await mailSignInLink(services, user, requester, {}, now);
  } else {
    await deliver(
      services,
      noAccountMail(services.config.productName, email, services.config.siteUrl),
      'We could not send the email right now. Please try again in a minute.',
    );
  }
}

/**
 * Before a magic link signs anyone in: is it being opened in the browser that asked for it (its
 * sign-in cookie matches)? Then null, sign in at once. Anywhere else it answers whose account the
 * link opens, so the page can ask 'Continue as <username>?' first: otherwise a link of someone
 * else's account, slipped to a player, would sign them in as that account (login CSRF). Nothing is
 * consumed here; an unknown, used or expired link is the usual 400.
 */
export async function magicLinkNeedsConfirmation(
  services: Services,
  token: string,
  requester: Requester,
  now = Date.now(),
): Promise<{ username: string } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw badRequest(INVALID_LINK_MESSAGE);
  const link = await services.db
    .selectFrom('magic_links')
    .innerJoin('users', 'users.id', 'magic_links.user_id')
    .select(['magic_links.browser_hash', 'users.username', 'users.banned_at'])
    .where('magic_links.token_hash', '=', hashToken(token))
    .where('magic_links.used_at', 'is', null)
    .where('magic_links.expires_at', '>', now)
    .executeTakeFirst();
  if (!link) throw badRequest(INVALID_LINK_MESSAGE);
  if (link.banned_at !== null) throw forbidden(SUSPENDED_MESSAGE);
  const sameBrowser =
    !!link.browser_hash && !!requester.browser && sameDigest(link.browser_hash, hashToken(requester.browser));
  return sameBrowser ? null : { username: link.username };
}

/**
 * The player a used link or code signs in, seen now; a 403 ({@link SUSPENDED_MESSAGE}) while they
 * are banned. The update waits for a ban being written (PostgreSQL locks the row), so a sign-in
 * and a ban at the same moment never leave a session behind the ban.
 */
async function signInUser(trx: Db, userId: number, now: number): Promise<UserRow> {
  const user = await trx
    .updateTable('users')
    .set({ last_seen_at: now })
    .where('id', '=', userId)
    .where('banned_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!user) throw forbidden(SUSPENDED_MESSAGE);
  return user;
}

/**
 * Use a magic link: consumed atomically (one UPDATE that only succeeds while the link is unused
 * and unexpired), so two concurrent verifications yield exactly one session.
 */
export async function verifyMagicLink(
  services: Services,
  token: string,
  requester: Requester,
  now = Date.now(),
): Promise<SignedIn> {
  await hit(services.db, `verify:ip:${requester.ip}`, LIMITS.verifyPerIp, now);
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw badRequest(INVALID_LINK_MESSAGE);
  return services.db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('magic_links')
      .set({ used_at: now })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id'])
      .executeTakeFirst();
    if (!used) throw badRequest(INVALID_LINK_MESSAGE);
    const user = await signInUser(trx, used.user_id, now);
    const session = await createSession(trx, user.id, now);
    return { user, session };
  });
}

/**
 * Sign in with the one-time code of a magic-link mail (for a device other than the one that got
 * the mail). Each code allows {@link MAX_CODE_ATTEMPTS} wrong tries; a right one consumes its link.
 */
export async function verifyLoginCode(
  services: Services,
  input: { email: string; code: string },
  requester: Requester,
  now = Date.now(),
): Promise<SignedIn> {
  await hit(services.db, `verify:ip:${requester.ip}`, LIMITS.verifyPerIp, now);
  await hit(services.db, `code:ip-email:${requester.ip}:${input.email}`, LIMITS.codePerIpAndEmail, now);
  await hit(services.db, `code:email:${input.email}`, LIMITS.codePerEmail, now);
  const expected = hashLoginCode(services.config.secretKey, input.email, input.code);
  const { db } = services;
  const candidates = await db
    .selectFrom('magic_links')
    .select(['id', 'code_hash'])
    .where('email', '=', input.email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('code_attempts', '<', MAX_CODE_ATTEMPTS)
    .orderBy('id', 'desc')
    .limit(5)
    .execute();
  const match = candidates.find((c) => sameDigest(c.code_hash, expected));
  if (!match) {
    if (candidates.length) {
      await db
        .updateTable('magic_links')
        .set((eb) => ({ code_attempts: eb('code_attempts', '+', 1) }))
        .where(
          'id',
          'in',
          candidates.map((c) => c.id),
        )
        .execute();
    }
    throw badRequest(INVALID_CODE_MESSAGE);
  }
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('magic_links')
      .set({ used_at: now })
      .where('id', '=', match.id)
      .where('used_at', 'is', null)
      .where('code_attempts', '<', MAX_CODE_ATTEMPTS)
      .returning(['user_id'])
      .executeTakeFirst();
    if (!used) throw badRequest(INVALID_CODE_MESSAGE);
    const user = await signInUser(trx, used.user_id, now);
    const session = await createSession(trx, user.id, now);
    return { user, session };
  });
}

/**
 * Delete every magic link past its expiry, used or not: neither its link nor its code can sign
 * anyone in any more. Returns how many went.
 */
export async function pruneMagicLinks(db: Db, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom('magic_links').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Change the country a player is ranked under; the leaderboards move them at their next read. */
export async function updateCountry(services: Services, userId: number, country: string): Promise<UserRow> {
  if (country !== 'XX' && !isListedCountry(country)) throw badRequest('Choose a country from the list.');
  const updated = await services.db
    .updateTable('users')
    .set({ country, country_changed_at: Date.now() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
  services.rankings.touch(updated.id);
  return updated;
}

/**
 * Record (`wanted` true) or take back the player's wish to hear about new games; asking twice
 * keeps the time of the first wish.
 */
export async function setNotifyNewGames(db: Db, userId: number, wanted: boolean, now = Date.now()): Promise<UserRow> {
  return db
    .updateTable('users')
    .set((eb) => ({ notify_new_games_at: wanted ? eb.fn.coalesce('notify_new_games_at', eb.val(now)) : null }))
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Set (a valid Lightning Address, already lower-cased) or remove (null) where a player takes prizes. */
export async function setLightningAddress(db: Db, userId: number, lightningAddress: string | null): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ lightning_address: lightningAddress })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
