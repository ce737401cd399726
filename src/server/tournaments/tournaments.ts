import { iso } from '~/lib/dates';
import {
  tournamentImageUrl,
  type AvatarReward,
  type PrizeAward,
  type Tournament,
  type TournamentDetailResponse,
} from '~/lib/schemas/tournament';
import { describeEligibility, ELIGIBILITY_TOP, prizePool } from '~/lib/tournament-prizes';
import { tournamentStatusAt, type TournamentStatus } from '~/lib/tournament-status';
import type { Services } from '../context';
import type { Db } from '../db';
import type { TournamentRow } from '../db/schema';
import { notFound } from '../shared/errors';
import { givenSatsOf } from './pools';

// Tournaments: timed competitions of one game. Status comes from the clock (`now`, injectable as
// in the other services): upcoming before the start, active from the start until the end, past
// from the end on. A run enters every tournament of its game running at its time (the rule:
// `tournamentsEnteredBy` in participation.ts, which the run store applies as it writes the run).
// Here: what the pages and the public API read. The Admin Room's changes: manage.ts.

/** A tournament's status at `now`: upcoming before `start_at`, active until `end_at`, past from it on. */
export function statusAt(row: Pick<TournamentRow, 'start_at' | 'end_at'>, now: number): TournamentStatus {
  return tournamentStatusAt(row.start_at, row.end_at, now);
}

/** Who earns an avatar reward, in the spec's words ('Top 3, with at least 5,000 points'). */
export function unlockCriteria(eligibility: AvatarReward['requirement']['type'], minScore: number | null): string {
  return describeEligibility(eligibility, minScore);
}

/** Each tournament's avatar rewards, with the avatars' names and images, in the admin's order. */
async function avatarRewardsOf(db: Db, ids: number[]): Promise<Map<number, AvatarReward[]>> {
  const byTournament = new Map<number, AvatarReward[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byTournament;
  const rows = await db
    .selectFrom('tournament_avatar_rewards as r')
    .innerJoin('avatars as a', 'a.avatar_id', 'r.avatar_id')
    .select(['r.tournament_id', 'r.avatar_id', 'r.eligibility', 'r.min_score', 'a.name', 'a.image_url'])
    .where('r.tournament_id', 'in', ids)
    .orderBy('r.tournament_id')
    .orderBy('r.position')
    .execute();
  for (const row of rows) {
    byTournament.get(row.tournament_id)!.push({
      avatarId: row.avatar_id,
      avatarName: row.name,
      imageUrl: row.image_url,
      unlockCriteria: unlockCriteria(row.eligibility, row.min_score),
      requirement: { type: row.eligibility, value: ELIGIBILITY_TOP[row.eligibility], minScore: row.min_score },
    });
  }
  return byTournament;
}

/** Each tournament's sats sent so far: the sum of its bitcoin prizes marked sent (absent: none). */
async function distributedSatsOf(db: Db, ids: number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('prize_awards')
    .select((eb) => ['tournament_id', eb.fn.sum<number | string | bigint>('prize_value').as('sats')])
    .where('tournament_id', 'in', ids)
    .where('prize_type', '=', 'bitcoin')
    .where('status', '=', 'sent')
    .groupBy('tournament_id')
    .execute();
  // PostgreSQL answers a bigint sum as text; every sum stays under MAX_SATS, so a number holds it.
  return new Map(rows.map((r) => [r.tournament_id, Number(r.sats)]));
}

/** Tournament rows as the API answers them: status at `now`, rewards, sats sent, participants from the in-memory boards. */
export async function present(
  services: Pick<Services, 'db' | 'rankings'>,
  rows: TournamentRow[],
  now: number,
): Promise<Tournament[]> {
  if (rows.length === 0) return [];
  await services.rankings.current();
  const ids = rows.map((r) => r.id);
  const [rewards, distributed, given] = await Promise.all([
    avatarRewardsOf(services.db, ids),
    distributedSatsOf(services.db, ids),
    givenSatsOf(services.db, ids),
  ]);
  return Promise.all(
    rows.map(async (row): Promise<Tournament> => {
      const split = {
        firstPlaceSats: row.first_place_sats,
        secondToFifthSats: row.second_to_fifth_sats,
        randomParticipantSats: row.random_participant_sats,
      };
      return {
        id: row.id,
        name: row.name,
        gameId: row.game_id,
        description: row.description,
        startDate: iso(row.start_at),
        endDate: iso(row.end_at),
        startTime: iso(row.start_at),
        status: statusAt(row, now),
        participantCount: await services.rankings.participants(row.id),
        imageUrl: row.image_filename ? tournamentImageUrl(row.image_filename) : null,
        rewards: {
          // What the administrator set plus what visitors gave (pools.ts).
          totalPrizePool: prizePool(split) + (given.get(row.id) ?? 0),
          givenSats: given.get(row.id) ?? 0,
          poolRule: row.pool_rule,
          prizeDistribution: {
            '1': split.firstPlaceSats,
            '2-5': split.secondToFifthSats,
            random: split.randomParticipantSats,
          },
          avatarRewards: rewards.get(row.id) ?? [],
        },
        distributedSats: distributed.get(row.id) ?? 0,
        hasReport: row.report_content.trim() !== '',
        maxPlayers: row.max_players === null ? null : Number(row.max_players),
        maxRunsPerPlayer: row.max_runs === null ? null : Number(row.max_runs),
      };
    }),
  );
}

async function presentOne(
  services: Pick<Services, 'db' | 'rankings'>,
  row: TournamentRow,
  now: number,
): Promise<Tournament> {
  return (await present(services, [row], now))[0]!;
}

/**
 * The tournament `id`, or a 404. `lock` (inside a PostgreSQL transaction) locks its row until the
 * transaction ends, so an edit and the processing of its winners run one after the other (SQLite
 * runs one write transaction at a time anyway, and has no row locks).
 */
export async function tournamentRow(db: Db, id: number, lock = false): Promise<TournamentRow> {
  const query = db.selectFrom('tournaments').selectAll().where('id', '=', id);
  // NO KEY: entries and awards that reference the row (their foreign-key checks) are not held up.
  const row = await (lock ? query.forNoKeyUpdate() : query).executeTakeFirst();
  if (!row) throw notFound('Tournament not found.');
  return row;
}

/**
 * How long a process trusts that a tournament it found still exists: boards and own ranks ask on
 * every request, so the answer is kept that long (a deletion here is seen at once, one made by
 * another process within this time, as the page cache's pages are).
 */
const KNOWN_TOURNAMENT_MS = 10_000;
/** Per database: tournament id → when it was last found. Only ids that exist get in. */
export const knownTournaments = new WeakMap<Db, Map<number, number>>();

/** 404 unless the tournament `id` exists (an indexed read of its id, at most once per {@link KNOWN_TOURNAMENT_MS}). */
export async function assertTournament(db: Db, id: number, now = Date.now()): Promise<void> {
  let known = knownTournaments.get(db);
  if (!known) knownTournaments.set(db, (known = new Map()));
  const foundAt = known.get(id);
  if (foundAt !== undefined && now - foundAt < KNOWN_TOURNAMENT_MS) return;
  const row = await db.selectFrom('tournaments').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) {
    known.delete(id);
    throw notFound('Tournament not found.');
  }
  known.set(id, now);
}

/** The tournaments of one status at `now` (or all): upcoming soonest first, active ending soonest first, past latest first; all by start, latest first. */
export async function listTournaments(
  services: Pick<Services, 'db' | 'rankings'>,
  status?: TournamentStatus,
  now = Date.now(),
): Promise<Tournament[]> {
  let query = services.db.selectFrom('tournaments').selectAll();
  if (status === 'upcoming') query = query.where('start_at', '>', now).orderBy('start_at').orderBy('id');
  else if (status === 'active')
    query = query.where('start_at', '<=', now).where('end_at', '>', now).orderBy('end_at').orderBy('id');
  else if (status === 'past') query = query.where('end_at', '<=', now).orderBy('end_at', 'desc').orderBy('id', 'desc');
  else query = query.orderBy('start_at', 'desc').orderBy('id', 'desc');
  return present(services, await query.execute(), now);
}

/**
 * The featured tournament at `now`: the active one (ending soonest, when several run at once),
 * else the next upcoming one, else null.
 */
export async function featuredTournament(
  services: Pick<Services, 'db' | 'rankings'>,
  now = Date.now(),
): Promise<Tournament | null> {
  const active = await services.db
    .selectFrom('tournaments')
    .selectAll()
    .where('start_at', '<=', now)
    .where('end_at', '>', now)
    .orderBy('end_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const row =
    active ??
    (await services.db
      .selectFrom('tournaments')
      .selectAll()
      .where('start_at', '>', now)
      .orderBy('start_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst());
  return row ? presentOne(services, row, now) : null;
}

/** One tournament (404 when missing). */
export async function findTournament(
  services: Pick<Services, 'db' | 'rankings'>,
  id: number,
  now = Date.now(),
): Promise<Tournament> {
  return presentOne(services, await tournamentRow(services.db, id), now);
}

/** A tournament's prize awards, by type then id. */
export async function prizeAwardsOf(db: Db, tournamentId: number): Promise<PrizeAward[]> {
  const rows = await db
    .selectFrom('prize_awards')
    .selectAll()
    .where('tournament_id', '=', tournamentId)
    .orderBy('prize_type')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    tournamentId: r.tournament_id,
    userId: r.user_id,
    prizeType: r.prize_type,
    prizeValue: r.prize_value,
    avatarId: r.avatar_id,
    status: r.status,
  }));
}

/** `GET /api/tournaments/{id}`: the tournament and its prize awards. */
export async function tournamentDetail(
  services: Pick<Services, 'db' | 'rankings'>,
  id: number,
  now = Date.now(),
): Promise<TournamentDetailResponse> {
  const [tournament, prizeAwards] = await Promise.all([
    findTournament(services, id, now),
    prizeAwardsOf(services.db, id),
  ]);
  return { ...tournament, prizeAwards };
}
