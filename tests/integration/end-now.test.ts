import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOUR, MINUTE } from '~/lib/format';
import { describeAudit } from '~/lib/audit';
import { submitRun, type GameRules } from '~/server/games/runs';
import { listAudit } from '~/server/shared/audit';
import { tournamentBoardPage } from '~/server/tournaments/board';
import { tournamentParticipation } from '~/server/tournaments/participation';
import { featuredTournament, findTournament, listTournaments } from '~/server/tournaments/tournaments';
import { createTournament, endTournamentNow } from '~/server/tournaments/manage';
import { processWinners } from '~/server/tournaments/winners';
import { addPlayer, appErrorOf, DIALECTS, freshServices, type TestServices } from '../support/services';
import { parsedForm } from '../support/tournaments';

// Issue 26, "End now": an active tournament ends at once (after a mistake in its rewards, say).

const rekt: GameRules = {
  gameId: 'rekt',
  maxScore: 1_000_000,
  maxLevel: 1000,
  maxFishPerRun: 0,
  hasFish: false,
  hasFormations: true,
  fairPlay: 'replay',
};

/** A fixed clock: 1 May 2026, 12:00:00 UTC. */
const T0 = Date.UTC(2026, 4, 1, 12, 0, 0);
const at = (ms: number) => () => ms;

describe.each(DIALECTS)('ending a tournament now on %s', (dialect) => {
  let s: TestServices;
  let admin: { id: number; username: string };
  let runSeq = 0;
  const run = (userId: number, score: number, now: number) =>
    submitRun(s, rekt, userId, { runId: `run-${++runSeq}`, score, verified: true }, now);
  const board = async (id: number) =>
    (await tournamentBoardPage(s, id, 1, 50)).entries.map((e) => [e.rank, e.username, e.score]);
  const rowOf = (id: number) =>
    s.db
      .selectFrom('tournaments')
      .select(['start_at', 'end_at', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  /** Running from an hour before T0 to an hour after it, with 1,000 sats for first place. */
  const activeCup = (name = 'Oops Cup') =>
    createTournament(s, parsedForm(name, 'rekt', T0 - HOUR, T0 + HOUR, { firstPlaceSats: 1000 }), T0 - 2 * HOUR);

  beforeEach(async () => {
    s = await freshServices(dialect);
    admin = { id: await addPlayer(s.db, 'root_admin'), username: 'root_admin' };
  });
  afterEach(async () => {
    await s.close();
  });

  it('ends an active tournament at once: its end and update time become now, it is past everywhere, and the audit log says so', async () => {
    const cup = await activeCup();
    const later = await createTournament(s, parsedForm('Next Cup', 'rekt', T0 + 2 * HOUR, T0 + 3 * HOUR), T0);
    expect(await featuredTournament(s, T0)).toMatchObject({ id: cup.id, status: 'active' });

    const ended = await endTournamentNow(s, cup.id, at(T0), admin);
    expect(ended).toMatchObject({
      id: cup.id,
      name: 'Oops Cup',
      status: 'past',
      startDate: new Date(T0 - HOUR).toISOString(),
      endDate: new Date(T0).toISOString(),
      updatedAt: new Date(T0).toISOString(),
    });
    expect(await rowOf(cup.id)).toEqual({ start_at: T0 - HOUR, end_at: T0, updated_at: T0 });
    expect((await findTournament(s, cup.id, T0)).status).toBe('past');
    expect((await listTournaments(s, 'active', T0)).map((t) => t.id)).toEqual([]);
    expect((await listTournaments(s, 'past', T0)).map((t) => t.id)).toEqual([cup.id]);
    expect(await featuredTournament(s, T0)).toMatchObject({ id: later.id, status: 'upcoming' });

    const audit = await listAudit(s.db, { tournamentId: cup.id });
    expect(audit).toMatchObject([
      {
        actorId: admin.id,
        actorName: 'root_admin',
        action: 'tournament.end_now',
        targetType: 'tournament',
        targetId: String(cup.id),
        details: { name: 'Oops Cup', oldEnd: '2026-05-01T13:00:00.000Z', newEnd: '2026-05-01T12:00:00.000Z' },
        createdAt: new Date(T0).toISOString(),
      },
    ]);
    expect(describeAudit(audit[0]!)).toBe(
      'ended the tournament Oops Cup now, at 05/01/26 12:00 UTC instead of 05/01/26 13:00 UTC',
    );
  });

  it('refuses an upcoming or past tournament (409) and an unknown one (404), changing nothing', async () => {
    const upcoming = await createTournament(s, parsedForm('Soon Cup', 'rekt', T0 + HOUR, T0 + 2 * HOUR), T0);
    const past = await createTournament(s, parsedForm('Old Cup', 'rekt', T0 - 2 * HOUR, T0 - HOUR), T0);
    const before = [await rowOf(upcoming.id), await rowOf(past.id)];

    expect(await appErrorOf(endTournamentNow(s, upcoming.id, at(T0), admin))).toEqual([
      409,
      'Tournament "Soon Cup" has not started yet: delete or edit it instead.',
    ]);
    // its very first millisecond: a window cannot end where it starts
    expect(await appErrorOf(endTournamentNow(s, upcoming.id, at(T0 + HOUR), admin))).toEqual([
      409,
      'Tournament "Soon Cup" has not started yet: delete or edit it instead.',
    ]);
    expect(await appErrorOf(endTournamentNow(s, past.id, at(T0), admin))).toEqual([
      409,
      'Tournament "Old Cup" has already ended.',
    ]);
    // at its very end it is past already
    expect(await appErrorOf(endTournamentNow(s, past.id, at(T0 - HOUR), admin))).toEqual([
      409,
      'Tournament "Old Cup" has already ended.',
    ]);
    expect(await appErrorOf(endTournamentNow(s, 9_999, at(T0), admin))).toEqual([404, 'Tournament not found.']);

    expect([await rowOf(upcoming.id), await rowOf(past.id)]).toEqual(before);
    expect((await listAudit(s.db)).filter((e) => e.action === 'tournament.end_now')).toEqual([]);
  });

  it('two presses at once end it once: the other gets 409 and the audit log holds one entry', async () => {
    const cup = await activeCup();
    // one clock for both, as on one server: the press that waits reads a later time
    let tick = 0;
    const clock = () => T0 + tick++;
    const results = await Promise.allSettled([
      endTournamentNow(s, cup.id, clock, admin),
      endTournamentNow(s, cup.id, clock, admin),
      endTournamentNow(s, cup.id, clock, admin),
    ]);
    const ended = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(ended).toHaveLength(1);
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(refusals.map((e) => [e.status, e.message])).toEqual([
      [409, 'Tournament "Oops Cup" has already ended.'],
      [409, 'Tournament "Oops Cup" has already ended.'],
    ]);
    expect((await rowOf(cup.id)).end_at).toBe(new Date(ended[0]!.endDate).getTime());
    expect((await listAudit(s.db, { tournamentId: cup.id })).map((e) => e.action)).toEqual(['tournament.end_now']);
  });

  it('a run after the end does not enter it: the board keeps the runs before the end', async () => {
    const cup = await activeCup();
    const [ann, bob, cat] = [await addPlayer(s.db, 'ann'), await addPlayer(s.db, 'bob'), await addPlayer(s.db, 'cat')];
    await run(ann, 300, T0 - 30 * MINUTE);
    await run(bob, 200, T0 - MINUTE);
    expect(await board(cup.id)).toEqual([
      [1, 'ann', 300],
      [2, 'bob', 200],
    ]);

    await endTournamentNow(s, cup.id, at(T0), admin);
    // at the new end (the window is [start, end)) and after it, inside the old window
    await run(bob, 900, T0);
    await run(cat, 800, T0 + MINUTE);
    expect(await board(cup.id)).toEqual([
      [1, 'ann', 300],
      [2, 'bob', 200],
    ]);
    expect(
      await s.db
        .selectFrom('tournament_entries')
        .select(['user_id', 'runs', 'best_score'])
        .where('tournament_id', '=', cup.id)
        .orderBy('user_id')
        .execute(),
    ).toEqual([
      { user_id: ann, runs: 1, best_score: 300 },
      { user_id: bob, runs: 1, best_score: 200 },
    ]);
    expect((await tournamentParticipation(s, cat)).tournamentCount).toBe(0);
    expect((await findTournament(s, cup.id, T0 + MINUTE)).participantCount).toBe(2);
  });

  it('a run stored with a time past the new end (a server whose clock runs ahead) leaves the entries as it ends', async () => {
    const cup = await activeCup();
    const [ann, bob] = [await addPlayer(s.db, 'ann'), await addPlayer(s.db, 'bob')];
    await run(ann, 300, T0 - 30 * MINUTE);
    await run(ann, 700, T0 + 5 * MINUTE);
    await run(bob, 500, T0 + 5 * MINUTE);
    expect(await board(cup.id)).toEqual([
      [1, 'ann', 700],
      [2, 'bob', 500],
    ]);
    await endTournamentNow(s, cup.id, at(T0), admin);
    expect(await board(cup.id)).toEqual([[1, 'ann', 300]]);
    expect(
      await s.db
        .selectFrom('tournament_entries')
        .select(['user_id', 'runs', 'best_score', 'best_reached_at'])
        .where('tournament_id', '=', cup.id)
        .execute(),
    ).toEqual([{ user_id: ann, runs: 1, best_score: 300, best_reached_at: T0 - 30 * MINUTE }]);
  });

  it('its winners can be processed right after it ends', async () => {
    const cup = await activeCup();
    const [ann, bob] = [await addPlayer(s.db, 'ann'), await addPlayer(s.db, 'bob')];
    await run(ann, 300, T0 - 30 * MINUTE);
    await run(bob, 400, T0 - 20 * MINUTE);
    expect(await appErrorOf(processWinners(s, admin, cup.id, T0))).toEqual([
      409,
      expect.stringMatching(/^Winners can be processed once "Oops Cup" has ended: it is active until /),
    ]);

    await endTournamentNow(s, cup.id, at(T0), admin);
    const processed = await processWinners(s, admin, cup.id, T0);
    expect(processed).toMatchObject({ bitcoinAwards: 1 });
    expect(
      await s.db
        .selectFrom('prize_awards')
        .select(['user_id', 'prize_type', 'prize_value'])
        .where('tournament_id', '=', cup.id)
        .execute(),
    ).toEqual([{ user_id: bob, prize_type: 'bitcoin', prize_value: 1000 }]);
    expect((await listAudit(s.db, { tournamentId: cup.id })).map((e) => e.action)).toEqual([
      'tournament.process_winners',
      'tournament.end_now',
    ]);
  });
});
