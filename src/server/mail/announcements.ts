import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Services } from '../context';
import type { Db } from '../db';
import { isUniqueViolation } from '../db/errors';
import { recordAudit, type Actor } from '../shared/audit';
import { listGames } from '../shared/content';
import { conflict, notFound } from '../shared/errors';
import { scheduleSweep, type Sweep } from '../shared/sweep';
import { newGameMail } from './templates';

// New-game mails (README, "New-game mails"). An announcement queues one row per subscriber in
// `announcement_mails`, in the transaction that records it; every process drains the queue in the
// background, a few mails at a time. A row is claimed with a conditional update before its mail
// goes out, so two processes never send the same mail, and a restart never sends a sent one again.

/** How often every process looks for waiting mails. */
export const ANNOUNCE_SWEEP_MS = 10_000;
/** Mails one process sends per sweep: at most 20 per 10 s, well under a mail provider's limits. */
export const ANNOUNCE_BATCH = 20;
/** Deliveries the mail server may refuse before the mail is given up. */
export const ANNOUNCE_MAX_ATTEMPTS = 3;
/**
 * A claim older than this whose mail is not marked sent belongs to a process that stopped mid-send:
 * the mail may have gone out, so it is given up rather than sent again (at most once).
 */
export const ANNOUNCE_STALE_CLAIM_MS = 10 * 60_000;

export interface Announcement {
  id: number;
  gameId: string;
  gameName: string;
  /** Mails queued: one per player who asked to hear about new games. */
  recipients: number;
}

async function findGame(gameId: string) {
  const game = (await listGames()).find((g) => g.data.gameId === gameId);
  if (!game) throw notFound(`There is no listed game "${gameId}" to announce.`);
  return game.data;
}

/**
 * Announce a catalogue game: one mail queued for every player who wants to hear about new games
 * (not banned, not deleted). A game is announced once; a second announcement is a 409.
 */
export async function announceGame(db: Db, actor: Actor, gameId: string, now = Date.now()): Promise<Announcement> {
  const game = await findGame(gameId);
  try {
    return await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('game_announcements')
        .values({ game_id: game.gameId, announced_by: actor.id, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const queued = await trx
        .insertInto('announcement_mails')
        .columns(['announcement_id', 'user_id'])
        .expression((eb) =>
          eb
            .selectFrom('users')
            .select([eb.val(id).as('announcement_id'), 'users.id as user_id'])
            .where('notify_new_games_at', 'is not', null)
            .where('deleted_at', 'is', null)
            .where('banned_at', 'is', null),
        )
        .executeTakeFirst();
      const recipients = Number(queued.numInsertedOrUpdatedRows ?? 0);
      await recordAudit(
        trx,
        actor,
        { action: 'game.announce', targetType: 'game', targetId: game.gameId, details: { recipients } },
        now,
      );
      return { id, gameId: game.gameId, gameName: game.name, recipients };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`${game.name} was announced already: each game is announced once.`);
    throw error;
  }
}

/** The announcements, newest first, with how many of their mails went out, wait or were given up. */
export async function listAnnouncements(db: Db) {
  const rows = await db
    .selectFrom('game_announcements as a')
    .leftJoin('announcement_mails as m', 'm.announcement_id', 'a.id')
    .select((eb) => [
      'a.id',
      'a.game_id',
      'a.created_at',
      eb.fn.count<number | string>('m.user_id').as('queued'),
      eb.fn.count<number | string>('m.sent_at').as('sent'),
      eb.fn.count<number | string>('m.given_up_at').as('given_up'),
    ])
    .groupBy(['a.id', 'a.game_id', 'a.created_at'])
    .orderBy('a.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    gameId: r.game_id,
    announcedAt: new Date(Number(r.created_at)).toISOString(),
    queued: Number(r.queued),
    sent: Number(r.sent),
    givenUp: Number(r.given_up),
  }));
}

/** Players who would get a new-game mail if a game were announced now. */
export async function countSubscribers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('notify_new_games_at', 'is not', null)
    .where('deleted_at', 'is', null)
    .where('banned_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The key of a player's one-click unsubscribe link: an HMAC, so the link needs no table and no sign-in. */
export function unsubscribeKey(secretKey: string, userId: number): string {
  return createHmac('sha256', secretKey).update(`unsubscribe-new-games:${userId}`).digest('base64url');
}

/** The absolute one-click unsubscribe link of a player. */
export function unsubscribeLink(config: Services['config'], userId: number): string {
  return `${config.siteUrl}/unsubscribe?u=${userId}&k=${unsubscribeKey(config.secretKey, userId)}`;
}

/**
 * Take a player off the new-game list with the key of their link. False when the link is not one
 * the arcade made (no such player, wrong key); true otherwise, also when they were off it already.
 */
export async function unsubscribeWithKey(
  services: Pick<Services, 'db' | 'config'>,
  userId: number,
  key: string,
): Promise<boolean> {
  const expected = Buffer.from(unsubscribeKey(services.config.secretKey, userId));
  const given = Buffer.from(key);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const updated = await services.db
    .updateTable('users')
    .set({ notify_new_games_at: null })
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/**
 * Send up to `batch` waiting mails; how many went out. A mail whose player has meanwhile left the
 * list (unsubscribed, banned, deleted) is given up unsent.
 */
export async function sendAnnouncementMails(
  services: Pick<Services, 'db' | 'config' | 'mailer'>,
  { now = () => Date.now(), batch = ANNOUNCE_BATCH } = {},
): Promise<number> {
  const { db, config, mailer } = services;
  await db
    .updateTable('announcement_mails')
    .set({ given_up_at: now() })
    .where('claimed_at', '<', now() - ANNOUNCE_STALE_CLAIM_MS)
    .where('sent_at', 'is', null)
    .where('given_up_at', 'is', null)
    .execute();
  const waiting = await db
    .selectFrom('announcement_mails as m')
    .innerJoin('game_announcements as a', 'a.id', 'm.announcement_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.announcement_id',
      'm.user_id',
      'm.attempts',
      'a.game_id',
      'u.email',
      'u.username',
      'u.notify_new_games_at',
      'u.banned_at',
      'u.deleted_at',
    ])
    .where('m.claimed_at', 'is', null)
    .where('m.given_up_at', 'is', null)
    .orderBy('m.announcement_id')
    .orderBy('m.user_id')
    .limit(batch)
    .execute();
  const games = new Map((await listGames()).map((g) => [g.data.gameId, g.data]));
  let sent = 0;
  for (const row of waiting) {
    const key = (q: ReturnType<typeof db.updateTable<'announcement_mails'>>) =>
      q.where('announcement_id', '=', row.announcement_id).where('user_id', '=', row.user_id);
    const claimed = await key(db.updateTable('announcement_mails').set({ claimed_at: now() }))
      .where('claimed_at', 'is', null)
      .where('given_up_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue; // another process took it
    const game = games.get(row.game_id);
    if (!game || row.notify_new_games_at === null || row.banned_at !== null || row.deleted_at !== null) {
      await key(db.updateTable('announcement_mails').set({ given_up_at: now() })).execute();
      continue;
    }
    try {
      await mailer.send(
        newGameMail({
          productName: config.productName,
          to: row.email,
          username: row.username,
          gameName: game.name,
          description: game.description,
          gameLink: `${config.siteUrl}${game.detailsPath}`,
          unsubscribeLink: unsubscribeLink(config, row.user_id),
        }),
      );
    } catch (error) {
      console.error(`[arcade] the new-game mail to player ${row.user_id} was refused:`, error);
      const attempts = row.attempts + 1;
      await key(
        db.updateTable('announcement_mails').set(
          attempts >= ANNOUNCE_MAX_ATTEMPTS
            ? { attempts, given_up_at: now() }
            : // Refused, so not sent: back in the queue for a later sweep.
              { attempts, claimed_at: null },
        ),
      ).execute();
      continue;
    }
    await key(db.updateTable('announcement_mails').set({ sent_at: now() })).execute();
    sent += 1;
  }
  return sent;
}

/**
 * The sweep: at once, then every {@link ANNOUNCE_SWEEP_MS}, and as soon as an administrator
 * announces a game (`now()`, through `Services.sendAnnouncementMails`). Returns its stop.
 */
export function scheduleAnnouncementMails(
  services: Pick<Services, 'db' | 'config' | 'mailer'>,
  intervalMs = ANNOUNCE_SWEEP_MS,
): Sweep {
  return scheduleSweep('sending new-game mails', () => sendAnnouncementMails(services), intervalMs);
}
