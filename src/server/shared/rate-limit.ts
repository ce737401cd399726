import { sql } from 'kysely';
import { DAY, HOUR, MINUTE } from '~/lib/format';
import type { Db } from '../db';
import { tooManyRequests } from './errors';

export interface Limit {
  /** How many hits the window allows. */
  max: number;
  windowMs: number;
  /** Named in the 429 message: "Too many {what}." */
  what: string;
}

/**
 * The limits of the account calls. Nobody can lock a person out: one place (client address) asking
 * for one mailbox meets its own limit (per address and e-mail) well before the mailbox's global
 * limit, so only many places together could use that up; the owner, from their own address, still
 * gets in. Every 429 says when to try again (README, Accounts).
 */
export const LIMITS = {
  mailPerIpAndEmail: { max: 3, windowMs: 15 * MINUTE, what: 'sign-in emails for this address from here' },
  mailPerEmail: { max: 10, windowMs: 15 * MINUTE, what: 'sign-in emails for this address' },
  mailPerIp: { max: 20, windowMs: 15 * MINUTE, what: 'sign-in requests' },
  verifyPerIp: { max: 30, windowMs: 15 * MINUTE, what: 'sign-in attempts' },
  codePerIpAndEmail: { max: 5, windowMs: 15 * MINUTE, what: 'code attempts for this address from here' },
  codePerEmail: { max: 20, windowMs: 15 * MINUTE, what: 'code attempts for this address' },
  /** The data download (README, "Your data"): a large account's file takes a while to prepare. */
  exportPerAccount: { max: 3, windowMs: HOUR, what: 'data downloads' },
} satisfies Record<string, Limit>;

/** A template tag: Kysely's `sql` (values bound) or {@link sqlText} (the text as written). */
type SqlTag<R> = (strings: TemplateStringsArray, ...values: unknown[]) => R;

/** The tag for writers that talk to the driver: values are placeholders of that driver (`@now`, `$12::bigint`). */
export const sqlText: SqlTag<string> = (strings, ...values) => String.raw(strings, ...values);

/**
 * True when the row's window ended before the hit being inserted (its time is
 * `excluded.window_start`); `windowMs` is the window's length.
 */
export function windowEnded<R>(tag: SqlTag<R>, windowMs: unknown): R {
  return tag`rate_limits.window_start <= excluded.window_start - ${windowMs}`;
}

/**
 * The fixed window, written once for every writer (the account calls here, both run writers in games/):
 * the conflict clause of `insert into rate_limits (key, window_start, count) values (key, now, 1)`.
 * A window that ended starts again at this hit with a count of one; otherwise the hit counts.
 */
export function windowOnConflict<R>(tag: SqlTag<R>, windowMs: unknown): R {
  const ended = windowEnded(tag, windowMs);
  return tag`on conflict (key) do update set
    count = case when ${ended} then 1 else rate_limits.count + 1 end,
    window_start = case when ${ended} then excluded.window_start else rate_limits.window_start end`;
}

/**
 * Count one hit of `key` in a fixed window kept in the database (so every server process shares it)
 * and throw a 429 with `Retry-After` once the window's allowance is used up. One atomic upsert.
 */
export async function hit(db: Db, key: string, limit: Limit, now = Date.now()): Promise<void> {
  const { rows } = await sql<{ count: number; window_start: number }>`
    insert into rate_limits (key, window_start, count) values (${key}, ${now}, 1)
    ${windowOnConflict(sql, limit.windowMs)}
    returning count, window_start`.execute(db);
  const row = rows[0]!;
  if (row.count > limit.max) throw tooManyRequests(row.window_start + limit.windowMs - now, limit.what);
}

/** How long an ended window is kept before pruning drops it (far longer than any window). */
export const RATE_LIMIT_RETENTION_MS = DAY;

/** Drop windows that ended long ago; returns how many went. */
export async function pruneRateLimits(
  db: Db,
  now = Date.now(),
  olderThanMs = RATE_LIMIT_RETENTION_MS,
): Promise<number> {
  const result = await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', now - olderThanMs)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
