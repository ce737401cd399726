import type { Db } from '../db';
import type { UserRow } from '../db/schema';
import type { Rankings } from '../leaderboards/rankings';

// A player's standing (README, "Player management"): a player is ON THE BOARDS only while
// `users.banned_at IS NULL AND users.deleted_at IS NULL` (migration 0013). Off the boards, their
// runs stay stored (kept for the record) but they are on no global, country or tournament board
// (the in-memory orders of leaderboards/rankings.ts read only players on the boards), they do not
// place when a tournament's winners are processed, and a draft report leaves them out.
//
// HOW TO CHANGE IT (a ban, an unban, a deletion, and a hidden or restored run, which changes what
// of the player is on the boards):
//   1. in the transaction that changes the user or their runs, call
//      `markStandingChanged(trx, userId, now)`: it moves `users.standing_changed_at`, the change
//      feed every process's leaderboards read at their next look (within about a second), which
//      then take the player off every game and tournament order and put back what the database
//      holds for them (nothing while they are off the boards);
//   2. after the commit, call `rankings.touchStanding(userId)` (or `leaveBoards`' and
//      `afterStandingChange`' pair below) in the acting process, so its own next read applies it
//      at once.
// The account deletion does exactly that: set `deleted_at` (and anonymise) with
// `markStandingChanged` in one transaction, then `afterStandingChange(rankings, userId)`.

/** Whether a player is on the boards: neither banned nor deleted. */
export function isOnBoards(user: Pick<UserRow, 'banned_at' | 'deleted_at'>): boolean {
  return user.banned_at === null && user.deleted_at === null;
}

/**
 * Record, in the caller's transaction, that what the boards show of `userId` changed (a ban, an
 * unban, a deletion, a hidden or restored run): every process's leaderboards read the player
 * afresh at their next look.
 */
export async function markStandingChanged(db: Db, userId: number, now = Date.now()): Promise<void> {
  await db.updateTable('users').set({ standing_changed_at: now }).where('id', '=', userId).execute();
}

/**
 * Take a player off the boards for good (account deletion): sets `deleted_at` (unless already
 * set) and moves the change feed, in the caller's transaction. Call {@link afterStandingChange}
 * after the commit. Anonymising the row is the deletion's own business.
 */
export async function leaveBoards(db: Db, userId: number, now = Date.now()): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ deleted_at: eb.fn.coalesce('deleted_at', eb.val(now)), standing_changed_at: now }))
    .where('id', '=', userId)
    .execute();
}

/** After the commit: this process's leaderboards apply the change at their next read (others within a second). */
export function afterStandingChange(rankings: Pick<Rankings, 'touchStanding'>, userId: number): void {
  rankings.touchStanding(userId);
}
