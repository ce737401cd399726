import { DAY } from '~/lib/format';
import type { Db } from '../db';
import { preparedLookup, preparedRead } from '../db/prepared';
import type { UserRow } from '../db/schema';
import { unauthorized } from '../shared/errors';
import { hashToken, newSessionRef, newToken } from './tokens';

/** Sessions last 30 days from the last visit (sliding expiry)... */
export const SESSION_DAYS = 30;
export const SESSION_MS = SESSION_DAYS * DAY;
/** ...and never more than 90 days from the sign-in (absolute lifetime), however often they are used. */
export const SESSION_MAX_DAYS = 90;
export const SESSION_MAX_MS = SESSION_MAX_DAYS * DAY;
/** A session is extended when less than this is left, so not every request writes. */
const RENEW_WHEN_LEFT_MS = SESSION_MS - DAY;

export interface NewSession {
  /** The secret for the cookie; only its hash is stored. */
  token: string;
  /** The session's public reference (game tokens carry it). */
  ref: string;
  expiresAt: number;
}

export interface ValidSession {
  user: UserRow;
  /** The session's public reference (game tokens carry it). */
  ref: string;
  expiresAt: number;
  /** True when the expiry moved: the cookie should be sent again. */
  renewed: boolean;
}

/** Start a session for `userId`. */
export async function createSession(db: Db, userId: number, now = Date.now()): Promise<NewSession> {
  const token = newToken();
  const ref = newSessionRef();
  const expiresAt = now + SESSION_MS;
  await db
    .insertInto('sessions')
    .values({
      id_hash: hashToken(token),
      ref,
      user_id: userId,
      created_at: now,
      expires_at: expiresAt,
      last_seen_at: now,
    })
    .execute();
  return { token, ref, expiresAt };
}

/**
 * The session lookup of every signed-in request, kept prepared. Written with scalar subqueries
 * rather than a join: SQLite (built with STAT4, as better-sqlite3 is) plans a join on a bound
 * parameter anew at every run, which costs several times the lookup itself.
 */
const readSession = preparedRead<
  UserRow & { session_expires_at: number; session_ref: string; session_created_at: number }
>(
  'arcade_find_session_v6',
  `select u.id, u.username, u.username_key, u.email, u.country, u.created_at, u.last_seen_at, u.country_changed_at,
     u.active_avatar_id, u.avatar_changed_at, u.notify_new_games_at, u.lightning_address,
     u.banned_at, u.ban_reason, u.deleted_at, u.standing_changed_at,
     (select s.expires_at from sessions s where s.id_hash = $1) as session_expires_at,
     (select s.ref from sessions s where s.id_hash = $2) as session_ref,
     (select s.created_at from sessions s where s.id_hash = $3) as session_created_at
   from users u
   where u.id = (select s.user_id from sessions s where s.id_hash = $4)`,
);

/** The user behind a session cookie, extending the session when it is used; null when invalid, expired or past its absolute lifetime. */
export async function findSession(db: Db, token: string, now = Date.now()): Promise<ValidSession | null> {
  if (!token || token.length > 100) return null;
  const idHash = hashToken(token);
  const [row] = await readSession(db, [idHash, idHash, idHash, idHash]);
  if (!row) return null;
  const { session_expires_at: expiresAt, session_ref: ref, session_created_at: createdAt, ...user } = row;
  const endOfLife = Number(createdAt) + SESSION_MAX_MS;
  if (expiresAt <= now || endOfLife <= now) {
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    return null;
  }
  // Extended (at most to the end of its absolute lifetime) when a day of the sliding 30 has passed.
  if (expiresAt - now < RENEW_WHEN_LEFT_MS && expiresAt < endOfLife) {
    const renewed = Math.min(now + SESSION_MS, endOfLife);
    await db
      .updateTable('sessions')
      .set({ expires_at: renewed, last_seen_at: now })
      .where('id_hash', '=', idHash)
      .execute();
    await db.updateTable('users').set({ last_seen_at: now }).where('id', '=', user.id).execute();
    return { user, ref, expiresAt: renewed, renewed: true };
  }
  return { user, ref, expiresAt, renewed: false };
}

interface LiveSessionRow {
  ref: string;
  user_id: number;
  expires_at: number;
  created_at: number;
}

/** A session by its ref (on PostgreSQL the checks of one event-loop turn share one query). */
const readLiveSession = preparedLookup<LiveSessionRow>(
  'arcade_live_session',
  'select ref, user_id, expires_at, created_at from sessions where ref = $1',
  'select ref, user_id, expires_at, created_at from sessions where ref = any($1::text[])',
  (row) => row.ref,
);

/**
 * The revocation check of every game token, made on every Game API request: a read of the unique
 * `ref` index (on PostgreSQL the checks of one event-loop turn share one query). A session that
 * ended (signed out, signed out everywhere, expired, past its absolute lifetime, its player
 * deleted) is gone or past its expiry, so its tokens are refused at once by every server process
 * sharing the database. Throws a 401 unless the session `ref` is live and belongs to `userId`.
 */
export async function assertLiveSession(db: Db, ref: string, userId: number, now = Date.now()): Promise<void> {
  const row = await readLiveSession(db, ref);
  if (
    !row ||
    Number(row.user_id) !== userId ||
    Number(row.expires_at) <= now ||
    Number(row.created_at) + SESSION_MAX_MS <= now
  ) {
    throw unauthorized('The game token belongs to a session that has ended. Sign in again to play.');
  }
}

/** End one session (sign out). */
export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', hashToken(token)).execute();
}

/** End every session of a user (sign out everywhere); returns how many ended. */
export async function revokeAllSessions(db: Db, userId: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Delete every expired session (a lookup deletes its own, but an abandoned one is never looked up); returns how many went. */
export async function pruneSessions(db: Db, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many unexpired sessions a user has. */
export async function countActiveSessions(db: Db, userId: number, now = Date.now()): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
