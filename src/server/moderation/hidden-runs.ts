import { sql, type Transaction } from 'kysely';
import { iso } from '~/lib/dates';
import type { HiddenRunResponse } from '~/lib/schemas/moderation';
import type { Services } from '../context';
import { driverOf } from '../db';
import type { Database } from '../db/schema';
import { recordAudit, type Actor } from '../shared/audit';
import { listAllGames } from '../shared/content';
import { conflict, notFound } from '../shared/errors';
import { runsHidden } from '../shared/metrics';
import { countsInTournaments } from '../tournaments/participation';
import { rebuildEntries } from '../tournaments/writes';
import { parseReason } from './bans';
import { markStandingChanged } from './standing';

// Hidden runs (README, "Player management"). A hidden run stays stored (kept for the record, with
// when and why) but counts nowhere: not in the player's best, plays or total score of its game
// (`game_stats`), not in any tournament entry (`tournament_entries`), not in the game's total of
// runs played (`game_totals`), not in the formations it unlocked (`user_achievements`, unless
// another visible run unlocked them too), not among the player's recent scores or verified plays.
// Hiding and restoring recompute all of that from the player's remaining runs, in one transaction
// that on PostgreSQL first locks the runs table against new runs (as a tournament's admin edit
// does), so a run arriving at the same moment is either folded in before (and recomputed with the
// rest) or after (folded onto the recomputed rows): never lost, never counted twice. The boards
// follow through the standing change feed (standing.ts), in every process.
// Avatars already claimed from an achievement a hidden run had earned stay in the player's
// collection (claiming is the player's act, and taking an avatar back would also unset it as their
// active one); prizes already awarded from a tournament the run counted in stay as awarded: the
// administrator decides about them (the answer names such tournaments).

type Tx = Transaction<Database>;

/** `POST /api/admin/runs/{id}/hide`: hide one run (runs.id) from every board and tournament, with a reason. */
export async function hideRun(
  services: Pick<Services, 'db' | 'rankings'>,
  actor: Actor,
  runId: number,
  reasonInput: unknown,
  now = Date.now(),
): Promise<HiddenRunResponse> {
  const reason = parseReason(reasonInput);
  return changeVisibility(services, actor, runId, { hide: true, reason }, now);
}

/** `POST /api/admin/runs/{id}/restore`: put a hidden run back where it counts. */
export async function restoreRun(
  services: Pick<Services, 'db' | 'rankings'>,
  actor: Actor,
  runId: number,
  now = Date.now(),
): Promise<HiddenRunResponse> {
  return changeVisibility(services, actor, runId, { hide: false }, now);
}

async function changeVisibility(
  services: Pick<Services, 'db' | 'rankings'>,
  actor: Actor,
  runId: number,
  change: { hide: true; reason: string } | { hide: false },
  now: number,
): Promise<HiddenRunResponse> {
  const games = (await listAllGames()).map((g) => g.data);
  const postgres = driverOf(services.db).dialect === 'postgres';
  const result = await services.db.transaction().execute(async (trx) => {
    // No run is written meanwhile (runs being written are waited for): see the file's comment.
    if (postgres) await sql`lock table runs in share mode`.execute(trx);
    const before = await trx
      .selectFrom('runs as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select([
        'r.id',
        'r.user_id',
        'r.game_id',
        'r.score',
        'r.created_at',
        'r.hidden_at',
        'r.hidden_reason',
        'r.achievements_json',
        'u.username',
      ])
      .where('r.id', '=', runId)
      .executeTakeFirst();
    if (!before) throw notFound('No such run.');
    if (change.hide && before.hidden_at !== null) throw conflict('This run is already hidden.');
    if (!change.hide && before.hidden_at === null) throw conflict('This run is not hidden.');
    const changed = await trx
      .updateTable('runs')
      .set(change.hide ? { hidden_at: now, hidden_reason: change.reason } : { hidden_at: null, hidden_reason: null })
      .where('id', '=', runId)
      .where('hidden_at', change.hide ? 'is' : 'is not', null)
      .returning(['hidden_at', 'hidden_reason'])
      .executeTakeFirst();
    if (!changed) throw conflict(change.hide ? 'This run is already hidden.' : 'This run is not hidden.');

    const userId = before.user_id;
    await recomputeGameStats(trx, userId, before.game_id);
    const tournaments = await recomputeEntries(
      trx,
      userId,
      before.game_id,
      Number(before.created_at),
      games.find((g) => g.gameId === before.game_id)?.fairPlay === 'replay',
    );
    await recomputeFormations(trx, userId, unlockedBy(before.achievements_json));
    // The game's total of runs played: one less, or one more again (a row of its own, shard 0).
    await trx
      .insertInto('game_totals')
      .values({ game_id: before.game_id, shard: 0, total_runs: change.hide ? -1 : 1 })
      .onConflict((oc) =>
        oc
          .columns(['game_id', 'shard'])
          .doUpdateSet((eb) => ({ total_runs: eb('game_totals.total_runs', '+', eb.ref('excluded.total_runs')) })),
      )
      .execute();
    await markStandingChanged(trx, userId, now);
    const processed = tournaments.length
      ? await trx
          .selectFrom('tournament_processing as p')
          .innerJoin('tournaments as t', 't.id', 'p.tournament_id')
          .select(['t.id', 't.name'])
          .where('p.tournament_id', 'in', tournaments)
          .orderBy('t.id')
          .execute()
      : [];
    await recordAudit(
      trx,
      actor,
      {
        action: change.hide ? 'run.hide' : 'run.restore',
        targetType: 'run',
        targetId: runId,
        details: {
          userId,
          username: before.username,
          gameId: before.game_id,
          score: Number(before.score),
          runAt: iso(before.created_at),
          reason: change.hide ? change.reason : before.hidden_reason,
          tournaments,
          processedTournaments: processed.map((t) => t.id),
        },
      },
      now,
    );
    return { before, changed, processed };
  });
  runsHidden.inc({ action: change.hide ? 'hide' : 'restore' });
  services.rankings.touchStanding(result.before.user_id);
  const { before, changed, processed } = result;
  const note = processed.length
    ? ` The winners of ${processed.map((t) => `"${t.name}"`).join(', ')} were already processed with it: their prizes stay as awarded.`
    : '';
  return {
    message: change.hide
      ? `The run is hidden: it counts on no board, in no tournament and in no statistic.${note}`
      : `The run is restored: it counts again everywhere.${note}`,
    run: {
      id: before.id,
      userId: before.user_id,
      gameId: before.game_id,
      score: Number(before.score),
      createdAt: iso(before.created_at)!,
      hiddenAt: iso(changed.hidden_at),
      hiddenReason: changed.hidden_reason,
    },
  };
}

/** The formations a run's achievement flags unlock. */
function unlockedBy(json: string | null): string[] {
  if (!json) return [];
  try {
    const flags = JSON.parse(json) as Record<string, unknown>;
    return Object.entries(flags).flatMap(([name, done]) => (done === true ? [name] : []));
  } catch {
    return [];
  }
}

/** The player's row of the game from their visible runs: plays, total, last play and best (earliest first among equals); none left, no row. */
async function recomputeGameStats(trx: Tx, userId: number, gameId: string): Promise<void> {
  const visible = trx
    .selectFrom('runs')
    .where('user_id', '=', userId)
    .where('game_id', '=', gameId)
    .where('hidden_at', 'is', null);
  const totals = await visible
    .select((eb) => [
      eb.fn.countAll<number | string>().as('plays'),
      eb.fn.sum<number | string>('score').as('total'),
      eb.fn.max('created_at').as('last'),
    ])
    .executeTakeFirstOrThrow();
  const best = await visible
    .select(['score', 'level', 'fish_count', 'fish_json', 'created_at'])
    .orderBy('score', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!best) {
    await trx.deleteFrom('game_stats').where('user_id', '=', userId).where('game_id', '=', gameId).execute();
    return;
  }
  const row = {
    plays: Number(totals.plays),
    total_score: Number(totals.total),
    last_played_at: Number(totals.last),
    best_score: Number(best.score),
    best_level: best.level,
    best_fish_count: Number(best.fish_count),
    best_fish_json: best.fish_json,
    best_reached_at: Number(best.created_at),
  };
  await trx
    .insertInto('game_stats')
    .values({ user_id: userId, game_id: gameId, ...row })
    .onConflict((oc) => oc.columns(['user_id', 'game_id']).doUpdateSet(row))
    .execute();
}

/**
 * The player's entry of every tournament of the game whose window holds the run's time, from their
 * visible runs inside it (the rule of `rebuildEntries` in tournaments/writes.ts); none left, no entry.
 * Returns those tournaments' ids.
 */
async function recomputeEntries(
  trx: Tx,
  userId: number,
  gameId: string,
  at: number,
  replayMode: boolean,
): Promise<number[]> {
  const tournaments = await trx
    .selectFrom('tournaments')
    .select(['id', 'start_at', 'end_at', 'max_players', 'max_runs'])
    .where('game_id', '=', gameId)
    .where('start_at', '<=', at)
    .where('end_at', '>', at)
    .orderBy('id')
    .execute();
  for (const t of tournaments) {
    // A tournament with limits (README, "Limits"): its whole entries, as a place freed or taken
    // and a player's first K runs depend on the other runs too.
    if (t.max_players !== null || t.max_runs !== null) {
      await rebuildEntries(trx, { ...t, game_id: gameId, replayMode });
      continue;
    }
    await trx
      .deleteFrom('tournament_entries')
      .where('tournament_id', '=', t.id)
      .where('user_id', '=', userId)
      .execute();
    await sql`
      insert into tournament_entries (tournament_id, user_id, runs, best_score, best_level, best_fish_count, best_fish_json, best_reached_at, entered_at)
      select ${t.id}, user_id, runs, score, level, fish_count, fish_json, created_at, entered_at from (
        select user_id, score, level, fish_count, fish_json, created_at,
          row_number() over (partition by user_id order by score desc, created_at, id) as place,
          count(*) over (partition by user_id) as runs,
          min(created_at) over (partition by user_id) as entered_at
        from runs where user_id = ${userId} and game_id = ${gameId} and created_at >= ${t.start_at} and created_at < ${t.end_at}
          and hidden_at is null and ${sql.raw(countsInTournaments('verified', replayMode ? '1' : '0'))}
      ) best where place = 1`.execute(trx);
  }
  return tournaments.map((t) => t.id);
}

/**
 * The formations `names` (those the changed run unlocks): held while a visible run of the player
 * unlocks them, since the earliest such run; otherwise no longer held.
 */
async function recomputeFormations(trx: Tx, userId: number, names: string[]): Promise<void> {
  if (names.length === 0) return;
  const runs = await trx
    .selectFrom('runs')
    .select(['achievements_json', 'created_at'])
    .where('user_id', '=', userId)
    .where('hidden_at', 'is', null)
    .where('achievements_json', 'is not', null)
    .execute();
  const earliest = new Map<string, number>();
  for (const run of runs)
    for (const name of unlockedBy(run.achievements_json))
      if (names.includes(name) && Number(run.created_at) < (earliest.get(name) ?? Infinity))
        earliest.set(name, Number(run.created_at));
  for (const name of names) {
    const at = earliest.get(name);
    if (at === undefined) {
      await trx.deleteFrom('user_achievements').where('user_id', '=', userId).where('name', '=', name).execute();
    } else {
      await trx
        .insertInto('user_achievements')
        .values({ user_id: userId, name, unlocked_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'name']).doUpdateSet({ unlocked_at: at }))
        .execute();
    }
  }
}

/** Whether a run counts (not hidden); for callers that read runs themselves. */
export function isVisible(run: { hidden_at: number | null }): boolean {
  return run.hidden_at === null;
}
