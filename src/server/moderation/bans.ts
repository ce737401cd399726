import { iso } from '~/lib/dates';
import type { Services } from '../context';
import type { Db } from '../db';
import { recordAudit, type Actor } from '../shared/audit';
import { badRequest, conflict, forbidden, notFound } from '../shared/errors';
import { bans } from '../shared/metrics';

// Bans (README, "Player management"). A ban, in one transaction: the player's `banned_at` and
// reason, the boards' change feed (standing.ts), every session of theirs deleted (signed out
// everywhere; their game tokens die with the sessions, and the Game API answers them 403
// "suspended"), and the audit record. Sign-in links already mailed stay, so the player who opens
// one learns why it does not sign them in. While the ban holds:
// signing in is refused at the link or code (403 "This account is suspended."), their runs are on
// no board, they do not place when a tournament's winners are processed, and their unsent prizes
// are withheld (never sent by Distribute, PAY, PAY ALL or automatic payment). An unban gives back
// the boards and the prizes; the sessions stay gone.

/** What a suspended player is told when they try to sign in or play. */
export const SUSPENDED_MESSAGE = 'This account is suspended.';
/** The longest reason an administrator may write. */
export const REASON_MAX = 500;

/** A player's ban as the admin API answers it. */
export interface BanView {
  id: number;
  bannedAt: string | null;
  banReason: string | null;
}

/** A reason of 1 to {@link REASON_MAX} characters (trimmed), or a 400. */
export function parseReason(value: unknown): string {
  const reason = typeof value === 'string' ? value.trim() : '';
  if (!reason) throw badRequest('Write a reason (1 to 500 characters).');
  if (reason.length > REASON_MAX) throw badRequest(`The reason is too long: at most ${REASON_MAX} characters.`);
  return reason;
}

/** An administrator named in `ADMIN_USER_IDS` cannot be banned (or deleted) by another. */
function assertNotAdmin(services: Pick<Services, 'config'>, userId: number): void {
  if (services.config.adminUserIds.has(userId)) throw forbidden('Admins cannot be banned.');
}

/** The player `userId` (a deleted account is no player), or a 404. */
async function playerRow(db: Db, userId: number) {
  const row = await db
    .selectFrom('users')
    .select(['id', 'username', 'banned_at', 'ban_reason', 'deleted_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row || row.deleted_at !== null) throw notFound('No such player.');
  return row;
}

/**
 * `POST /api/admin/users/{id}/ban`: ban a player with a reason. 403 for an administrator, 404 for
 * no such player, 409 when already banned. One conditional update decides, so of two presses (or
 * two processes) one bans and the other gets the 409.
 */
export async function banPlayer(
  services: Pick<Services, 'db' | 'config' | 'rankings'>,
  actor: Actor,
  userId: number,
  reasonInput: unknown,
  now = Date.now(),
): Promise<{
  user: BanView;
  message: string;
  sessionsEnded: number;
  prizesWithheld: number;
  paymentsUnderWay: number;
}> {
  assertNotAdmin(services, userId);
  const reason = parseReason(reasonInput);
  const done = await services.db.transaction().execute(async (trx) => {
    const banned = await trx
      .updateTable('users')
      .set({ banned_at: now, ban_reason: reason, standing_changed_at: now })
      .where('id', '=', userId)
      .where('banned_at', 'is', null)
      .where('deleted_at', 'is', null)
      .returning(['id', 'username'])
      .executeTakeFirst();
    if (!banned) {
      await playerRow(trx, userId);
      throw conflict('This player is already banned.');
    }
    const sessions = await trx.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
    const prizes = await trx
      .selectFrom('prize_awards')
      .select(['payout_state'])
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .execute();
    const underWay = prizes.filter((p) => p.payout_state === 'paying').length;
    const sessionsEnded = Number(sessions.numDeletedRows);
    await recordAudit(
      trx,
      actor,
      {
        action: 'user.ban',
        targetType: 'user',
        targetId: userId,
        details: {
          username: banned.username,
          reason,
          sessionsEnded,
          prizesWithheld: prizes.length - underWay,
          paymentsUnderWay: underWay,
        },
      },
      now,
    );
    return { username: banned.username, sessionsEnded, withheld: prizes.length - underWay, underWay };
  });
  bans.inc({ action: 'ban' });
  services.rankings.touchStanding(userId);
  const parts = [
    `${done.username} is banned: signed out everywhere and off every board.`,
    done.withheld
      ? `${done.withheld === 1 ? '1 unsent prize is' : `${done.withheld} unsent prizes are`} withheld.`
      : '',
    done.underWay
      ? `${done.underWay === 1 ? '1 Lightning payment was' : `${done.underWay} Lightning payments were`} already under way and cannot be called back.`
      : '',
  ];
  return {
    user: { id: userId, bannedAt: iso(now), banReason: reason },
    message: parts.filter(Boolean).join(' '),
    sessionsEnded: done.sessionsEnded,
    prizesWithheld: done.withheld,
    paymentsUnderWay: done.underWay,
  };
}

/** `POST /api/admin/users/{id}/unban`: lift a ban; the player's runs and prizes come back (not their sessions). */
export async function unbanPlayer(
  services: Pick<Services, 'db' | 'config' | 'rankings'>,
  actor: Actor,
  userId: number,
  now = Date.now(),
): Promise<{ user: BanView; message: string }> {
  const username = await services.db.transaction().execute(async (trx) => {
    const before = await playerRow(trx, userId);
    const lifted = await trx
      .updateTable('users')
      .set({ banned_at: null, ban_reason: null, standing_changed_at: now })
      .where('id', '=', userId)
      .where('banned_at', 'is not', null)
      .where('deleted_at', 'is', null)
      .returning('username')
      .executeTakeFirst();
    if (!lifted) throw conflict('This player is not banned.');
    await recordAudit(
      trx,
      actor,
      {
        action: 'user.unban',
        targetType: 'user',
        targetId: userId,
        details: {
          username: lifted.username,
          bannedAt: iso(before.banned_at),
          banReason: before.ban_reason,
        },
      },
      now,
    );
    return lifted.username;
  });
  bans.inc({ action: 'unban' });
  services.rankings.touchStanding(userId);
  return {
    user: { id: userId, bannedAt: null, banReason: null },
    message: `${username} is no longer banned: their runs are back on the boards and their prizes can be sent. They sign in again themselves.`,
  };
}

/** Whether `userId` is banned now (false for no such player). */
export async function isBanned(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('banned_at').where('id', '=', userId).executeTakeFirst();
  return row?.banned_at != null;
}
