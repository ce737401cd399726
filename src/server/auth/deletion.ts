import { sql } from 'kysely';
import { DELETED_PLAYER_NAME } from '~/lib/schemas/people';
import type { Services } from '../context';
import { driverOf, type Db } from '../db';
import { markStandingChanged } from '../moderation/standing';
import { recordAudit, type Actor } from '../shared/audit';
import { badRequest, conflict, forbidden, notFound } from '../shared/errors';
import { recountSeats } from '../tournaments/writes';

// Deleting an account (README, "Your data": what is erased, what is kept anonymised). The users row
// stays as a tombstone so that a tournament's results and the prizes already sent still add up:
// its runs, ended tournaments' entries and prizes keep pointing at it, under the name "Deleted
// player". Everything that says who the player was is erased in one transaction.

/** The username key of a deleted account: `#` is never in a username, so no player can take it. */
export const deletedUsernameKey = (userId: number) => `#deleted-${userId}`;
/**
 * The e-mail of a deleted account: unique, and never an address (no `@`), so nothing a person signs
 * up with can take it first and block the deletion. (Before, it was `deleted-{id}@deleted.invalid`,
 * which sign-up accepted; tombstones written then keep it, and sign-up now refuses `.invalid`.)
 */
export const deletedEmail = (userId: number) => `#deleted-${userId}`;

export const NO_SUCH_PLAYER = 'No such player.';
export const ADMIN_NOT_DELETABLE = 'Admins cannot be deleted.';
export const ALREADY_DELETED = 'This account is already deleted.';

/** Who asked: the player themself (Account Settings) or an administrator (on the player's request). */
export type DeletedBy = { kind: 'self' } | { kind: 'admin'; actor: Actor };

/** What a deletion did, for the answer and the audit log. */
export interface DeletionSummary {
  userId: number;
  deletedAt: number;
  sessionsEnded: number;
  /** Runs kept, anonymous, off every board. */
  runsKept: number;
  /** Entries of tournaments not yet ended, removed (the player leaves them). */
  entriesRemoved: number;
  /** Prizes already sent, kept under "Deleted player". */
  prizesSent: number;
  /** Prizes not sent yet: withheld for good (kept, so the places do not shift, but never sent). */
  prizesWithheld: number;
}

/**
 * Delete `userId`'s account: 404 for no such player, 403 for an administrator (`ADMIN_USER_IDS`),
 * 409 when it is already deleted (of two deletions at once, one does it: the tombstone is written
 * by one `UPDATE … WHERE deleted_at IS NULL`).
 *
 * Erased: the e-mail and username (placeholders; the address can sign up again as a new account),
 * the country (`XX`), Lightning Address, active avatar, new-games wish and last visit; every
 * session (so every game token), magic link, run ticket and rate-limit window of the address;
 * owned avatars and unlocked achievements; entries of tournaments not yet ended. Kept, anonymous:
 * runs and per-game statistics (on no board any more: `deleted_at` takes the player off them, and
 * `standing_changed_at` tells every process), entries of ended tournaments, prizes (sent ones as
 * they were; unsent ones withheld, never sent) and the audit log (entries about the player keep
 * what was done and when, but their name and Lightning Address are replaced). After the commit the caller
 * calls `afterStandingChange(rankings, userId)` so this process's boards drop the player at once. The deletion itself is audited
 * (actor: the player or the administrator), without the erased address or name.
 */
export async function deleteAccount(
  services: Pick<Services, 'db' | 'config'>,
  userId: number,
  by: DeletedBy,
  now = Date.now(),
): Promise<DeletionSummary> {
  const { db, config } = services;
  if (config.adminUserIds.has(userId)) {
    const exists = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    throw exists ? forbidden(ADMIN_NOT_DELETABLE) : notFound(NO_SUCH_PLAYER);
  }
  const postgres = driverOf(db).dialect === 'postgres';
  return db.transaction().execute(async (trx) => {
    const query = trx.selectFrom('users').select(['id', 'email', 'deleted_at']).where('id', '=', userId);
    const before = await (postgres ? query.forUpdate() : query).executeTakeFirst();
    if (!before) throw notFound(NO_SUCH_PLAYER);
    const tombstone = await trx
      .updateTable('users')
      .set({
        username: DELETED_PLAYER_NAME,
        username_key: deletedUsernameKey(userId),
        email: deletedEmail(userId),
        country: 'XX',
        country_changed_at: now,
        active_avatar_id: null,
        avatar_changed_at: now,
        notify_new_games_at: null,
        lightning_address: null,
        last_seen_at: null,
        deleted_at: now,
      })
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!tombstone) throw conflict(ALREADY_DELETED);
    // Off every board, in every process (moderation/standing.ts); the route tells this one's rankings.
    await markStandingChanged(trx, userId, now);
    const email = before.email;

    const sessions = await trx.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
    await trx
      .deleteFrom('magic_links')
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('email', '=', email)]))
      .execute();
    await trx.deleteFrom('run_tickets').where('user_id', '=', userId).execute();
    await trx.deleteFrom('quiz_history').where('user_id', '=', userId).execute();
    // A new-game mail still waiting would go to an address the account no longer has.
    await trx.deleteFrom('announcement_mails').where('user_id', '=', userId).where('sent_at', 'is', null).execute();
    await eraseRateLimits(trx, email);
    await scrubAuditDetails(trx, userId);
    await trx.deleteFrom('player_avatars').where('user_id', '=', userId).execute();
    await trx.deleteFrom('user_achievements').where('user_id', '=', userId).execute();
    const notEnded = await trx
      .selectFrom('tournament_entries')
      .select('tournament_id')
      .where('user_id', '=', userId)
      .where('tournament_id', 'in', trx.selectFrom('tournaments').select('id').where('end_at', '>', now))
      .execute();
    const entries = await trx
      .deleteFrom('tournament_entries')
      .where('user_id', '=', userId)
      .where('tournament_id', 'in', trx.selectFrom('tournaments').select('id').where('end_at', '>', now))
      .executeTakeFirst();
    // The place they held in a tournament with a player limit is free again.
    for (const { tournament_id } of notEnded) await recountSeats(trx, tournament_id);

    const [runs, prizes] = await Promise.all([
      trx
        .selectFrom('runs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
      trx
        .selectFrom('prize_awards')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('user_id', '=', userId)
        .groupBy('status')
        .execute(),
    ]);
    const summary: DeletionSummary = {
      userId,
      deletedAt: now,
      sessionsEnded: Number(sessions.numDeletedRows),
      runsKept: Number(runs.n),
      entriesRemoved: Number(entries.numDeletedRows),
      prizesSent: Number(prizes.find((p) => p.status === 'sent')?.n ?? 0),
      prizesWithheld: Number(prizes.find((p) => p.status === 'pending')?.n ?? 0),
    };
    const actor: Actor = by.kind === 'self' ? { id: userId, username: DELETED_PLAYER_NAME } : by.actor;
    const { userId: _id, deletedAt: _at, ...counts } = summary;
    await recordAudit(
      trx,
      actor,
      { action: 'user.delete', targetType: 'user', targetId: userId, details: { by: by.kind, ...counts } },
      now,
    );
    return summary;
  });
}

/** Fields of an audit entry's details that name a player or where they were paid. */
const PERSONAL_DETAILS: Record<string, string> = { username: DELETED_PLAYER_NAME, lightningAddress: '(erased)' };

/**
 * The audit entries about the player (their account, their runs, their prizes) stay, as the record
 * of what administrators did and when, but without the name and Lightning Address they carry.
 */
async function scrubAuditDetails(db: Db, userId: number): Promise<void> {
  const ids = (table: 'runs' | 'prize_awards') =>
    db
      .selectFrom(table)
      .select((eb) => eb.cast<string>('id', 'varchar(200)').as('id'))
      .where('user_id', '=', userId);
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'details'])
    .where((eb) =>
      eb.or([
        eb.and([eb('target_type', '=', 'user'), eb('target_id', '=', String(userId))]),
        eb.and([eb('target_type', '=', 'run'), eb('target_id', 'in', ids('runs'))]),
        eb.and([eb('target_type', '=', 'prize'), eb('target_id', 'in', ids('prize_awards'))]),
      ]),
    )
    .execute();
  for (const row of rows) {
    let details: Record<string, unknown>;
    try {
      details = JSON.parse(row.details) as Record<string, unknown>;
    } catch {
      continue;
    }
    const personal = Object.keys(PERSONAL_DETAILS).filter((key) => typeof details[key] === 'string');
    if (!personal.length) continue;
    for (const key of personal) details[key] = PERSONAL_DETAILS[key];
    await db
      .updateTable('audit_log')
      .set({ details: JSON.stringify(details) })
      .where('id', '=', row.id)
      .execute();
  }
}

/**
 * The rate-limit windows that name the address (`mail:email:…`, `code:email:…`, and the per client
 * address and e-mail ones, `mail:ip-email:{ip}:…`, `code:ip-email:{ip}:…`).
 */
async function eraseRateLimits(db: Db, email: string): Promise<void> {
  const tail = `:${email}`;
  await db
    .deleteFrom('rate_limits')
    .where((eb) =>
      eb.or([
        eb('key', 'in', [`mail:email:${email}`, `code:email:${email}`]),
        eb.and([
          eb.or([eb('key', 'like', 'mail:ip-email:%'), eb('key', 'like', 'code:ip-email:%')]),
          sql<boolean>`substr(${sql.ref('key')}, length(${sql.ref('key')}) - ${[...email].length}) = ${tail}`,
        ]),
      ]),
    )
    .execute();
}

/**
 * `DELETE /api/account`: the signed-in player deletes their own account after typing their
 * username (any case) as `confirm`; a different text is a 400 that names what to type.
 */
export async function deleteOwnAccount(
  services: Pick<Services, 'db' | 'config'>,
  user: { id: number; username: string },
  confirm: string,
  now = Date.now(),
): Promise<DeletionSummary> {
  if (confirm.trim().toLowerCase() !== user.username.toLowerCase())
    throw badRequest(`To delete your account, type your username (${user.username}) to confirm.`);
  return deleteAccount(services, user.id, { kind: 'self' }, now);
}
