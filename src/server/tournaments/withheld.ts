import type { Db } from '../db';
import { conflict } from '../shared/errors';

// Whose prizes are withheld (README, "Player management"): a banned winner's until the ban is
// lifted, a deleted account's for good. Winners (winners.ts) and payouts (payouts/) check it in the
// transaction that sends or starts paying a prize; the ban itself is moderation's (moderation/bans.ts).

/** The message of a prize withheld from a banned winner. */
export const WITHHELD_MESSAGE =
  'This prize is withheld: its winner is banned. It can be sent once an administrator lifts the ban.';

/** The message of a prize whose winner deleted their account (auth/deletion.ts): withheld for good. */
export const DELETED_WITHHELD_MESSAGE = 'This prize is withheld for good: its winner deleted their account.';

/**
 * Inside a transaction that is about to send or start paying a prize of `userId`: a 409
 * ({@link WITHHELD_MESSAGE}) when the player is banned ({@link DELETED_WITHHELD_MESSAGE} when deleted). `postgres`: `driverOf(db).dialect === 'postgres'`. On PostgreSQL the player's row is locked
 * (FOR SHARE) until the transaction ends, so a ban committing meanwhile waits for it (and then
 * finds the prize sent or its payment under way, which it reports), or went first and is seen here.
 */
export async function assertNotWithheld(trx: Db, userId: number, postgres: boolean): Promise<void> {
  const query = trx.selectFrom('users').select(['id', 'banned_at', 'deleted_at']).where('id', '=', userId);
  const row = await (postgres ? query.forShare() : query).executeTakeFirst();
  if (row && row.deleted_at !== null) throw conflict(DELETED_WITHHELD_MESSAGE);
  if (row && row.banned_at !== null) throw conflict(WITHHELD_MESSAGE);
}
