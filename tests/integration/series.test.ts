import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seriesStart } from '~/lib/series-schedule';
import { migrateToLatest, openDatabase } from '~/server/db';
import { listAudit } from '~/server/shared/audit';
import { createDueSeriesTournaments, SERIES_LEAD_MS } from '~/server/tournaments/series';
import { listTournaments } from '~/server/tournaments/tournaments';
import {
  adminListTournaments,
  createTournament,
  deleteTournament,
  updateTournament,
} from '~/server/tournaments/manage';
import { addPlayer, appErrorOf, DIALECTS, freshServices, type TestServices } from '../support/services';
import { parsedForm } from '../support/tournaments';

// Issue 26, "Repeat": a tournament with a schedule is number 1 of a series; the arcade creates
// each next one (exactly once, whichever process gets there first) once the current one starts.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Friday 1 May 2026, 18:00 UTC. */
const T0 = Date.UTC(2026, 4, 1, 18, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(DIALECTS)('tournament series on %s', (dialect) => {
  let s: TestServices;
  let admin: { id: number; username: string };

  beforeEach(async () => {
    s = await freshServices(dialect);
    admin = { id: await addPlayer(s.db, 'series_admin'), username: 'series_admin' };
  });
  afterEach(async () => {
    await s.close();
  });

  /** A weekly REKT! series of two-hour tournaments from T0, created a day before. */
  const weekly = (schedule: { every?: 'daily' | 'weekly' | 'monthly'; times?: number; until?: string } = {}) =>
    createTournament(
      s,
      parsedForm(
        'Weekly REKT!',
        'rekt',
        T0,
        T0 + 2 * HOUR,
        { firstPlaceSats: 2100 },
        {
          schedule: { every: 'weekly', times: 10, ...schedule },
          maxPlayers: 50,
        },
      ),
      T0 - DAY,
      admin,
    );
  const seriesRows = async () =>
    (
      await s.db
        .selectFrom('tournaments')
        .select([
          'id',
          'name',
          'series_number',
          'start_at',
          'end_at',
          'process_when_ended',
          'max_players',
          'first_place_sats',
        ])
        .where('series_id', 'is not', null)
        .orderBy('series_number')
        .execute()
    ).map((r) => ({
      ...r,
      start_at: iso(Number(r.start_at)),
      end_at: iso(Number(r.end_at)),
      first_place_sats: Number(r.first_place_sats),
    }));

  it("a test server's shorter sweep (SERIES_SWEEP_SECONDS) shortens the lead to two of its sweeps", async () => {
    await weekly();
    const quick = { db: s.db, config: { seriesSweepMs: 2_000 } };
    expect(await createDueSeriesTournaments(quick, T0 - SERIES_LEAD_MS)).toBe(0);
    expect(await createDueSeriesTournaments(quick, T0 - 4_000 - 1)).toBe(0);
    expect(await createDueSeriesTournaments(quick, T0 - 4_000)).toBe(1);
    expect((await seriesRows()).map((r) => r.series_number)).toEqual([1, 2]);
  });

  it('creates number 2 once number 1 starts (a lead before), once, as the arcade, with the same fields and winners on', async () => {
    const first = await weekly();
    expect(first).toMatchObject({
      name: 'Weekly REKT! #1',
      status: 'upcoming',
      processWhenEnded: true,
      maxPlayers: 50,
      series: { name: 'Weekly REKT!', number: 1, every: 'weekly', times: 10, until: null, stopped: false },
    });
    // A day before its start: nothing due.
    expect(await createDueSeriesTournaments(s, T0 - DAY)).toBe(0);
    expect(await createDueSeriesTournaments(s, T0 - SERIES_LEAD_MS - 1)).toBe(0);
    expect(await createDueSeriesTournaments(s, T0 - SERIES_LEAD_MS)).toBe(1);
    // Later sweeps find nothing more to do until number 2 starts.
    expect(await createDueSeriesTournaments(s, T0 + HOUR)).toBe(0);
    expect(await createDueSeriesTournaments(s, T0 + 3 * DAY)).toBe(0);
    expect(await seriesRows()).toEqual([
      expect.objectContaining({
        name: 'Weekly REKT! #1',
        series_number: 1,
        start_at: iso(T0),
        end_at: iso(T0 + 2 * HOUR),
      }),
      {
        id: expect.any(Number),
        name: 'Weekly REKT! #2',
        series_number: 2,
        start_at: iso(T0 + 7 * DAY),
        end_at: iso(T0 + 7 * DAY + 2 * HOUR),
        process_when_ended: 1,
        max_players: 50,
        first_place_sats: 2100,
      },
    ]);
    // An ordinary tournament on every list: number 1 active, number 2 upcoming.
    expect((await listTournaments(s, 'active', T0 + HOUR)).map((t) => t.name)).toEqual(['Weekly REKT! #1']);
    expect((await listTournaments(s, 'upcoming', T0 + HOUR)).map((t) => t.name)).toEqual(['Weekly REKT! #2']);
    const log = await listAudit(s.db);
    const second = log.find((e) => e.action === 'tournament.create' && e.details.number === 2)!;
    expect(second).toMatchObject({ actorId: null, actorName: 'arcade (automatic)' });
    expect(log.find((e) => e.action === 'series.create')).toMatchObject({ actorName: 'series_admin' });
    // Number 3 once number 2 starts.
    expect(await createDueSeriesTournaments(s, T0 + 7 * DAY)).toBe(1);
    expect((await seriesRows()).map((r) => [r.name, r.start_at])).toEqual([
      ['Weekly REKT! #1', iso(T0)],
      ['Weekly REKT! #2', iso(T0 + 7 * DAY)],
      ['Weekly REKT! #3', iso(T0 + 14 * DAY)],
    ]);
  });

  it('creating a series whose first tournament starts at once creates number 2 right away', async () => {
    const now = Date.now();
    const start = now - (now % 1000) + 10_000;
    const first = await createTournament(
      s,
      parsedForm('Daily Dash', 'rekt', start, start + HOUR, {}, { schedule: { every: 'daily', times: 3 } }),
      now,
      admin,
    );
    expect(first.name).toBe('Daily Dash #1');
    expect((await seriesRows()).map((r) => [r.name, r.start_at])).toEqual([
      ['Daily Dash #1', iso(start)],
      ['Daily Dash #2', iso(start + DAY)],
    ]);
  });

  it('sweeps at once (on PostgreSQL from two processes) create the next one once', async () => {
    await weekly();
    const other = dialect === 'postgres' ? openDatabase(s.config.databaseUrl, s.config.dataDir) : { db: s.db };
    if ('dialect' in other) await migrateToLatest(other);
    try {
      const created = await Promise.all([
        createDueSeriesTournaments(s, T0),
        createDueSeriesTournaments({ db: other.db }, T0),
        createDueSeriesTournaments(s, T0),
        createDueSeriesTournaments({ db: other.db }, T0),
      ]);
      expect(created.reduce((a, b) => a + b, 0)).toBe(1);
    } finally {
      if (other.db !== s.db) await other.db.destroy();
    }
    expect((await seriesRows()).map((r) => r.name)).toEqual(['Weekly REKT! #1', 'Weekly REKT! #2']);
    const creations = (await listAudit(s.db)).filter((e) => e.action === 'tournament.create');
    expect(creations).toHaveLength(2);
  });

  it('dates: daily and weekly add days, monthly keeps the day of the month (January 31 → February 28, March 31), all UTC', async () => {
    expect(seriesStart(T0, 'daily', 3)).toBe(T0 + 2 * DAY);
    expect(seriesStart(T0, 'weekly', 12)).toBe(T0 + 77 * DAY);
    const jan31 = Date.UTC(2027, 0, 31, 20, 0, 0);
    expect([1, 2, 3, 4, 13, 14].map((n) => iso(seriesStart(jan31, 'monthly', n)))).toEqual([
      '2027-01-31T20:00:00.000Z',
      '2027-02-28T20:00:00.000Z',
      '2027-03-31T20:00:00.000Z',
      '2027-04-30T20:00:00.000Z',
      '2028-01-31T20:00:00.000Z',
      '2028-02-29T20:00:00.000Z',
    ]);
    // Through the sweep: a monthly series from January 31.
    await createTournament(
      s,
      parsedForm('Month End', 'rekt', jan31, jan31 + DAY, {}, { schedule: { every: 'monthly', times: 3 } }),
      jan31 - DAY,
      admin,
    );
    await createDueSeriesTournaments(s, jan31);
    await createDueSeriesTournaments(s, seriesStart(jan31, 'monthly', 2));
    await createDueSeriesTournaments(s, seriesStart(jan31, 'monthly', 3));
    expect((await seriesRows()).map((r) => [r.name, r.start_at, r.end_at])).toEqual([
      ['Month End #1', '2027-01-31T20:00:00.000Z', '2027-02-01T20:00:00.000Z'],
      ['Month End #2', '2027-02-28T20:00:00.000Z', '2027-03-01T20:00:00.000Z'],
      ['Month End #3', '2027-03-31T20:00:00.000Z', '2027-04-01T20:00:00.000Z'],
    ]);
  });

  it('ends after its number of times, or with the last tournament ending by its until date', async () => {
    await weekly({ times: 3 });
    for (let week = 0; week < 6; week++) await createDueSeriesTournaments(s, T0 + week * 7 * DAY);
    expect((await seriesRows()).map((r) => r.name)).toEqual(['Weekly REKT! #1', 'Weekly REKT! #2', 'Weekly REKT! #3']);

    await createTournament(
      s,
      parsedForm(
        'Until Cup',
        'rekt',
        T0,
        T0 + HOUR,
        {},
        {
          // #3 ends at T0 + 2 days + 1 hour: inside; #4 would end after it.
          schedule: { every: 'daily', until: new Date(T0 + 2 * DAY + 2 * HOUR).toISOString().slice(0, 19) },
        },
      ),
      T0 - DAY,
      admin,
    );
    for (let day = 0; day < 6; day++) await createDueSeriesTournaments(s, T0 + day * DAY);
    expect((await seriesRows()).filter((r) => r.name.startsWith('Until')).map((r) => r.name)).toEqual([
      'Until Cup #1',
      'Until Cup #2',
      'Until Cup #3',
    ]);
  });

  it('an edit of a series tournament reaches the ones not started yet and the next ones, never a started one', async () => {
    const first = await weekly();
    await createDueSeriesTournaments(s, T0); // #2
    const now = T0 + HOUR; // #1 running, #2 upcoming
    const edited = await updateTournament(
      s,
      first.id,
      parsedForm(
        'Weekly Wreck! #1',
        'rekt',
        T0,
        T0 + 2 * HOUR,
        { firstPlaceSats: 5000 },
        {
          description: 'Bigger prizes',
          maxPlayers: 20,
        },
      ),
      now,
      admin,
    );
    expect(edited).toMatchObject({ name: 'Weekly Wreck! #1', series: { name: 'Weekly Wreck!' } });
    const rows = await seriesRows();
    expect(rows.map((r) => [r.name, r.first_place_sats, r.max_players])).toEqual([
      ['Weekly Wreck! #1', 5000, 20],
      ['Weekly Wreck! #2', 5000, 20],
    ]);
    // Now #2 is running: an edit of #2 leaves #1 (ended) alone, and #3 is created with it.
    const second = rows[1]!;
    await updateTournament(
      s,
      second.id,
      parsedForm('Weekly Wreck! #2', 'rekt', T0 + 7 * DAY, T0 + 7 * DAY + 2 * HOUR, { firstPlaceSats: 7000 }),
      T0 + 7 * DAY + HOUR,
      admin,
    );
    expect(await createDueSeriesTournaments(s, T0 + 7 * DAY + HOUR)).toBe(1);
    expect((await seriesRows()).map((r) => [r.name, r.first_place_sats, r.max_players])).toEqual([
      ['Weekly Wreck! #1', 5000, 20],
      ['Weekly Wreck! #2', 7000, null],
      ['Weekly Wreck! #3', 7000, null],
    ]);
    const update = (await listAudit(s.db)).find((e) => e.action === 'tournament.update')!;
    expect(update.details).toMatchObject({ series: first.series!.id });
  });

  it('deleting "this one" keeps the series going (without making it again); "this and the following" stops it', async () => {
    await weekly();
    await createDueSeriesTournaments(s, T0); // #2
    const [, second] = await seriesRows();
    expect(await deleteTournament(s, second!.id, T0 + HOUR, admin)).toEqual({ name: 'Weekly REKT! #2', deleted: 1 });
    // No #2 again; #3 comes once #2 would have started.
    expect(await createDueSeriesTournaments(s, T0 + HOUR)).toBe(0);
    expect(await createDueSeriesTournaments(s, T0 + 7 * DAY)).toBe(1);
    expect((await seriesRows()).map((r) => r.name)).toEqual(['Weekly REKT! #1', 'Weekly REKT! #3']);

    const [first] = await seriesRows();
    expect(await deleteTournament(s, first!.id, T0 + 7 * DAY, admin, true)).toEqual({
      name: 'Weekly REKT! #1',
      deleted: 2,
    });
    expect(await seriesRows()).toEqual([]);
    expect(await createDueSeriesTournaments(s, T0 + 30 * DAY)).toBe(0);
    const log = await listAudit(s.db);
    expect(
      log
        .filter((e) => e.action === 'tournament.delete')
        .map((e) => e.details.name)
        .sort(),
    ).toEqual(['Weekly REKT! #1', 'Weekly REKT! #2', 'Weekly REKT! #3']);
    expect(log.find((e) => e.action === 'series.stop')).toMatchObject({ actorName: 'series_admin' });
    // A one-off cannot be deleted "with the following".
    const single = await createTournament(s, parsedForm('One Off', 'rekt', T0, T0 + HOUR), T0, admin);
    expect(await appErrorOf(deleteTournament(s, single.id, T0, admin, true))).toEqual([
      400,
      '"One Off" is not part of a series: delete it alone.',
    ]);
  });

  it('refuses schedules that cannot work with clear 400s', async () => {
    const create = (end: number, schedule: object, extra = {}) =>
      appErrorOf(
        createTournament(
          s,
          parsedForm('Bad Series', 'rekt', T0, end, {}, { schedule: schedule as never, ...extra }),
          T0 - DAY,
          admin,
        ),
      );
    expect(await create(T0 + 25 * HOUR, { every: 'daily', times: 5 })).toEqual([
      400,
      'A daily tournament can last at most a day; this one lasts 25 hours. Shorten it or repeat it less often.',
    ]);
    expect((await create(T0 + 8 * DAY, { every: 'weekly', times: 5 }))[1]).toMatch(
      /weekly tournament can last at most a week; this one lasts 8 days/,
    );
    expect((await create(T0 + 29 * DAY, { every: 'monthly', times: 5 }))[1]).toMatch(/at most 28 days/);
    expect(
      (await create(T0 + HOUR, { every: 'weekly', until: new Date(T0 + 2 * DAY).toISOString().slice(0, 19) }))[1],
    ).toMatch(/would end before its second tournament ends/);
    expect((await create(T0 + HOUR, { every: 'weekly', times: 600 }))[1]).toMatch(/at most ten years/);
    expect(await adminListTournaments(s)).toHaveLength(0);
  });
});
