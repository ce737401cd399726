import { sql } from 'kysely';
import type { Db } from '../db';
import { tooManyRequests } from '../errors';

export interface Limit {
  /** How many hits the window allows. */
  max: number;
  windowMs: number;
  /** Named in the 429 message: "Too many {what}." */
  what: string;
}

/** The limits of the account calls (per e-mail and per client address). */
export const LIMITS = {
  mailPerEmail: { max: 5, windowMs: 15 * 60_000, what: 'sign-in emails for this address' },
  mailPerIp: { max: 20, windowMs: 15 * 60_000, what: 'sign-in requests' },
  verifyPerIp: { max: 30, windowMs: 15 * 60_000, what: 'sign-in attempts' },
  codePerEmail: { max: 10, windowMs: 15 * 60_000, what: 'code attempts for this address' },
} satisfies Record<string, Limit>;

/**
 * Count one hit of `key` in a fixed window kept in the database (so every server process shares it)
 * and throw a 429 with `Retry-After` once the window's allowance is used up. One atomic upsert.
 */
export async function hit(db: Db, key: string, limit: Limit, now = Date.now()): Promise<void> {
  const expired = now - limit.windowMs;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_start <= ${expired} then 1 else rate_limits.count + 1 end`,
        window_start: sql<number>`case when rate_limits.window_start <= ${expired} then ${now} else rate_limits.window_start end`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  if (row.count > limit.max) throw tooManyRequests(row.window_start + limit.windowMs - now, limit.what);
}

/** Drop windows that ended long ago (run now and then; the table stays small). */
export async function pruneRateLimits(db: Db, olderThanMs = 24 * 60 * 60_000, now = Date.now()): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_start', '<', now - olderThanMs).execute();
}
