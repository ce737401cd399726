import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { submitRun, type GameRules } from '~/server/games/runs';
import { migrateToLatest, openDatabase, type Db } from '~/server/db';
import { deleteAccount } from '~/server/auth/deletion';
import { hideRun, restoreRun } from '~/server/moderation/hidden-runs';
import { findTournament } from '~/server/tournaments/tournaments';
import { createTournament, updateTournament } from '~/server/tournaments/manage';
import { addPlayer, DIALECTS, freshServices, type TestServices } from '../support/services';
import { parsedForm } from '../support/tournaments';

// Issue 26, "Limits": at most N players (first come: the N+1th player's runs do not enter it) and
// at most K runs per player (only their first K runs inside the window count).

const rekt: GameRules = {
  gameId: 'rekt',
  maxScore: 1_000_000,
  maxLevel: 1000,
  maxFishPerRun: 0,
  hasFish: false,
  hasFormations: true,
  fairPlay: 'replay',
};

const HOUR = 3_600_000;

describe.each(DIALECTS)('tournament limits on %s', (dialect) => {
  let s: TestServices;
  let admin: { id: number; username: string };
  let seq = 0;
  let T0: number;

  beforeEach(async () => {
    s = await freshServices(dialect);
    admin = { id: await addPlayer(s.db, 'limits_admin'), username: 'limits_admin' };
    T0 = Date.now() - (Date.now() % 1000);
  });
  afterEach(async () => {
    await s.close();
  });

  const run = (userId: number, score: number, now: number, db: Db = s.db) =>
    submitRun(
      { db, rankings: s.rankings },
      rekt,
      userId,
      { runId: `limit-run-${++seq}`, score, verified: true },
      now,
      1000,
    );
  const entries = async (id: number) =>
    (
      await s.db
        .selectFrom('tournament_entries as e')
        .innerJoin('users as u', 'u.id', 'e.user_id')
        .select(['u.username', 'e.runs', 'e.best_score'])
        .where('e.tournament_id', '=', id)
        .orderBy('u.username')
        .execute()
    ).map((e) => [e.username, Number(e.runs), Number(e.best_score)]);
  const cup = (limits: { maxPlayers?: number | null; maxRunsPerPlayer?: number | null }) =>
    createTournament(s, parsedForm('Limited Cup', 'rekt', T0 - HOUR, T0 + HOUR, {}, limits), T0 - 2 * HOUR, admin);

  it("at most N players, first come: the next player's runs do not enter it, the ones in keep playing", async () => {
    const t = await cup({ maxPlayers: 2 });
    expect(t).toMatchObject({ maxPlayers: 2, maxRunsPerPlayer: null });
    const [ann, bob, cat] = [await addPlayer(s.db, 'ann'), await addPlayer(s.db, 'bob'), await addPlayer(s.db, 'cat')];
    await run(ann, 100, T0);
    await run(bob, 200, T0 + 1);
    await run(cat, 900, T0 + 2);
    await run(ann, 300, T0 + 3);
    await run(cat, 950, T0 + 4);
    expect(await entries(t.id)).toEqual([
      ['ann', 2, 300],
      ['bob', 1, 200],
    ]);
    expect((await findTournament(s, t.id, T0)).participantCount).toBe(2);
    // An entries rebuild (an admin edit of its window) keeps the same first two.
    await updateTournament(
      s,
      t.id,
      parsedForm('Limited Cup', 'rekt', T0 - 2 * HOUR, T0 + HOUR, {}, { maxPlayers: 2 }),
      T0 + 5,
      admin,
    );
    expect(await entries(t.id)).toEqual([
      ['ann', 2, 300],
      ['bob', 1, 200],
    ]);
    // Raising the limit lets the next one in (from the runs already played).
    await updateTournament(
      s,
      t.id,
      parsedForm('Limited Cup', 'rekt', T0 - 2 * HOUR, T0 + HOUR, {}, { maxPlayers: 3 }),
      T0 + 6,
      admin,
    );
    expect(await entries(t.id)).toEqual([
      ['ann', 2, 300],
      ['bob', 1, 200],
      ['cat', 2, 950],
    ]);
  });

  it('runs finishing at the same moment (on PostgreSQL from two processes) never make N + 1 players', async () => {
    const t = await cup({ maxPlayers: 3 });
    const players = await Promise.all(Array.from({ length: 12 }, (_, i) => addPlayer(s.db, `racer_${i}`)));
    await run(players[0]!, 10, T0);
    const other = dialect === 'postgres' ? openDatabase(s.config.databaseUrl, s.config.dataDir) : { db: s.db };
    if ('dialect' in other) await migrateToLatest(other);
    try {
      const results = await Promise.allSettled(
        players.slice(1).map((id, i) => run(id, 100 + i, T0 + 1, i % 2 ? other.db : s.db)),
      );
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    } finally {
      if (other.db !== s.db) await other.db.destroy();
    }
    const inIt = await entries(t.id);
    expect(inIt).toHaveLength(3);
    expect(inIt.map((e) => e[0])).toContain('racer_0');
    // Every run was still stored (and counts on the game's boards): only the tournament is full.
    const stored = await s.db
      .selectFrom('runs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(12);
  });

  it('at most K runs per player: only their first K runs inside the window count', async () => {
    const t = await cup({ maxRunsPerPlayer: 2 });
    const ann = await addPlayer(s.db, 'ann');
    const bob = await addPlayer(s.db, 'bob');
    await run(ann, 100, T0);
    await run(ann, 200, T0 + 1);
    await run(ann, 999, T0 + 2); // the third: does not count
    await run(bob, 50, T0 + 3);
    expect(await entries(t.id)).toEqual([
      ['ann', 2, 200],
      ['bob', 1, 50],
    ]);
    // The rebuild counts the same first two.
    await updateTournament(
      s,
      t.id,
      parsedForm('Limited Cup', 'rekt', T0 - 2 * HOUR, T0 + HOUR, {}, { maxRunsPerPlayer: 2 }),
      T0 + 5,
      admin,
    );
    expect(await entries(t.id)).toEqual([
      ['ann', 2, 200],
      ['bob', 1, 50],
    ]);
    // Without the limit every run counts.
    await updateTournament(s, t.id, parsedForm('Limited Cup', 'rekt', T0 - 2 * HOUR, T0 + HOUR), T0 + 6, admin);
    expect(await entries(t.id)).toEqual([
      ['ann', 3, 999],
      ['bob', 1, 50],
    ]);
  });

  it('hiding a run of a limited tournament frees what it held (a place, one of the K runs); restoring takes it back', async () => {
    const t = await cup({ maxPlayers: 1, maxRunsPerPlayer: 1 });
    const ann = await addPlayer(s.db, 'ann');
    const bob = await addPlayer(s.db, 'bob');
    await run(ann, 100, T0);
    await run(ann, 300, T0 + 1);
    await run(bob, 200, T0 + 2);
    expect(await entries(t.id)).toEqual([['ann', 1, 100]]);
    const first = await s.db
      .selectFrom('runs')
      .select('id')
      .where('user_id', '=', ann)
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
    await hideRun(s, admin, first.id, 'Looks scripted', T0 + 3);
    // Ann's first counted run is now her second, and she still came first.
    expect(await entries(t.id)).toEqual([['ann', 1, 300]]);
    await restoreRun(s, admin, first.id, T0 + 4);
    expect(await entries(t.id)).toEqual([['ann', 1, 100]]);
  });

  it('a deleted account frees its place for the next player, and an entries rebuild does not bring it back', async () => {
    const t = await cup({ maxPlayers: 1 });
    await addPlayer(s.db, 'second_admin'); // ids 1 and 2 are the administrators, who cannot be deleted
    const ann = await addPlayer(s.db, 'ann');
    const bob = await addPlayer(s.db, 'bob');
    await run(ann, 100, T0);
    await run(bob, 200, T0 + 1);
    expect(await entries(t.id)).toEqual([['ann', 1, 100]]);
    await deleteAccount(s, ann, { kind: 'self' }, T0 + 2);
    expect(await entries(t.id)).toEqual([]);
    const seats = async () =>
      Number(
        (await s.db.selectFrom('tournaments').select('seats_taken').where('id', '=', t.id).executeTakeFirstOrThrow())
          .seats_taken,
      );
    expect(await seats()).toBe(0);
    await run(bob, 250, T0 + 3);
    expect(await entries(t.id)).toEqual([['bob', 1, 250]]);
    // An admin edit rebuilds the entries from the runs: the deleted player's runs stay out.
    await updateTournament(
      s,
      t.id,
      parsedForm('Limited Cup', 'rekt', T0 - 2 * HOUR, T0 + HOUR, {}, { maxPlayers: 1 }),
      T0 + 4,
      admin,
    );
    expect(await entries(t.id)).toEqual([['bob', 2, 250]]);
    expect(await seats()).toBe(1);
  });

  it('a tournament without limits still takes every player and run', async () => {
    const t = await cup({});
    const players = await Promise.all(Array.from({ length: 4 }, (_, i) => addPlayer(s.db, `free_${i}`)));
    for (const [i, id] of players.entries()) for (let k = 0; k < 3; k++) await run(id, 10 * i + k, T0 + i * 10 + k);
    expect((await entries(t.id)).map((e) => e[1])).toEqual([3, 3, 3, 3]);
  });
});
