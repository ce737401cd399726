import { describe, expect, it } from 'vitest';
import { HOUR, SECOND } from '~/lib/format';
import { call, type CallResult } from '../support/api';
import { adminAndPlayerOn, signUpPlayer, submitRun } from '../support/players';
import { DIALECTS } from '../support/services';
import { localUtc, tournamentForm } from '../support/tournaments';

// Issue 26 over HTTP: schedules and limits on the admin calls (refused to visitors and players,
// clear 400s), a series' next tournament on the public lists, and the limits on the public answers.

const DAY = 24 * HOUR;

describe.each(DIALECTS)('series and limits over the API of the built server on %s', (dialect) => {
  const arcade = adminAndPlayerOn(dialect, ['Series_Admin', 'Series_Player']);
  const now = () => Math.floor(Date.now() / SECOND) * SECOND;
  const errorOf = (r: CallResult) => [r.status, r.json?.error];
  const create = (body: object, cookie: string | undefined = arcade.admin.cookie) =>
    call(arcade.server, '/api/admin/tournaments', { body, cookie });

  it('refuses the new and changed admin calls to visitors (401) and players (403), creating nothing', async () => {
    const weekly = {
      ...tournamentForm('Guarded Series', 'rekt', now() + HOUR, now() + 2 * HOUR),
      schedule: { every: 'weekly', times: 4 },
      maxPlayers: 10,
    };
    // The edit and the delete aim at a series of this test's own, which exists whatever ran before;
    // the other tests make tournaments on this server too, so "creating nothing" is checked against
    // the list as it stood just before the refused calls.
    const own = await create({ ...weekly, name: 'Guarded Target' });
    expect(own.status).toBe(201);
    const id = own.json.tournament.id as number;
    const listed = async () =>
      (await call(arcade.server, '/api/admin/tournaments', { cookie: arcade.admin.cookie })).json.tournaments;
    const before = await listed();
    const calls: { method: string; path: string; body?: unknown }[] = [
      { method: 'POST', path: '/api/admin/tournaments', body: weekly },
      { method: 'PUT', path: `/api/admin/tournaments/${id}`, body: weekly },
      { method: 'DELETE', path: `/api/admin/tournaments/${id}?following=1` },
    ];
    for (const { method, path, body } of calls) {
      expect([path, (await call(arcade.server, path, { method, body })).status]).toEqual([path, 401]);
      const refused = await call(arcade.server, path, { method, body, cookie: arcade.player.cookie });
      expect([path, refused.status, refused.json?.error]).toEqual([path, 403, 'Only administrators can do that.']);
    }
    expect(await listed()).toEqual(before);
  });

  it('answers bad schedules and limits with clear 400s', async () => {
    const start = now() + HOUR;
    const form = (extra: object, end = start + HOUR) => ({
      ...tournamentForm('Bad Series', 'rekt', start, end),
      ...extra,
    });
    const cases: [object, string][] = [
      [{ schedule: { every: 'weekly', times: 1 } }, 'A series repeats: schedule.times must be at least 2'],
      [{ schedule: { every: 'weekly', times: 1001 } }, 'A series can hold at most 1000 tournaments'],
      [{ schedule: { every: 'weekly', times: 2.5 } }, 'schedule.times must be a whole number'],
      [{ schedule: { every: 'yearly', times: 3 } }, 'schedule.every must be one of daily, weekly, monthly'],
      [
        { schedule: { every: 'weekly' } },
        'Say when the series ends: either until a date (schedule.until) or after a number of times (schedule.times)',
      ],
      [
        { schedule: { every: 'weekly', times: 3, until: localUtc(start + 30 * DAY) } },
        'Say when the series ends: either until a date (schedule.until) or after a number of times (schedule.times)',
      ],
      [{ schedule: 'weekly' }, 'schedule must be an object like {"every": "weekly", "times": 10}'],
      [{ maxPlayers: 0 }, 'maxPlayers must be at least 1 (or left empty for no limit)'],
      [{ maxPlayers: 1.5 }, 'maxPlayers must be a whole number (or left empty for no limit)'],
      [{ maxRunsPerPlayer: 'x' }, 'maxRunsPerPlayer must be a whole number (or left empty for no limit)'],
      [{ maxRunsPerPlayer: 100_001 }, 'maxRunsPerPlayer can be at most 100,000'],
    ];
    for (const [extra, message] of cases) expect(errorOf(await create(form(extra)))).toEqual([400, message]);
    expect(errorOf(await create(form({ schedule: { every: 'daily', times: 3 } }, start + 25 * HOUR)))).toEqual([
      400,
      'A daily tournament can last at most a day; this one lasts 25 hours. Shorten it or repeat it less often.',
    ]);
    const tooEarly = await create(form({ schedule: { every: 'daily', until: localUtc(start + 2 * HOUR) } }));
    expect(tooEarly.status).toBe(400);
    expect(tooEarly.json.error).toMatch(/^The series would end before its second tournament ends/);
    expect(tooEarly.json.issues).toEqual([{ field: 'schedule.until', message: tooEarly.json.error }]);

    // A one-off: no schedule on an edit, no "following" on a delete.
    const single = await create(form({}));
    expect(single.status).toBe(201);
    const id = single.json.tournament.id as number;
    const put = await call(arcade.server, `/api/admin/tournaments/${id}`, {
      method: 'PUT',
      body: form({ schedule: { every: 'weekly', times: 3 } }),
      cookie: arcade.admin.cookie,
    });
    expect(put.status).toBe(400);
    expect(put.json.error).toMatch(/^A schedule is set when a tournament is created/);
    for (const [query, message] of [
      ['following=2', 'following must be 1 (this and the following of its series) or 0 (this one).'],
      ['following=1', '"Bad Series" is not part of a series: delete it alone.'],
    ])
      expect(
        errorOf(
          await call(arcade.server, `/api/admin/tournaments/${id}?${query}`, {
            method: 'DELETE',
            cookie: arcade.admin.cookie,
          }),
        ),
      ).toEqual([400, message]);
    expect(
      (await call(arcade.server, `/api/admin/tournaments/${id}`, { method: 'DELETE', cookie: arcade.admin.cookie }))
        .status,
    ).toBe(200);
  });

  it('a weekly series starting now lists its number 2 as upcoming at once; limits show and hold', async () => {
    const start = now() + 2 * SECOND;
    const created = await create({
      ...tournamentForm('Weekly REKT!', 'rekt', start, start + HOUR, { firstPlaceSats: 2100 }),
      schedule: { every: 'weekly', times: 5 },
      maxPlayers: 1,
      maxRunsPerPlayer: 3,
    });
    expect(created.status).toBe(201);
    expect(created.json.tournament).toMatchObject({
      name: 'Weekly REKT! #1',
      processWhenEnded: true,
      maxPlayers: 1,
      maxRunsPerPlayer: 3,
      series: { name: 'Weekly REKT!', number: 1, every: 'weekly', times: 5, stopped: false },
    });
    const upcoming = await call(arcade.server, '/api/tournaments?status=upcoming');
    expect(upcoming.json.tournaments.map((t: { name: string }) => t.name)).toContain('Weekly REKT! #2');
    const second = upcoming.json.tournaments.find((t: { name: string }) => t.name === 'Weekly REKT! #2');
    expect(second).toMatchObject({
      startDate: new Date(start + 7 * DAY).toISOString(),
      endDate: new Date(start + 7 * DAY + HOUR).toISOString(),
      maxPlayers: 1,
      maxRunsPerPlayer: 3,
      rewards: { totalPrizePool: 2100 },
    });
    // Once it runs, the first player takes its one place; the next one's run does not enter it.
    const first = created.json.tournament.id as number;
    await expect
      .poll(async () => (await call(arcade.server, `/api/tournaments/${first}`)).json.status, { timeout: 10_000 })
      .toBe('active');
    expect((await submitRun(arcade.server, arcade.player, 'series-run-1', 500)).status).toBe(201);
    const late = await signUpPlayer(arcade.server, 'Late_Player');
    expect((await submitRun(arcade.server, late, 'series-run-2', 900)).status).toBe(201);
    await expect
      .poll(async () => (await call(arcade.server, `/api/tournaments/${first}`)).json.participantCount, {
        timeout: 10_000,
      })
      .toBe(1);
    const board = await call(arcade.server, `/api/tournaments/${first}/leaderboard`);
    expect(board.json.entries.map((e: { username: string }) => e.username)).toEqual(['Series_Player']);
    const lateRank = await call(arcade.server, `/api/tournaments/${first}/user-rank`, { cookie: late.cookie });
    expect(lateRank.json.rank).toBeNull();
  });
});
