import { randomInt } from 'node:crypto';
import { iso } from '~/lib/dates';
import { ELIGIBILITY_TOP, prizeReasonLabel, type Eligibility } from '~/lib/tournament-prizes';
import type {
  AvatarRewardProgress,
  BulkDistributeResponse,
  DistributionStatus,
  PrizeResponse,
  ProcessWinnersResponse,
  Winner,
  WinnersResponse,
} from '~/lib/schemas/admin';
import type { Services } from '../context';
import { driverOf, type Db } from '../db';
import type { PrizeAwardsTable, TournamentRow } from '../db/schema';
import { conflict, notFound } from '../shared/errors';
import { statusAt, tournamentRow, unlockCriteria } from './tournaments';
import { listAudit, recordAudit, type Actor } from '../shared/audit';
import { payoutOf, payoutSettings } from './payouts/payouts';
import { assertNotWithheld } from './withheld';
import { growPoolOnce } from './pools';
import type { Insertable } from 'kysely';

// Winners of a past tournament: who placed (the board's order: higher score, then who reached it
// first, then the lower id, so places are never shared), the random draw, the avatar rewards, and
// sending each prize exactly once.

/** Places 2 to 5 share the second-to-fifth prize. */
const PAID_PLACES = 5;
const PLACE_KEY = 'place';
const RANDOM_KEY = 'random';

interface Placed {
  userId: number;
  rank: number;
  score: number;
}

interface RewardRule {
  avatar_id: string;
  eligibility: Eligibility;
  min_score: number | null;
}

/**
 * The final board, best first, with unique consecutive ranks: the players on the boards only (a
 * banned or deleted player does not place; README, "Player management"), as the board shows it.
 */
async function finalPlaces(db: Db, tournamentId: number): Promise<Placed[]> {
  const rows = await db
    .selectFrom('tournament_entries as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.user_id', 'e.best_score'])
    .where('e.tournament_id', '=', tournamentId)
    .where('u.banned_at', 'is', null)
    .where('u.deleted_at', 'is', null)
    .orderBy('e.best_score', 'desc')
    .orderBy('e.best_reached_at')
    .orderBy('e.user_id')
    .execute();
  return rows.map((row, i) => ({ userId: row.user_id, rank: i + 1, score: Number(row.best_score) }));
}

/** Who earns an avatar reward: a rank inside its eligibility and, if it has one, the minimum score. */
export function eligibleFor(places: Placed[], rule: Pick<RewardRule, 'eligibility' | 'min_score'>): Placed[] {
  const top = ELIGIBILITY_TOP[rule.eligibility];
  return places.filter(
    (p) => (top === null || p.rank <= top) && (rule.min_score === null || p.score >= rule.min_score),
  );
}

const rewardRules = (db: Db, tournamentId: number) =>
  db
    .selectFrom('tournament_avatar_rewards')
    .select(['avatar_id', 'eligibility', 'min_score'])
    .where('tournament_id', '=', tournamentId)
    .orderBy('position')
    .execute();

function assertPast(row: TournamentRow, now: number, what: string) {
  const status = statusAt(row, now);
  if (status !== 'past')
    throw conflict(
      `${what} once "${row.name}" has ended: it is ${status} until ${new Date(status === 'upcoming' ? row.start_at : row.end_at).toISOString()}.`,
    );
}

/**
 * The random draw, made once per tournament: a participant chosen with `crypto.randomInt` among
 * those outside the paid places (among everyone when all of them placed). Recorded with the
 * processing row, whose primary key lets only the first of two concurrent calls draw.
 */
async function drawOnce(trx: Db, actor: Actor, tournamentId: number, places: Placed[], now: number) {
  const pool = places.length > PAID_PLACES ? places.slice(PAID_PLACES) : places;
  // A random prize awarded before processing existed (imported or demo data) stands as the draw.
  const earlier = await trx
    .selectFrom('prize_awards')
    .select('user_id')
    .where('tournament_id', '=', tournamentId)
    .where('award_key', '=', RANDOM_KEY)
    .executeTakeFirst();
  const drawn = earlier ? earlier.user_id : pool.length > 0 ? pool[randomInt(pool.length)]!.userId : null;
  await trx
    .insertInto('tournament_processing')
    .values({
      tournament_id: tournamentId,
      processed_at: now,
      processed_by: actor.id,
      random_user_id: drawn,
      random_candidates: pool.length,
    })
    .onConflict((oc) => oc.column('tournament_id').doNothing())
    .execute();
  return trx
    .selectFrom('tournament_processing')
    .selectAll()
    .where('tournament_id', '=', tournamentId)
    .executeTakeFirstOrThrow();
}

/**
 * `POST /api/admin/tournaments/{id}/process-winners`: create the prize awards of a past
 * tournament, pending: first place, places 2-5, the random participant, and each avatar reward for
 * every player its eligibility and minimum score allow. Idempotent: each award exists at most once
 * (a unique key per tournament, player, type and award), so pressing twice, even at the same
 * moment, creates nothing new; the random draw is made once and kept. 409 before the end.
 */
export async function processWinners(
  services: Pick<Services, 'db'>,
  actor: Actor,
  tournamentId: number,
  now = Date.now(),
): Promise<ProcessWinnersResponse> {
  return (await processAwards(services, actor, tournamentId, now, false))!;
}

/**
 * Process a tournament's winners unless they have been already (the sweep of tournaments that
 * process themselves when they end): null when another call, another process or an administrator
 * got there first, so the audit log says once who or what processed them.
 */
export async function processWinnersOnce(
  services: Pick<Services, 'db'>,
  actor: Actor,
  tournamentId: number,
  now = Date.now(),
): Promise<ProcessWinnersResponse | null> {
  return processAwards(services, actor, tournamentId, now, true);
}

async function processAwards(
  services: Pick<Services, 'db'>,
  actor: Actor,
  tournamentId: number,
  now: number,
  onlyFirst: boolean,
): Promise<ProcessWinnersResponse | null> {
  const postgres = driverOf(services.db).dialect === 'postgres';
  return services.db.transaction().execute(async (trx) => {
    // Locked: an edit of its game, dates or rewards waits, and then finds the winners processed;
    // so does a second processing, which then finds the first one's row.
    const row = await tournamentRow(trx, tournamentId, postgres);
    assertPast(row, now, 'Winners can be processed');
    const processedBefore = await trx
      .selectFrom('tournament_processing')
      .select('tournament_id')
      .where('tournament_id', '=', tournamentId)
      .executeTakeFirst();
    if (onlyFirst && processedBefore) return null;
    const places = await finalPlaces(trx, tournamentId);
    const draw = await drawOnce(trx, actor, tournamentId, places, now);
    const base = { tournament_id: tournamentId, created_at: now };
    // Every bitcoin prize a winner could get (set sats, 0 included: the pool may grow it).
    let prizes: Insertable<PrizeAwardsTable>[] = [];
    for (const p of places.slice(0, PAID_PLACES)) {
      const sats = p.rank === 1 ? row.first_place_sats : row.second_to_fifth_sats;
      prizes.push({
        ...base,
        user_id: p.userId,
        prize_type: 'bitcoin',
        prize_value: sats,
        award_key: PLACE_KEY,
        award_reason: p.rank === 1 ? 'first_place' : `place_${p.rank}`,
      });
    }
    if (draw.random_user_id !== null) {
      prizes.push({
        ...base,
        user_id: draw.random_user_id,
        prize_type: 'bitcoin',
        prize_value: row.random_participant_sats,
        award_key: RANDOM_KEY,
        award_reason: 'random_participant',
      });
    }
    // The sats given to its pool grow them, decided once: at the first processing (pools.ts).
    if (!processedBefore) prizes = await growPoolOnce(trx, actor, row, prizes, now);
    const awards = prizes.filter((p) => Number(p.prize_value) > 0);
    for (const rule of await rewardRules(trx, tournamentId)) {
      const reason = unlockCriteria(rule.eligibility, rule.min_score);
      for (const p of eligibleFor(places, rule))
        awards.push({
          ...base,
          user_id: p.userId,
          prize_type: 'avatar',
          prize_value: 0,
          avatar_id: rule.avatar_id,
          award_key: rule.avatar_id,
          award_reason: reason,
        });
    }
    const created = awards.length
      ? await trx
          .insertInto('prize_awards')
          .values(awards)
          .onConflict((oc) => oc.columns(['tournament_id', 'user_id', 'prize_type', 'award_key']).doNothing())
          .returning(['prize_type'])
          .execute()
      : [];
    const bitcoinAwards = created.filter((a) => a.prize_type === 'bitcoin').length;
    const avatarAwards = created.length - bitcoinAwards;
    const drawnUser =
      draw.random_user_id === null
        ? undefined
        : await trx
            .selectFrom('users')
            .select(['id', 'username'])
            .where('id', '=', draw.random_user_id)
            .executeTakeFirst();
    await recordAudit(
      trx,
      actor,
      {
        action: 'tournament.process_winners',
        targetType: 'tournament',
        targetId: tournamentId,
        tournamentId,
        details: {
          awardsCreated: created.length,
          bitcoinAwards,
          avatarAwards,
          participants: places.length,
          randomUserId: draw.random_user_id,
          randomCandidates: draw.random_candidates,
        },
      },
      now,
    );
    return {
      awardsCreated: created.length,
      bitcoinAwards,
      avatarAwards,
      randomWinner: drawnUser
        ? { userId: drawnUser.id, username: drawnUser.username, candidates: draw.random_candidates }
        : null,
      message: created.length
        ? `Created ${bitcoinAwards} Bitcoin and ${avatarAwards} Avatar awards.`
        : 'Every award already exists: nothing new was created.',
    };
  });
}

/** `GET /api/admin/tournaments/{id}/winners`: every player with a prize, by rank, with their prizes and the tournament's audit log. */
export async function listWinners(
  services: Pick<Services, 'db' | 'rankings' | 'config' | 'wallet'>,
  tournamentId: number,
  now = Date.now(),
): Promise<WinnersResponse> {
  const { db } = services;
  const row = await tournamentRow(db, tournamentId);
  const [places, awards, rules, processing, auditLog, payouts] = await Promise.all([
    finalPlaces(db, tournamentId),
    db
      .selectFrom('prize_awards as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .leftJoin('avatars as a', 'a.avatar_id', 'p.avatar_id')
      .leftJoin('users as s', 's.id', 'p.sent_by')
      .select([
        'p.id',
        'p.user_id',
        'p.prize_type',
        'p.prize_value',
        'p.avatar_id',
        'p.award_reason',
        'p.status',
        'p.sent_at',
        'p.payment_proof',
        'p.payout_state',
        'p.payout_hash',
        'p.payout_error',
        'p.payout_paid_at',
        'u.username',
        'u.lightning_address',
        'u.banned_at',
        'u.deleted_at',
        'a.name as avatar_name',
        'a.image_url',
        's.username as sent_by_name',
      ])
      .where('p.tournament_id', '=', tournamentId)
      .orderBy('p.id')
      .execute(),
    db
      .selectFrom('tournament_avatar_rewards as r')
      .innerJoin('avatars as a', 'a.avatar_id', 'r.avatar_id')
      .select(['r.avatar_id', 'r.eligibility', 'r.min_score', 'a.name', 'a.image_url'])
      .where('r.tournament_id', '=', tournamentId)
      .orderBy('r.position')
      .execute(),
    db
      .selectFrom('tournament_processing')
      .select('processed_at')
      .where('tournament_id', '=', tournamentId)
      .executeTakeFirst(),
    listAudit(db, { tournamentId }),
    payoutSettings(services, now),
  ]);
  const placeOf = new Map(places.map((p) => [p.userId, p]));
  const winners = new Map<number, Winner>();
  for (const a of awards) {
    let winner = winners.get(a.user_id);
    if (!winner) {
      const place = placeOf.get(a.user_id);
      winner = {
        userId: a.user_id,
        username: a.username,
        rank: place?.rank ?? null,
        score: place?.score ?? null,
        lightningAddress: a.lightning_address,
        withheld: a.banned_at !== null || a.deleted_at !== null,
        bitcoinPrizes: [],
        avatarPrizes: [],
      };
      winners.set(a.user_id, winner);
    }
    const sent = {
      distributionStatus: a.status,
      sentAt: iso(a.sent_at),
      sentBy: a.sent_by_name,
      paymentProof: a.payment_proof,
    };
    const awardReason = prizeReasonLabel(a.prize_type, a.award_reason);
    if (a.prize_type === 'bitcoin')
      winner.bitcoinPrizes.push({
        id: a.id,
        prizeValue: Number(a.prize_value),
        awardReason,
        ...sent,
        payout: payoutOf(a, payouts.enabled && a.banned_at === null && a.deleted_at === null),
      });
    else
      winner.avatarPrizes.push({
        id: a.id,
        avatarId: a.avatar_id ?? '',
        avatarName: a.avatar_name ?? a.avatar_id ?? 'Removed avatar',
        avatarImageUrl: a.image_url ?? '',
        awardReason,
        ...sent,
      });
  }
  const sentAvatars = new Map<string, number>();
  for (const a of awards)
    if (a.prize_type === 'avatar' && a.status === 'sent' && a.avatar_id)
      sentAvatars.set(a.avatar_id, (sentAvatars.get(a.avatar_id) ?? 0) + 1);
  const avatarRewards: AvatarRewardProgress[] = rules.map((r) => ({
    avatarId: r.avatar_id,
    avatarName: r.name,
    imageUrl: r.image_url,
    unlockCriteria: unlockCriteria(r.eligibility, r.min_score),
    eligible: eligibleFor(places, r).length,
    distributed: sentAvatars.get(r.avatar_id) ?? 0,
  }));
  return {
    tournament: {
      id: row.id,
      name: row.name,
      status: statusAt(row, now),
      startDate: new Date(row.start_at).toISOString(),
      endDate: new Date(row.end_at).toISOString(),
      participantCount: places.length,
    },
    processedAt: iso(processing?.processed_at ?? null),
    winners: [...winners.values()].sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.userId - b.userId),
    avatarRewards,
    auditLog,
    payouts,
  };
}

/** Put an avatar prize into the player's collection (in the sending transaction); owning it already is fine. */
async function giveAvatar(trx: Db, userId: number, avatarId: string, source: string, now: number) {
  await trx
    .insertInto('player_avatars')
    .values({ user_id: userId, avatar_id: avatarId, source: source.slice(0, 120), acquired_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'avatar_id']).doNothing())
    .execute();
}

/**
 * Send a prize: pending -> sent, exactly once. The update changes the row only while it is pending,
 * so of two concurrent sends one wins and the other gets a 409 saying when and by whom it was
 * sent. An avatar prize joins the player's collection in the same transaction.
 */
export async function distributePrize(
  services: Pick<Services, 'db'>,
  actor: Actor,
  prizeId: number,
  paymentProof: string | null = null,
  now = Date.now(),
): Promise<PrizeResponse> {
  const postgres = driverOf(services.db).dialect === 'postgres';
  return services.db.transaction().execute(async (trx) => {
    // A banned winner's prize is withheld (README, "Player management"): a 409, nothing sent.
    const winner = await trx.selectFrom('prize_awards').select('user_id').where('id', '=', prizeId).executeTakeFirst();
    if (!winner) throw notFound(`There is no prize ${prizeId}.`);
    await assertNotWithheld(trx, winner.user_id, postgres);
    const sent = await trx
      .updateTable('prize_awards')
      .set({ status: 'sent', sent_at: now, sent_by: actor.id, payment_proof: paymentProof || null })
      .where('id', '=', prizeId)
      .where('status', '=', 'pending')
      // A Lightning payment under way may still pay it: no second payment by hand meanwhile.
      .where((eb) => eb.or([eb('payout_state', 'is', null), eb('payout_state', '!=', 'paying')]))
      .returningAll()
      .executeTakeFirst();
    if (!sent) {
      const existing = await trx
        .selectFrom('prize_awards as p')
        .leftJoin('users as s', 's.id', 'p.sent_by')
        .select(['p.sent_at', 's.username', 'p.payout_state', 'p.status'])
        .where('p.id', '=', prizeId)
        .executeTakeFirst();
      if (!existing) throw notFound(`There is no prize ${prizeId}.`);
      if (existing.status === 'pending' && existing.payout_state === 'paying')
        throw conflict(
          'A Lightning payment of this prize is under way: wait for the wallet to answer before sending it by hand.',
        );
      throw conflict(
        `This prize was already sent${existing.sent_at ? ` on ${new Date(Number(existing.sent_at)).toISOString().slice(0, 16).replace('T', ' ')} UTC` : ''}${existing.username ? ` by ${existing.username}` : ''}.`,
      );
    }
    const tournament = await trx
      .selectFrom('tournaments')
      .select('name')
      .where('id', '=', sent.tournament_id)
      .executeTakeFirstOrThrow();
    if (sent.prize_type === 'avatar' && sent.avatar_id)
      await giveAvatar(trx, sent.user_id, sent.avatar_id, tournament.name, now);
    await recordAudit(
      trx,
      actor,
      {
        action: 'prize.distribute',
        targetType: 'prize',
        targetId: prizeId,
        tournamentId: sent.tournament_id,
        details: {
          userId: sent.user_id,
          prizeType: sent.prize_type,
          prizeValue: Number(sent.prize_value),
          avatarId: sent.avatar_id,
          paymentProof: sent.payment_proof,
        },
      },
      now,
    );
    return {
      message:
        sent.prize_type === 'avatar'
          ? "The avatar is now in the player's collection."
          : `${Number(sent.prize_value).toLocaleString('en-US')} sats marked as sent.`,
      prize: {
        id: sent.id,
        tournamentId: sent.tournament_id,
        userId: sent.user_id,
        prizeType: sent.prize_type,
        distributionStatus: 'sent',
        sentAt: iso(sent.sent_at),
        sentBy: actor.username,
        paymentProof: sent.payment_proof,
      },
    };
  });
}

/** `PUT .../prizes/{prizeId}/status`: only forward (pending -> sent, which sends it); a sent prize never goes back. */
export async function setPrizeStatus(
  services: Pick<Services, 'db'>,
  actor: Actor,
  prizeId: number,
  status: DistributionStatus,
  paymentProof: string | null = null,
  now = Date.now(),
): Promise<PrizeResponse> {
  if (status === 'sent') return distributePrize(services, actor, prizeId, paymentProof, now);
  const row = await services.db
    .selectFrom('prize_awards')
    .select(['status'])
    .where('id', '=', prizeId)
    .executeTakeFirst();
  if (!row) throw notFound(`There is no prize ${prizeId}.`);
  if (row.status === 'sent') throw conflict('A sent prize cannot go back to pending: sending is irreversible.');
  throw conflict('This prize is already pending.');
}

/**
 * `POST /api/admin/tournaments/{id}/bulk-distribute-avatar`: every player eligible for the
 * tournament's reward `avatarId` gets it, sent: their pending awards are sent
 * (`distributedExisting`), and eligible players without an award get a new one, sent
 * (`newAwards`). The avatars join their collections in the same transaction. A second call finds
 * nothing to do.
 */
export async function bulkDistributeAvatar(
  services: Pick<Services, 'db'>,
  actor: Actor,
  tournamentId: number,
  avatarId: string,
  now = Date.now(),
): Promise<BulkDistributeResponse> {
  return services.db.transaction().execute(async (trx) => {
    const row = await tournamentRow(trx, tournamentId);
    assertPast(row, now, 'Avatar rewards can be distributed');
    const rule = (await rewardRules(trx, tournamentId)).find((r) => r.avatar_id === avatarId);
    if (!rule) throw notFound(`"${row.name}" offers no avatar reward "${avatarId}".`);
    const eligible = eligibleFor(await finalPlaces(trx, tournamentId), rule).map((p) => p.userId);
    if (eligible.length === 0)
      return { distributedExisting: 0, newAwards: 0, message: 'Nobody is eligible for this reward.' };
    const sentFields = { status: 'sent' as const, sent_at: now, sent_by: actor.id };
    const existing = await trx
      .updateTable('prize_awards')
      .set(sentFields)
      .where('tournament_id', '=', tournamentId)
      .where('prize_type', '=', 'avatar')
      .where('award_key', '=', avatarId)
      .where('status', '=', 'pending')
      .where('user_id', 'in', eligible)
      .returning('user_id')
      .execute();
    const created = await trx
      .insertInto('prize_awards')
      .values(
        eligible.map((userId) => ({
          tournament_id: tournamentId,
          user_id: userId,
          prize_type: 'avatar' as const,
          prize_value: 0,
          avatar_id: avatarId,
          award_key: avatarId,
          award_reason: unlockCriteria(rule.eligibility, rule.min_score),
          created_at: now,
          ...sentFields,
        })),
      )
      .onConflict((oc) => oc.columns(['tournament_id', 'user_id', 'prize_type', 'award_key']).doNothing())
      .returning('user_id')
      .execute();
    for (const { user_id } of [...existing, ...created]) await giveAvatar(trx, user_id, avatarId, row.name, now);
    await recordAudit(
      trx,
      actor,
      {
        action: 'avatar.bulk_distribute',
        targetType: 'tournament',
        targetId: tournamentId,
        tournamentId,
        details: {
          avatarId,
          eligible: eligible.length,
          distributedExisting: existing.length,
          newAwards: created.length,
        },
      },
      now,
    );
    return {
      distributedExisting: existing.length,
      newAwards: created.length,
      message: `${existing.length} existing and ${created.length} new avatar awards distributed.`,
    };
  });
}
