import { formInstant, iso } from '~/lib/dates';
import type { AdminTournament } from '~/lib/schemas/tournament';
import type { TournamentFormParsed } from '~/lib/schemas/tournament-input';
import { seriesTournamentName } from '~/lib/series-schedule';
import type { Services } from '../context';
import { driverOf } from '../db';
import type { TournamentRow } from '../db/schema';
import { badRequest, conflict, notFound } from '../shared/errors';
import { recordAudit, type Actor } from '../shared/audit';
import { listGames } from '../shared/content';
import { createDueSeriesTournaments, seriesOf, seriesOfForm, updateSeries } from './series';
import { assertReportRenders } from './report';
import { knownTournaments, present, tournamentRow } from './tournaments';
import { adminWrite, rebuildEntries, writeAvatarRewards, type Tx } from './writes';

// Tournaments in the Admin Room (README, "Tournaments"): the admin's list and form, and creating,
// changing, deleting and ending a tournament now. The public reads are in tournaments.ts; the
// writes a change makes (entries rebuilt, avatar rewards, one transaction) in writes.ts.

async function presentAdmin(
  services: Pick<Services, 'db' | 'rankings'>,
  rows: TournamentRow[],
  now: number,
): Promise<AdminTournament[]> {
  const shown = await present(services, rows, now);
  const series = await seriesOf(services.db, rows);
  return shown.map((t, i) => ({
    ...t,
    series: series.get(rows[i]!.id) ?? null,
    imageFilename: rows[i]!.image_filename,
    reportContent: rows[i]!.report_content,
    processWhenEnded: Number(rows[i]!.process_when_ended) === 1,
    createdAt: iso(rows[i]!.created_at),
    updatedAt: iso(rows[i]!.updated_at),
  }));
}

/** `GET /api/admin/tournaments`: every tournament, latest start first, with what the form edits. */
export async function adminListTournaments(
  services: Pick<Services, 'db' | 'rankings'>,
  now = Date.now(),
): Promise<AdminTournament[]> {
  const rows = await services.db
    .selectFrom('tournaments')
    .selectAll()
    .orderBy('start_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return presentAdmin(services, rows, now);
}

/** `GET /api/admin/tournaments/{id}`. */
export async function adminFindTournament(
  services: Pick<Services, 'db' | 'rankings'>,
  id: number,
  now = Date.now(),
): Promise<AdminTournament> {
  return (await presentAdmin(services, [await tournamentRow(services.db, id)], now))[0]!;
}

/** The form's values as a row, after checking what only the server knows: the game and the avatars. */
async function rowOf(services: Pick<Services, 'db'>, form: TournamentFormParsed) {
  // The catalogue's own list (the games room, whose run store enters runs into tournaments, stands above this one).
  const games = (await listGames()).map((g) => g.data);
  if (!games.some((g) => g.gameId === form.gameId)) {
    throw badRequest(`Unknown game "${form.gameId}". Games: ${games.map((g) => g.gameId).join(', ')}.`, {
      issues: [{ field: 'gameId', message: 'Unknown game' }],
    });
  }
  const avatarIds = form.rewards.avatarRewards.map((a) => a.avatarId);
  if (avatarIds.length > 0) {
    const known = new Set(
      (await services.db.selectFrom('avatars').select('avatar_id').where('avatar_id', 'in', avatarIds).execute()).map(
        (a) => a.avatar_id,
      ),
    );
    const unknown = avatarIds.find((id) => !known.has(id));
    if (unknown !== undefined)
      throw badRequest(`Unknown avatar "${unknown}": choose one from the avatar collection.`, {
        issues: [{ field: 'rewards.avatarRewards', message: 'Unknown avatar' }],
      });
  }
  // last: rendering takes the longest of these checks
  await assertReportRenders(form.reportContent);
  return {
    replayMode: games.find((g) => g.gameId === form.gameId)!.fairPlay === 'replay',
    name: form.name,
    game_id: form.gameId,
    description: form.description,
    start_at: formInstant(form.startDate, form.timezoneOffset),
    end_at: formInstant(form.endDate, form.timezoneOffset),
    image_filename: form.imageFilename,
    first_place_sats: form.rewards.firstPlaceSats,
    second_to_fifth_sats: form.rewards.secondToFifthSats,
    random_participant_sats: form.rewards.randomParticipantSats,
    pool_rule: form.rewards.poolRule,
    report_content: form.reportContent,
    process_when_ended: (form.processWhenEnded ?? form.schedule !== null) ? 1 : 0,
    max_players: form.maxPlayers,
    max_runs: form.maxRunsPerPlayer,
  };
}

/**
 * `POST /api/admin/tournaments`: create a tournament; runs of its game already inside its window
 * enter their players. With a schedule it is number 1 of a new series (README, "Tournaments that
 * run themselves"), named "{name} #1", and the next one is created at once if it is due.
 */
export async function createTournament(
  services: Pick<Services, 'db' | 'config' | 'rankings'>,
  form: TournamentFormParsed,
  now = Date.now(),
  actor?: Actor,
): Promise<AdminTournament> {
  const { replayMode, ...values } = await rowOf(services, form);
  const series = form.schedule ? seriesOfForm(form, values) : null;
  const id = await adminWrite(services.db, async (trx) => {
    let seriesId: number | null = null;
    if (series) {
      ({ id: seriesId } = await trx
        .insertInto('tournament_series')
        .values({ ...series, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow());
    }
    const { id } = await trx
      .insertInto('tournaments')
      .values({
        ...values,
        ...(series ? { name: seriesTournamentName(series.name, 1), series_id: seriesId, series_number: 1 } : {}),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAvatarRewards(trx, id, form);
    await rebuildEntries(trx, { id, ...values, replayMode });
    if (actor) {
      await recordAudit(
        trx,
        actor,
        {
          action: 'tournament.create',
          targetType: 'tournament',
          targetId: id,
          tournamentId: id,
          details: series
            ? { name: seriesTournamentName(series.name, 1), series: seriesId, number: 1 }
            : { name: values.name },
        },
        now,
      );
      if (series)
        await recordAudit(
          trx,
          actor,
          {
            action: 'series.create',
            targetType: 'series',
            targetId: seriesId,
            tournamentId: id,
            details: { name: series.name, every: series.cadence, until: iso(series.until_at), times: series.times },
          },
          now,
        );
    }
    return id;
  });
  services.rankings.forgetTournament(id);
  const created = await adminFindTournament(services, id, now);
  // The next one, when the first starts within the lead (or already did): at once, not at the next sweep.
  if (created.series) await createDueSeriesTournaments(services, now, created.series.id);
  return created;
}

/**
 * What decides a tournament's winners and prizes: its game, window and rewards. Once its winners
 * were processed these stay as they were (the awards were made from them), so a change cannot pay
 * a place twice or make a sent prize disagree with its rule.
 */
async function assertOutcomeKept(
  trx: Tx,
  id: number,
  before: TournamentRow,
  values: Awaited<ReturnType<typeof rowOf>>,
  form: TournamentFormParsed,
): Promise<void> {
  const processed = await trx
    .selectFrom('tournament_processing')
    .select('tournament_id')
    .where('tournament_id', '=', id)
    .executeTakeFirst();
  if (!processed) return;
  const rules = await trx
    .selectFrom('tournament_avatar_rewards')
    .select(['avatar_id', 'eligibility', 'min_score'])
    .where('tournament_id', '=', id)
    .orderBy('position')
    .execute();
  const ruleKey = (r: { avatar_id: string; eligibility: string; min_score: number | string | null }) =>
    `${r.avatar_id}/${r.eligibility}/${r.min_score === null ? '' : Number(r.min_score)}`;
  const kept =
    before.game_id === values.game_id &&
    Number(before.start_at) === values.start_at &&
    Number(before.end_at) === values.end_at &&
    Number(before.first_place_sats) === values.first_place_sats &&
    Number(before.second_to_fifth_sats) === values.second_to_fifth_sats &&
    Number(before.random_participant_sats) === values.random_participant_sats &&
    before.pool_rule === values.pool_rule &&
    before.max_players === values.max_players &&
    before.max_runs === values.max_runs &&
    rules.map(ruleKey).join(',') ===
      form.rewards.avatarRewards
        .map((a) => ruleKey({ avatar_id: a.avatarId, eligibility: a.eligibility, min_score: a.minScore ?? null }))
        .join(',');
  if (!kept) {
    throw conflict(
      `The winners of "${before.name}" were already processed: its game, dates, rewards and limits can no longer change (its name, description, image and report still can).`,
    );
  }
}

/**
 * `PUT /api/admin/tournaments/{id}`: replace its fields; a new window, game or limits rebuild its
 * entries from the runs. Once its winners were processed, its game, window, rewards and limits are
 * kept (409). A tournament of a series: its shared fields (game, description, image, rewards,
 * avatar rewards, limits, winners when it ends; its name when it ends in its number) also go to
 * the series, i.e. to its tournaments not started yet and the ones it creates later, never to a
 * started or ended one. A schedule is set only when creating (400 here).
 */
export async function updateTournament(
  services: Pick<Services, 'db' | 'config' | 'rankings'>,
  id: number,
  form: TournamentFormParsed,
  now = Date.now(),
  actor?: Actor,
): Promise<AdminTournament> {
  const row = await rowOf(services, form);
  const { replayMode, ...values } = row;
  const postgres = driverOf(services.db).dialect === 'postgres';
  const touched = await adminWrite(services.db, async (trx) => {
    const before = await tournamentRow(trx, id, postgres);
    if (form.schedule && before.series_id === null)
      throw badRequest(
        'A schedule is set when a tournament is created: create a new tournament with a schedule (Duplicate helps) instead.',
        { issues: [{ field: 'schedule', message: 'Only when creating' }] },
      );
    await assertOutcomeKept(trx, id, before, row, form);
    await trx
      .updateTable('tournaments')
      .set({ ...values, updated_at: now })
      .where('id', '=', id)
      .execute();
    await writeAvatarRewards(trx, id, form);
    if (
      before.game_id !== values.game_id ||
      Number(before.start_at) !== values.start_at ||
      Number(before.end_at) !== values.end_at ||
      before.max_players !== values.max_players ||
      before.max_runs !== values.max_runs
    ) {
      await rebuildEntries(trx, { id, ...values, replayMode });
    }
    const alsoUpdated =
      before.series_id === null ? [] : await updateSeries(trx, before, { ...values, replayMode }, form, now);
    if (actor)
      await recordAudit(
        trx,
        actor,
        {
          action: 'tournament.update',
          targetType: 'tournament',
          targetId: id,
          tournamentId: id,
          details: {
            name: values.name,
            ...(before.series_id === null ? {} : { series: before.series_id, alsoUpdated }),
          },
        },
        now,
      );
    return alsoUpdated;
  });
  for (const other of [id, ...touched]) services.rankings.forgetTournament(other);
  return adminFindTournament(services, id, now);
}

/**
 * `DELETE /api/admin/tournaments/{id}`: the tournament, its entries, rewards and prize awards.
 * With `following` (a tournament of a series: "this and the following") also every later-numbered
 * tournament of its series, and the series stops: no more are created.
 */
export async function deleteTournament(
  services: Pick<Services, 'db' | 'rankings'>,
  id: number,
  now = Date.now(),
  actor?: Actor,
  following = false,
): Promise<{ name: string; deleted: number }> {
  // Through adminWrite: no run is writing an entry of it meanwhile (its foreign key would fail the run).
  const { name, ids } = await adminWrite(services.db, async (trx) => {
    const row = await trx
      .selectFrom('tournaments')
      .select(['name', 'series_id', 'series_number'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('Tournament not found.');
    if (following && row.series_id === null)
      throw badRequest(`"${row.name}" is not part of a series: delete it alone.`);
    let query = trx.deleteFrom('tournaments');
    query =
      following && row.series_id !== null
        ? query.where('series_id', '=', row.series_id).where('series_number', '>=', row.series_number!)
        : query.where('id', '=', id);
    const deleted = await query.returning(['id', 'name']).execute();
    if (following && row.series_id !== null) {
      await trx
        .updateTable('tournament_series')
        .set({ stopped_at: now, updated_at: now })
        .where('id', '=', row.series_id)
        .where('stopped_at', 'is', null)
        .execute();
    }
    if (actor) {
      for (const d of deleted)
        await recordAudit(
          trx,
          actor,
          {
            action: 'tournament.delete',
            targetType: 'tournament',
            targetId: d.id,
            details: { name: d.name, ...(row.series_id === null ? {} : { series: row.series_id }) },
          },
          now,
        );
      if (following && row.series_id !== null)
        await recordAudit(
          trx,
          actor,
          {
            action: 'series.stop',
            targetType: 'series',
            targetId: row.series_id,
            details: { from: row.name, deleted: deleted.length },
          },
          now,
        );
    }
    return { name: row.name, ids: deleted.map((d) => d.id) };
  });
  for (const gone of ids) {
    knownTournaments.get(services.db)?.delete(gone);
    services.rankings.forgetTournament(gone);
  }
  return { name, deleted: ids.length };
}

/**
 * `POST /api/admin/tournaments/{id}/end`: end an active tournament now (after a mistake in its
 * rewards, say). Its end becomes the clock's now, so its board freezes, a later run no longer enters
 * it, every page shows it past, and its winners can be processed; an upcoming or past tournament is
 * a 409 and changes nothing. One conditional update: of two presses or two processes one ends it and
 * the other gets 409. The clock is read inside the transaction, once the tournament's row (on
 * PostgreSQL) and the runs (through {@link adminWrite}) are held, so a later press never reads an
 * earlier time and ends it again, and every run already written has a time before the new end.
 * The entries are still rebuilt from the runs inside the new window (a run from a server whose clock
 * runs ahead cannot stay in), with the audit record, in the same transaction.
 */
export async function endTournamentNow(
  services: Pick<Services, 'db' | 'rankings'>,
  id: number,
  clock: () => number = Date.now,
  actor?: Actor,
): Promise<AdminTournament> {
  const games = (await listGames()).map((g) => g.data);
  const postgres = driverOf(services.db).dialect === 'postgres';
  const now = await adminWrite(services.db, async (trx) => {
    const before = await tournamentRow(trx, id, postgres);
    const now = clock();
    // `start_at < now`, not `<=`: a window cannot end where it starts (the table's check), so a
    // tournament in its very first millisecond counts as not started yet.
    const ended = await trx
      .updateTable('tournaments')
      .set({ end_at: now, updated_at: now })
      .where('id', '=', id)
      .where('start_at', '<', now)
      .where('end_at', '>', now)
      .executeTakeFirst();
    if (Number(ended.numUpdatedRows) === 0) {
      throw conflict(
        now <= before.start_at
          ? `Tournament "${before.name}" has not started yet: delete or edit it instead.`
          : `Tournament "${before.name}" has already ended.`,
      );
    }
    await rebuildEntries(trx, {
      id,
      game_id: before.game_id,
      start_at: before.start_at,
      end_at: now,
      replayMode: games.find((g) => g.gameId === before.game_id)?.fairPlay === 'replay',
      max_players: before.max_players,
      max_runs: before.max_runs,
    });
    if (actor)
      await recordAudit(
        trx,
        actor,
        {
          action: 'tournament.end_now',
          targetType: 'tournament',
          targetId: id,
          tournamentId: id,
          details: { name: before.name, oldEnd: iso(before.end_at), newEnd: iso(now) },
        },
        now,
      );
    return now;
  });
  services.rankings.forgetTournament(id);
  return adminFindTournament(services, id, now);
}
