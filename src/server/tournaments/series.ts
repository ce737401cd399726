import { iso } from '~/lib/dates';
import type { AdminTournament } from '~/lib/schemas/tournament';
import type { AvatarRewardInput, TournamentFormParsed } from '~/lib/schemas/tournament-input';
import {
  CADENCE_WORDS,
  LONGEST_DURATION,
  SERIES_SPAN_MAX,
  seriesNameIn,
  seriesStart,
  seriesTournamentName,
  type Cadence,
} from '~/lib/series-schedule';
import { TOURNAMENT_NAME_MAX } from '~/lib/schemas/tournament-input';
import type { Services } from '../context';
import type { Config } from '../shared/config';
import type { Db } from '../db';
import type { TournamentRow, TournamentSeriesRow } from '../db/schema';
import { recordAudit } from '../shared/audit';
import { formInstant } from '~/lib/dates';
import { badRequest } from '../shared/errors';
import { listGames } from '../shared/content';
import { scheduleSweep } from '../shared/sweep';
import { ARCADE } from './payouts/payouts';
import { adminWrite, rebuildEntries, writeAvatarRewards, type Tx } from './writes';

// Tournaments that repeat (README, "Tournaments that run themselves"). A series holds its schedule
// and the template of its next tournament. Number n + 1 is created, from the template, once
// number n starts (a lead of SERIES_LEAD_MS earlier, so it is upcoming the moment n starts): by a
// sweep in every process, and right after an administrator creates the series. Only the update of
// the series' last_number from n to n + 1 creates it (on PostgreSQL the second process waits for
// the first's row and then finds n + 1 there), and the key (series_id, series_number) backs it.

/** How often every process looks for series whose next tournament is due. */
export const SERIES_SWEEP_MS = 30_000;
/** How long before number n starts number n + 1 is created: two sweeps, so it exists once n starts. */
export const SERIES_LEAD_MS = 2 * SERIES_SWEEP_MS;

/** What the series need: the database, and the sweep's interval when a test server shortens it (SERIES_SWEEP_SECONDS). */
type SeriesServices = Pick<Services, 'db'> & { config?: Pick<Config, 'seriesSweepMs'> };

/** The sweep's interval: {@link SERIES_SWEEP_MS}, unless the configuration shortens it (tests only). */
const sweepMsOf = (services: SeriesServices) => services.config?.seriesSweepMs ?? SERIES_SWEEP_MS;
/** The most tournaments one sweep creates for one series (a series created far in the past catches up over sweeps). */
const CATCH_UP_MAX = 50;

type SeriesValues = Omit<TournamentSeriesRow, 'id' | 'created_at' | 'updated_at'>;
type TemplateOf = Pick<
  TournamentRow,
  | 'game_id'
  | 'description'
  | 'image_filename'
  | 'first_place_sats'
  | 'second_to_fifth_sats'
  | 'random_participant_sats'
  | 'pool_rule'
  | 'process_when_ended'
  | 'max_players'
  | 'max_runs'
>;

const DAY = 86_400_000;
const round1 = (n: number) => Math.round(n * 10) / 10;
/** A duration in words: hours under two days, else days. */
const lasting = (ms: number) => (ms < 2 * DAY ? `${round1(ms / 3_600_000)} hours` : `${round1(ms / DAY)} days`);

/**
 * The series a form with a schedule creates (400 when it cannot work): a cadence at least as long
 * as the tournament (a daily one lasts at most a day, a weekly one a week, a monthly one 28 days:
 * two of a series never overlap), an end allowing at least two tournaments and at most ten years
 * on, a name leaving room for " #1000".
 */
export function seriesOfForm(
  form: TournamentFormParsed,
  values: TemplateOf & { name: string; start_at: number; end_at: number },
): SeriesValues {
  const schedule = form.schedule!;
  const cadence: Cadence = schedule.every;
  const duration = values.end_at - values.start_at;
  const issue = (field: string, message: string) => badRequest(message, { issues: [{ field, message }] });
  if (duration > LONGEST_DURATION[cadence])
    throw issue(
      'schedule.every',
      `A ${CADENCE_WORDS[cadence].adjective} tournament can last at most ${CADENCE_WORDS[cadence].period}; this one lasts ${lasting(duration)}. Shorten it or repeat it less often.`,
    );
  const nameMax = TOURNAMENT_NAME_MAX - ` #${1000}`.length;
  if (values.name.length > nameMax)
    throw issue('name', `A series name can be at most ${nameMax} characters (its tournaments add " #12").`);
  let until: number | null = null;
  if (schedule.until) {
    until = formInstant(schedule.until, form.timezoneOffset);
    const secondEnd = seriesStart(values.start_at, cadence, 2) + duration;
    if (until < secondEnd)
      throw issue(
        'schedule.until',
        `The series would end before its second tournament ends (${iso(secondEnd)}): choose a later "until" date or a number of times.`,
      );
    if (until > values.start_at + SERIES_SPAN_MAX)
      throw issue('schedule.until', 'A series can run for at most ten years: choose an earlier "until" date.');
  } else if (seriesStart(values.start_at, cadence, schedule.times!) > values.start_at + SERIES_SPAN_MAX) {
    throw issue('schedule.times', 'A series can run for at most ten years: choose fewer times.');
  }
  return {
    name: values.name,
    cadence,
    first_start_at: values.start_at,
    duration_ms: duration,
    until_at: until,
    times: schedule.until ? null : schedule.times!,
    last_number: 1,
    stopped_at: null,
    ...templateOf(values, form.rewards.avatarRewards),
  };
}

function templateOf(values: TemplateOf, avatarRewards: AvatarRewardInput[]) {
  return {
    game_id: values.game_id,
    description: values.description,
    image_filename: values.image_filename,
    first_place_sats: values.first_place_sats,
    second_to_fifth_sats: values.second_to_fifth_sats,
    random_participant_sats: values.random_participant_sats,
    pool_rule: values.pool_rule,
    avatar_rewards_json: JSON.stringify(
      avatarRewards.map((a) => ({ avatarId: a.avatarId, eligibility: a.eligibility, minScore: a.minScore ?? null })),
    ),
    process_when_ended: values.process_when_ended,
    max_players: values.max_players,
    max_runs: values.max_runs,
  };
}

/** Each series tournament's series, as the admin list shows it. */
export async function seriesOf(
  db: Db,
  rows: TournamentRow[],
): Promise<Map<number, NonNullable<AdminTournament['series']>>> {
  const ids = [...new Set(rows.flatMap((r) => (r.series_id === null ? [] : [r.series_id])))];
  const found = new Map<number, NonNullable<AdminTournament['series']>>();
  if (ids.length === 0) return found;
  const series = new Map(
    (await db.selectFrom('tournament_series').selectAll().where('id', 'in', ids).execute()).map((s) => [s.id, s]),
  );
  for (const row of rows) {
    const s = row.series_id === null ? undefined : series.get(row.series_id);
    if (!s) continue;
    found.set(row.id, {
      id: s.id,
      name: s.name,
      number: Number(row.series_number),
      every: s.cadence,
      until: iso(s.until_at),
      times: s.times === null ? null : Number(s.times),
      stopped: s.stopped_at !== null,
    });
  }
  return found;
}

/**
 * An edit of a series tournament (`before`, already updated) reaches its series: the template, and
 * every tournament of the series not started at `now` (all but the edited one), renamed when the
 * edit renamed the series. Returns the ids of the tournaments it changed.
 */
export async function updateSeries(
  trx: Tx,
  before: TournamentRow,
  values: TemplateOf & { name: string; replayMode: boolean },
  form: TournamentFormParsed,
  now: number,
): Promise<number[]> {
  const series = await trx
    .selectFrom('tournament_series')
    .selectAll()
    .where('id', '=', before.series_id!)
    .executeTakeFirst();
  if (!series) return [];
  const renamed = seriesNameIn(values.name, Number(before.series_number));
  const name = renamed ?? series.name;
  await trx
    .updateTable('tournament_series')
    .set({ ...templateOf(values, form.rewards.avatarRewards), name, updated_at: now })
    .where('id', '=', series.id)
    .execute();
  const later = await trx
    .selectFrom('tournaments')
    .selectAll()
    .where('series_id', '=', series.id)
    .where('id', '!=', before.id)
    .where('start_at', '>', now)
    .execute();
  const shared = {
    game_id: values.game_id,
    description: values.description,
    image_filename: values.image_filename,
    first_place_sats: values.first_place_sats,
    second_to_fifth_sats: values.second_to_fifth_sats,
    random_participant_sats: values.random_participant_sats,
    pool_rule: values.pool_rule,
    process_when_ended: values.process_when_ended,
    max_players: values.max_players,
    max_runs: values.max_runs,
  };
  for (const t of later) {
    await trx
      .updateTable('tournaments')
      .set({ ...shared, name: seriesTournamentName(name, Number(t.series_number)), updated_at: now })
      .where('id', '=', t.id)
      .execute();
    await writeAvatarRewards(trx, t.id, form);
    await rebuildEntries(trx, {
      id: t.id,
      game_id: values.game_id,
      start_at: Number(t.start_at),
      end_at: Number(t.end_at),
      replayMode: values.replayMode,
      max_players: values.max_players,
      max_runs: values.max_runs,
    });
  }
  return later.map((t) => t.id);
}

/**
 * Create number `last_number + 1` of `series` if it is due at `now`, as the arcade: one
 * transaction with its claim on the series row. Returns the new tournament's id, or null (not due,
 * the series is over, or another sweep or process claimed it first).
 */
async function createNext(
  db: Db,
  series: TournamentSeriesRow,
  now: number,
  leadMs = SERIES_LEAD_MS,
): Promise<number | null> {
  const n = Number(series.last_number);
  const next = n + 1;
  const firstStart = Number(series.first_start_at);
  if (series.stopped_at !== null) return null;
  if (series.times !== null && next > Number(series.times)) return null;
  if (now < seriesStart(firstStart, series.cadence, n) - leadMs) return null;
  const start = seriesStart(firstStart, series.cadence, next);
  const end = start + Number(series.duration_ms);
  if (series.until_at !== null && end > Number(series.until_at)) return null;
  const games = (await listGames()).map((g) => g.data);
  const game = games.find((g) => g.gameId === series.game_id);
  if (!game) {
    console.error(`[arcade] series ${series.id}: game "${series.game_id}" is gone; no next tournament`);
    return null;
  }
  return adminWrite(db, async (trx) => {
    const claimed = await trx
      .updateTable('tournament_series')
      .set({ last_number: next })
      .where('id', '=', series.id)
      .where('last_number', '=', n)
      .where('stopped_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return null;
    const name = seriesTournamentName(series.name, next);
    const values = {
      name,
      game_id: series.game_id,
      description: series.description,
      start_at: start,
      end_at: end,
      image_filename: series.image_filename,
      first_place_sats: Number(series.first_place_sats),
      second_to_fifth_sats: Number(series.second_to_fifth_sats),
      random_participant_sats: Number(series.random_participant_sats),
      pool_rule: series.pool_rule,
      report_content: '',
      process_when_ended: Number(series.process_when_ended),
      max_players: series.max_players === null ? null : Number(series.max_players),
      max_runs: series.max_runs === null ? null : Number(series.max_runs),
      series_id: series.id,
      series_number: next,
    };
    const inserted = await trx
      .insertInto('tournaments')
      .values({ ...values, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['series_id', 'series_number']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return null;
    const { id } = inserted;
    // Avatars deleted from the collection since are left out (their rewards went with them elsewhere too).
    const wanted = JSON.parse(series.avatar_rewards_json) as AvatarRewardInput[];
    const existing = new Set(
      wanted.length === 0
        ? []
        : (
            await trx
              .selectFrom('avatars')
              .select('avatar_id')
              .where(
                'avatar_id',
                'in',
                wanted.map((a) => a.avatarId),
              )
              .execute()
          ).map((a) => a.avatar_id),
    );
    await writeAvatarRewards(trx, id, { rewards: { avatarRewards: wanted.filter((a) => existing.has(a.avatarId)) } });
    await rebuildEntries(trx, { id, ...values, replayMode: game.fairPlay === 'replay' });
    await recordAudit(
      trx,
      ARCADE,
      {
        action: 'tournament.create',
        targetType: 'tournament',
        targetId: id,
        tournamentId: id,
        details: { name, series: series.id, number: next, by: 'series' },
      },
      now,
    );
    return id;
  });
}

/**
 * Create every series tournament due at `now` (of one series with `seriesId`); how many this call
 * created. A failure of one series is logged and the others still get their turn.
 */
export async function createDueSeriesTournaments(
  services: SeriesServices,
  now = Date.now(),
  seriesId?: number,
): Promise<number> {
  let query = services.db.selectFrom('tournament_series').selectAll().where('stopped_at', 'is', null);
  if (seriesId !== undefined) query = query.where('id', '=', seriesId);
  let created = 0;
  const leadMs = 2 * sweepMsOf(services);
  for (const first of await query.execute()) {
    let series: TournamentSeriesRow | undefined = first;
    try {
      for (let i = 0; series && i < CATCH_UP_MAX; i++) {
        if ((await createNext(services.db, series, now, leadMs)) === null) break;
        created += 1;
        series = await services.db
          .selectFrom('tournament_series')
          .selectAll()
          .where('id', '=', series.id)
          .executeTakeFirst();
      }
    } catch (error) {
      console.error(`[arcade] creating the next tournament of series ${first.id} failed:`, error);
    }
  }
  return created;
}

/** The sweep: at once, then every {@link SERIES_SWEEP_MS} (or the configured interval). Returns its stop. */
export function scheduleSeries(services: SeriesServices, intervalMs = sweepMsOf(services)): () => Promise<void> {
  return scheduleSweep('creating the next series tournaments', () => createDueSeriesTournaments(services), intervalMs);
}
