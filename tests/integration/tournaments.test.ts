import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SECOND, MINUTE, HOUR } from '../../src/lib/format';
import { AppError } from '../../src/server/errors';
import { submitRun, type GameRules } from '../../src/server/games/runs';
import { tournamentBoardPage, tournamentRank } from '../../src/server/tournaments/board';
import { countTournamentsEntered, getTournamentStats, tournamentParticipation } from '../../src/server/tournaments/participation';
import { tournamentResults } from '../../src/server/tournaments/results';
import {
  createTournament,
  deleteTournament,
  featuredTournament,
  findTournament,
  listTournaments,
  updateTournament,
} from '../../src/server/tournaments/tournaments';
import { addPlayer, DIALECTS, freshServices, type TestServices } from '../support/services';
import { parsedForm } from '../support/tournaments';

const rekt: GameRules = { gameId: 'rekt', maxScore: 1_000_000, maxLevel: 1000, maxFishPerRun: 0, hasFish: false, hasFormations: true };
const fishing: GameRules = { gameId: 'fishing-for-sats', maxScore: 1_000_000, maxLevel: 100, maxFishPerRun: 200, hasFish: true, hasFormations: false };

/** A fixed clock: 1 May 2026, 12:00:00 UTC. */
const T0 = Date.UTC(2026, 4, 1, 12, 0, 0);

async function status(promise: Promise<unknown>): Promise<[number, string]> {
  try {
    await promise;
    return [0, ''];
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return [error.status, error.message];
  }
}

describe.each(DIALECTS)('tournaments on %s', (dialect) => {
  let s: TestServices;
  let runSeq = 0;
  const run = (userId: number, score: number, now: number, game = rekt, extra: { level?: number } = {}) =>
    submitRun(s, game, userId, { runId: `run-${++runSeq}`, score, ...extra }, now);
  const board = async (id: number, page = 1, limit = 50) => (await tournamentBoardPage(s, id, page, limit)).entries.map((e) => [e.rank, e.username, e.score]);

  beforeEach(async () => {
    s = await freshServices(dialect);
  });
  afterEach(async () => {
    await s.close();
  });

  it('status and the featured tournament follow the clock at the window edges', async () => {
    const a = await createTournament(s, parsedForm('Alpha', 'rekt', T0 + HOUR, T0 + 2 * HOUR), T0);
    const b = await createTournament(s, parsedForm('Beta', 'rekt', T0 + 3 * HOUR, T0 + 4 * HOUR), T0);
    expect((await findTournament(s, a.id, T0 + HOUR - 1)).status).toBe('upcoming');
    expect((await findTournament(s, a.id, T0 + HOUR)).status).toBe('active');
    expect((await findTournament(s, a.id, T0 + 2 * HOUR - 1)).status).toBe('active');
    expect((await findTournament(s, a.id, T0 + 2 * HOUR)).status).toBe('past');

    expect(await featuredTournament(s, T0)).toMatchObject({ id: a.id, status: 'upcoming' });
    expect(await featuredTournament(s, T0 + HOUR)).toMatchObject({ id: a.id, status: 'active' });
    // between the two: the next upcoming one
    expect(await featuredTournament(s, T0 + 2 * HOUR)).toMatchObject({ id: b.id, status: 'upcoming' });
    expect(await featuredTournament(s, T0 + 3 * HOUR + 1)).toMatchObject({ id: b.id, status: 'active' });
    expect(await featuredTournament(s, T0 + 4 * HOUR)).toBeNull();

    const names = async (status: 'upcoming' | 'active' | 'past', now: number) => (await listTournaments(s, status, now)).map((t) => t.name);
    expect(await names('upcoming', T0)).toEqual(['Alpha', 'Beta']);
    expect(await names('active', T0 + HOUR)).toEqual(['Alpha']);
    expect(await names('past', T0 + 5 * HOUR)).toEqual(['Beta', 'Alpha']);
    expect(await names('past', T0)).toEqual([]);
  });

  it('a run just inside the window enters the player; runs just outside do not', async () => {
    const t = await createTournament(s, parsedForm('Edge Cup', 'rekt', T0, T0 + HOUR), T0 - HOUR);
    const [early, first, last, late] = await Promise.all(['early', 'first', 'last', 'late'].map((name) => addPlayer(s.db, name)));
    await run(early!, 900, T0 - 1);
    await run(first!, 100, T0);
    await run(last!, 200, T0 + HOUR - 1);
    await run(late!, 999, T0 + HOUR);
    expect(await board(t.id)).toEqual([
      [1, 'last', 200],
      [2, 'first', 100],
    ]);
    const rows = await s.db.selectFrom('tournament_entries').select(['user_id', 'runs', 'best_score', 'entered_at']).orderBy('user_id').execute();
    expect(rows).toEqual([
      { user_id: first, runs: 1, best_score: 100, entered_at: T0 },
      { user_id: last, runs: 1, best_score: 200, entered_at: T0 + HOUR - 1 },
    ]);
    expect((await findTournament(s, t.id, T0)).participantCount).toBe(2);
  });
});
