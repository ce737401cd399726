import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SECOND, MINUTE, HOUR } from '~/lib/format';
import { processWinners } from '~/server/tournaments/winners';
import { submitRun, type GameRules } from '~/server/games/runs';
import { Rankings } from '~/server/leaderboards/rankings';
import { tournamentBoardPage, tournamentRank } from '~/server/tournaments/board';
import { getTournamentStats, tournamentParticipation } from '~/server/tournaments/participation';
import { tournamentResults } from '~/server/tournaments/results';
import { featuredTournament, findTournament, listTournaments } from '~/server/tournaments/tournaments';
import { createTournament, deleteTournament, updateTournament } from '~/server/tournaments/manage';
import { addPlayer, DIALECTS, freshServices, type TestServices, appErrorOf as status } from '../support/services';
import { parsedForm } from '../support/tournaments';

// Replay-mode games as in the catalogue: their runs here are stored verified, as the Game API stores
// them once replayed (README, "Fair play"); only verified runs of such games enter tournaments.
const rekt: GameRules = {
  gameId: 'rekt',
  maxScore: 1_000_000,
  maxLevel: 1000,
  maxFishPerRun: 0,
  hasFish: false,
  hasFormations: true,
  fairPlay: 'replay',
};
const quiz: GameRules = {
  gameId: 'mr-quiz',
  maxScore: 1_000_000,
  maxLevel: 1000,
  maxFishPerRun: 0,
  hasFish: false,
  hasFormations: false,
  fairPlay: 'replay',
};
const fishing: GameRules = {
  gameId: 'fishing-for-sats',
  maxScore: 1_000_000,
  maxLevel: 100,
  maxFishPerRun: 200,
  hasFish: true,
  hasFormations: false,
  fairPlay: 'replay',
};

/** A fixed clock: 1 May 2026, 12:00:00 UTC. */
const T0 = Date.UTC(2026, 4, 1, 12, 0, 0);

describe.each(DIALECTS)('tournaments on %s', (dialect) => {
  let s: TestServices;
  let runSeq = 0;
  const run = (userId: number, score: number, now: number, game = rekt, extra: { level?: number } = {}) =>
    submitRun(s, game, userId, { runId: `run-${++runSeq}`, score, verified: true, ...extra }, now);
  const board = async (id: number, page = 1, limit = 50) =>
    (await tournamentBoardPage(s, id, page, limit)).entries.map((e) => [e.rank, e.username, e.score]);

  beforeEach(async () => {
    s = await freshServices(dialect);
  });
  afterEach(async () => {
    await s.close();
  });

  it('once its winners are processed, a tournament keeps its game, window and rewards (409); its name and texts may still change', async () => {
    const [alice, bob] = [await addPlayer(s.db, 'alice'), await addPlayer(s.db, 'bob')];
    await run(alice!, 500, T0 - 3 * HOUR, fishing);
    await run(bob!, 900, T0 - 3 * HOUR);
    const rewards = {
      firstPlaceSats: 1000,
      secondToFifthSats: 100,
      avatarRewards: [{ avatarId: 'laser-eyes', eligibility: 'first_place' as const }],
    };
    const form = (name: string, gameId: string, change: Partial<typeof rewards> = {}, extra = {}) =>
      parsedForm(name, gameId, T0 - 4 * HOUR, T0 - HOUR, { ...rewards, ...change }, extra);
    const cup = await createTournament(s, form('Fish Cup', 'fishing-for-sats'), T0);
    const admin = { id: alice!, username: 'alice' };
    await processWinners(s, admin, cup.id, T0);
    const awards = () =>
      s.db
        .selectFrom('prize_awards')
        .select(['user_id', 'prize_type', 'prize_value'])
        .where('tournament_id', '=', cup.id)
        .orderBy('id')
        .execute();
    const before = await awards();
    expect(before).toEqual([
      { user_id: alice, prize_type: 'bitcoin', prize_value: 1000 },
      { user_id: alice, prize_type: 'avatar', prize_value: 0 },
    ]);

    const refused =
      'The winners of "Fish Cup" were already processed: its game, dates, rewards and limits can no longer change (its name, description, image and report still can).';
    // Another game (bob would be first and paid again), another window, other sats or avatar rules.
    expect(await status(updateTournament(s, cup.id, form('Fish Cup', 'rekt'), T0))).toEqual([409, refused]);
    expect(
      await status(
        updateTournament(s, cup.id, parsedForm('Fish Cup', 'fishing-for-sats', T0 - 5 * HOUR, T0 - HOUR, rewards), T0),
      ),
    ).toEqual([409, refused]);
    expect(
      await status(updateTournament(s, cup.id, form('Fish Cup', 'fishing-for-sats', { firstPlaceSats: 5 }), T0)),
    ).toEqual([409, refused]);
    expect(
      await status(updateTournament(s, cup.id, form('Fish Cup', 'fishing-for-sats', { avatarRewards: [] }), T0)),
    ).toEqual([409, refused]);
    expect(
      await s.db
        .selectFrom('tournaments')
        .select(['name', 'game_id', 'first_place_sats'])
        .where('id', '=', cup.id)
        .execute(),
    ).toEqual([{ name: 'Fish Cup', game_id: 'fishing-for-sats', first_place_sats: 1000 }]);
    expect(await board(cup.id)).toEqual([[1, 'alice', 500]]);

    // Its name, description and report change; processing again creates nothing new.
    const renamed = await updateTournament(
      s,
      cup.id,
      form('Fish Cup 2026', 'fishing-for-sats', {}, { description: 'Reeled in.', reportContent: '## Done' }),
      T0,
    );
    expect(renamed).toMatchObject({ name: 'Fish Cup 2026', description: 'Reeled in.' });
    expect(await processWinners(s, admin, cup.id, T0)).toMatchObject({ awardsCreated: 0 });
    expect(await awards()).toEqual(before);
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

    const names = async (status: 'upcoming' | 'active' | 'past', now: number) =>
      (await listTournaments(s, status, now)).map((t) => t.name);
    expect(await names('upcoming', T0)).toEqual(['Alpha', 'Beta']);
    expect(await names('active', T0 + HOUR)).toEqual(['Alpha']);
    expect(await names('past', T0 + 5 * HOUR)).toEqual(['Beta', 'Alpha']);
    expect(await names('past', T0)).toEqual([]);
  });

  it('a run just inside the window enters the player; runs just outside do not', async () => {
    const t = await createTournament(s, parsedForm('Edge Cup', 'rekt', T0, T0 + HOUR), T0 - HOUR);
    const [early, first, last, late] = await Promise.all(
      ['early', 'first', 'last', 'late'].map((name) => addPlayer(s.db, name)),
    );
    await run(early!, 900, T0 - 1);
    await run(first!, 100, T0);
    await run(last!, 200, T0 + HOUR - 1);
    await run(late!, 999, T0 + HOUR);
    expect(await board(t.id)).toEqual([
      [1, 'last', 200],
      [2, 'first', 100],
    ]);
    const rows = await s.db
      .selectFrom('tournament_entries')
      .select(['user_id', 'runs', 'best_score', 'entered_at'])
      .orderBy('best_score')
      .execute();
    expect(rows).toEqual([
      { user_id: first, runs: 1, best_score: 100, entered_at: T0 },
      { user_id: last, runs: 1, best_score: 200, entered_at: T0 + HOUR - 1 },
    ]);
    expect((await findTournament(s, t.id, T0)).participantCount).toBe(2);
  });

  it('two tournaments of one game at once: one run enters both; other games and windows are left alone', async () => {
    const wide = await createTournament(s, parsedForm('Wide', 'rekt', T0 - HOUR, T0 + HOUR), T0);
    const narrow = await createTournament(s, parsedForm('Narrow', 'rekt', T0, T0 + MINUTE), T0);
    const later = await createTournament(s, parsedForm('Later', 'rekt', T0 + HOUR, T0 + 2 * HOUR), T0);
    const fish = await createTournament(s, parsedForm('Fish Off', 'fishing-for-sats', T0 - HOUR, T0 + HOUR), T0);
    const ann = await addPlayer(s.db, 'ann');
    await run(ann, 500, T0 + SECOND, rekt, { level: 4 });
    await run(ann, 300, T0 + 2 * MINUTE);
    expect(await board(wide.id)).toEqual([[1, 'ann', 500]]);
    expect(await board(narrow.id)).toEqual([[1, 'ann', 500]]);
    expect(await board(later.id)).toEqual([]);
    expect(await board(fish.id)).toEqual([]);
    const entries = await s.db
      .selectFrom('tournament_entries')
      .select(['tournament_id', 'runs', 'best_level'])
      .orderBy('tournament_id')
      .execute();
    expect(entries).toEqual([
      { tournament_id: wide.id, runs: 2, best_level: 4 },
      { tournament_id: narrow.id, runs: 1, best_level: 4 },
    ]);
    expect((await listTournaments(s, 'active', T0 + SECOND)).map((t) => t.name)).toEqual([
      'Narrow',
      'Wide',
      'Fish Off',
    ]);
    // the featured one is the active tournament ending first
    expect((await featuredTournament(s, T0 + SECOND))?.name).toBe('Narrow');
  });

  it('for a game in replay mode only verified runs count; other games count every run (README, "Fair play")', async () => {
    const replayed = rekt;
    const trusting: GameRules = { ...fishing, fairPlay: 'none' };
    const cup = await createTournament(s, parsedForm('Fair Cup', 'rekt', T0, T0 + HOUR), T0);
    const pond = await createTournament(s, parsedForm('Fair Pond', 'fishing-for-sats', T0, T0 + HOUR), T0);
    const [ann, bob] = await Promise.all(['ann', 'bob'].map((name) => addPlayer(s.db, name)));
    // A forged 900 stored unverified (say, before fair play) is the player's best, but not in the tournament.
    await submitRun(s, replayed, ann!, { runId: 'forged', score: 900 }, T0 + SECOND);
    await submitRun(s, replayed, ann!, { runId: 'replayed', score: 400, verified: true }, T0 + 2 * SECOND);
    await submitRun(s, replayed, bob!, { runId: 'unverified', score: 700 }, T0 + 3 * SECOND);
    await submitRun(s, trusting, bob!, { runId: 'fish', score: 55 }, T0 + 4 * SECOND);
    expect(await board(cup.id)).toEqual([[1, 'ann', 400]]);
    expect(await board(pond.id)).toEqual([[1, 'bob', 55]]);
    const entries = await s.db
      .selectFrom('tournament_entries')
      .select(['tournament_id', 'user_id', 'runs', 'best_score'])
      .orderBy('tournament_id')
      .execute();
    expect(entries).toEqual([
      { tournament_id: cup.id, user_id: ann, runs: 1, best_score: 400 },
      { tournament_id: pond.id, user_id: bob, runs: 1, best_score: 55 },
    ]);
    // Rebuilt from the stored runs (a new window), the entries follow the same rule.
    await updateTournament(s, cup.id, parsedForm('Fair Cup', 'rekt', T0 - HOUR, T0 + HOUR), T0 + MINUTE);
    expect(await board(cup.id)).toEqual([[1, 'ann', 400]]);
    // The game's own board still has every stored run's best.
    // (by score: the two players were added at once, so their ids may come in either order)
    const bests = await s.db
      .selectFrom('game_stats')
      .select(['user_id', 'best_score'])
      .where('game_id', '=', 'rekt')
      .orderBy('best_score', 'desc')
      .execute();
    expect(bests).toEqual([
      { user_id: ann, best_score: 900 },
      { user_id: bob, best_score: 700 },
    ]);
  });

  it('ties: the earlier best wins, an equal later score does not move it, ranks are unique and consecutive', async () => {
    const t = await createTournament(s, parsedForm('Tie Cup', 'rekt', T0, T0 + HOUR), T0);
    const [amy, bob, cat, dan] = await Promise.all(['amy', 'bob', 'cat', 'dan'].map((name) => addPlayer(s.db, name)));
    await run(bob!, 700, T0 + 10 * SECOND);
    await run(amy!, 700, T0 + 20 * SECOND);
    await run(cat!, 900, T0 + 30 * SECOND);
    await run(dan!, 100, T0 + 40 * SECOND);
    // bob equals his own best later: he keeps the earlier time and his place
    await run(bob!, 700, T0 + 50 * SECOND);
    // amy beats her best: she moves above bob
    expect(await board(t.id)).toEqual([
      [1, 'cat', 900],
      [2, 'bob', 700],
      [3, 'amy', 700],
      [4, 'dan', 100],
    ]);
    await run(amy!, 701, T0 + 60 * SECOND);
    expect(await board(t.id)).toEqual([
      [1, 'cat', 900],
      [2, 'amy', 701],
      [3, 'bob', 700],
      [4, 'dan', 100],
    ]);
    expect(await board(t.id, 2, 3)).toEqual([[4, 'dan', 100]]);
    expect((await tournamentBoardPage(s, t.id, 1, 3)).pagination).toEqual({
      page: 1,
      limit: 3,
      hasMore: true,
      totalPlayers: 4,
    });
    expect(await tournamentRank(s, t.id, bob!)).toEqual({
      rank: 3,
      score: 700,
      fishCaught: 0,
      level: null,
      totalPlayers: 4,
      page: 1,
    });
    const nobody = await addPlayer(s.db, 'nobody');
    expect(await tournamentRank(s, t.id, nobody)).toEqual({
      rank: null,
      score: 0,
      fishCaught: 0,
      level: null,
      totalPlayers: 4,
      page: null,
    });
    expect(await status(tournamentBoardPage(s, 9999, 1, 50))).toEqual([404, 'Tournament not found.']);
  });

  it('a group-commit batch writes every run with its tournament entries; a run refused by the rate limit enters nothing', async () => {
    const t = await createTournament(s, parsedForm('Batch Cup', 'fishing-for-sats', T0, T0 + HOUR), T0);
    const ids = await Promise.all(Array.from({ length: 30 }, (_, i) => addPlayer(s.db, `p${i}`)));
    const fish = [{ name: 'Carp', points: 10, weight: 2.5, quality: 3 }];
    // all submitted in one turn of the event loop: one batch
    await Promise.all(
      ids.map((id, i) => submitRun(s, fishing, id, { runId: `b${i}`, score: 1000 + i, fish, verified: true }, T0 + i)),
    );
    const page = await tournamentBoardPage(s, t.id, 1, 50);
    expect(page.pagination.totalPlayers).toBe(30);
    expect(page.entries[0]).toMatchObject({ rank: 1, username: 'p29', score: 1029, fishCaught: 1, fishDetails: fish });
    expect(page.entries.map((e) => e.rank)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    const counts = await s.db
      .selectFrom('tournament_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(counts.n)).toBe(30);
    // one batch: its runs all count in the one game total row it picked
    const shards = await s.db
      .selectFrom('game_totals')
      .select(['shard', 'total_runs'])
      .where('game_id', '=', 'fishing-for-sats')
      .execute();
    expect(shards).toEqual([{ shard: shards[0]!.shard, total_runs: 30 }]);

    // the limit: a player allowed 1 run a minute sends two at once; one is stored, the other refused
    // and enters nothing. Which one wins is the database's order: on PostgreSQL a player's two runs
    // go in two batches in flight together (README, Score ingestion), either may commit first.
    const limited = await addPlayer(s.db, 'limited');
    const scores = [5, 5000];
    const results = await Promise.allSettled(
      scores.map((score, i) =>
        submitRun(s, fishing, limited, { runId: `l${i}`, score, verified: true }, T0 + 100 + i, 1),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const stored = scores[results.findIndex((r) => r.status === 'fulfilled')];
    const entry = await s.db
      .selectFrom('tournament_entries')
      .selectAll()
      .where('user_id', '=', limited)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ runs: 1, best_score: stored });
  });

  it('a tournament created over a past window takes its entries from the runs; a new window rebuilds them; delete removes them', async () => {
    const [old, mid] = await Promise.all(['old', 'mid'].map((name) => addPlayer(s.db, name)));
    await run(old!, 50, T0 - 3 * HOUR);
    await run(old!, 80, T0 - 2 * HOUR);
    await run(mid!, 60, T0 - 2 * HOUR);
    await run(mid!, 60, T0 - HOUR);
    await run(mid!, 10, T0 - 30 * MINUTE, fishing);
    const past = await createTournament(s, parsedForm('Last Week', 'rekt', T0 - 4 * HOUR, T0 - 90 * MINUTE), T0);
    expect(past.status).toBe('past');
    expect(await board(past.id)).toEqual([
      [1, 'old', 80],
      [2, 'mid', 60],
    ]);
    const midEntry = await s.db
      .selectFrom('tournament_entries')
      .selectAll()
      .where('user_id', '=', mid!)
      .executeTakeFirstOrThrow();
    expect(midEntry).toMatchObject({
      runs: 1,
      best_score: 60,
      best_reached_at: T0 - 2 * HOUR,
      entered_at: T0 - 2 * HOUR,
    });

    // a later window: only mid's second run, and old's none
    await updateTournament(s, past.id, parsedForm('Last Week', 'rekt', T0 - 90 * MINUTE, T0 - 45 * MINUTE), T0);
    expect(await board(past.id)).toEqual([[1, 'mid', 60]]);
    // another game: its runs
    await updateTournament(
      s,
      past.id,
      parsedForm('Last Week', 'fishing-for-sats', T0 - 90 * MINUTE, T0 - 15 * MINUTE),
      T0,
    );
    expect(await board(past.id)).toEqual([[1, 'mid', 10]]);
    expect((await tournamentParticipation(s, mid!)).tournamentCount).toBe(1);
    expect((await tournamentParticipation(s, old!)).tournamentCount).toBe(0);

    // An administrator's delete is recorded in the delete's own transaction; a refused one records nothing.
    const admin = { id: mid!, username: 'mid' };
    expect(await deleteTournament(s, past.id, T0, admin)).toEqual({ name: 'Last Week', deleted: 1 });
    expect(await status(deleteTournament(s, past.id, T0, admin))).toEqual([404, 'Tournament not found.']);
    expect(
      await s.db.selectFrom('audit_log').select(['actor_id', 'action', 'target_id', 'details', 'created_at']).execute(),
    ).toEqual([
      {
        actor_id: mid!,
        action: 'tournament.delete',
        target_id: String(past.id),
        details: JSON.stringify({ name: 'Last Week' }),
        created_at: T0,
      },
    ]);
    expect(await s.db.selectFrom('tournament_entries').selectAll().execute()).toEqual([]);
    expect(await status(findTournament(s, past.id))).toEqual([404, 'Tournament not found.']);
    // The boards it answered a moment ago (their existence check is remembered) now answer 404 too.
    expect(await status(tournamentBoardPage(s, past.id, 1, 50))).toEqual([404, 'Tournament not found.']);
    expect(await status(tournamentRank(s, past.id, mid!))).toEqual([404, 'Tournament not found.']);
    expect(await status(deleteTournament(s, past.id))).toEqual([404, 'Tournament not found.']);
  });

  it('stores rewards as the spec shows them: pool, split, avatar rewards with names and images', async () => {
    const t = await createTournament(
      s,
      parsedForm('Prize Cup', 'rekt', T0, T0 + HOUR, {
        firstPlaceSats: 10_000,
        secondToFifthSats: 2_500,
        randomParticipantSats: 1_000,
        avatarRewards: [
          { avatarId: 'sats-miner', eligibility: 'all_players' },
          { avatarId: 'laser-eyes', eligibility: 'top_3', minScore: 5000 },
        ],
      }),
      T0,
    );
    expect(t.rewards).toEqual({
      totalPrizePool: 21_000,
      givenSats: 0,
      poolRule: 'proportional',
      prizeDistribution: { '1': 10_000, '2-5': 2_500, random: 1_000 },
      avatarRewards: [
        {
          avatarId: 'sats-miner',
          avatarName: 'Sats Miner',
          imageUrl: '/api/assets/avatars/sats-miner.png',
          unlockCriteria: 'All Players',
          requirement: { type: 'all_players', value: null, minScore: null },
        },
        {
          avatarId: 'laser-eyes',
          avatarName: 'Laser Eyes',
          imageUrl: '/api/assets/avatars/laser-eyes.png',
          unlockCriteria: 'Top 3, with at least 5,000 points',
          requirement: { type: 'top_3', value: 3, minScore: 5000 },
        },
      ],
    });
    expect(t.startDate).toBe(new Date(T0).toISOString());
    expect(t.startTime).toBe(t.startDate);
    expect(t.imageUrl).toBeNull();
  });

  it('distributedSats sums the bitcoin prizes marked sent, per tournament; none sent is 0', async () => {
    const rewards = { firstPlaceSats: 1000, secondToFifthSats: 100, randomParticipantSats: 500 };
    const paid = await createTournament(s, parsedForm('Paid Cup', 'rekt', T0 - 3 * HOUR, T0 - 2 * HOUR, rewards), T0);
    const unpaid = await createTournament(
      s,
      parsedForm('Unpaid Cup', 'rekt', T0 - 5 * HOUR, T0 - 4 * HOUR, rewards),
      T0,
    );
    const [ace, bea] = [await addPlayer(s.db, 'ace'), await addPlayer(s.db, 'bea')];
    const award = (
      tournament_id: number,
      user_id: number,
      prize_type: 'bitcoin' | 'avatar',
      prize_value: number,
      status: 'pending' | 'sent',
      avatar_id: string | null = null,
    ) => ({
      tournament_id,
      user_id,
      prize_type,
      prize_value,
      status,
      avatar_id,
      award_key: `${prize_type}-${prize_value}-${status}`,
      created_at: T0,
    });
    await s.db
      .insertInto('prize_awards')
      .values([
        // 1,100 awarded, 1,000 of it sent; a sent avatar counts no sats.
        award(paid.id, ace!, 'bitcoin', 1000, 'sent'),
        award(paid.id, bea!, 'bitcoin', 100, 'pending'),
        award(paid.id, ace!, 'avatar', 0, 'sent', 'laser-eyes'),
        award(unpaid.id, bea!, 'bitcoin', 1000, 'pending'),
      ])
      .execute();

    expect(paid.rewards.totalPrizePool).toBe(1900);
    const listed = await listTournaments(s, 'past', T0);
    expect(listed.map((t) => [t.name, t.rewards.totalPrizePool, t.distributedSats])).toEqual([
      ['Paid Cup', 1900, 1000],
      ['Unpaid Cup', 1900, 0],
    ]);
    expect((await findTournament(s, paid.id, T0)).distributedSats).toBe(1000);
    expect((await tournamentResults(s, paid.id, T0)).tournament.distributedSats).toBe(1000);
    expect((await tournamentResults(s, unpaid.id, T0)).tournament.distributedSats).toBe(0);
  });

  it('refuses an unknown game or avatar with 400, changing nothing', async () => {
    expect(await status(createTournament(s, parsedForm('X', 'tetris', T0, T0 + HOUR), T0))).toEqual([
      400,
      'Unknown game "tetris". Games: fishing-for-sats, rekt, mr-quiz.',
    ]);
    expect(
      await status(
        createTournament(
          s,
          parsedForm('X', 'rekt', T0, T0 + HOUR, {
            avatarRewards: [{ avatarId: 'no-such-avatar', eligibility: 'top_5' }],
          }),
          T0,
        ),
      ),
    ).toEqual([400, 'Unknown avatar "no-such-avatar": choose one from the avatar collection.']);
    expect(await s.db.selectFrom('tournaments').selectAll().execute()).toEqual([]);
    // every catalogue game may hold a tournament
    expect((await createTournament(s, parsedForm('Quiz Night', 'mr-quiz', T0, T0 + HOUR), T0)).gameId).toBe('mr-quiz');
  });

  it('participation, profile history and results: ranks, best finish in any tournament entered, medals and awards', async () => {
    const done = await createTournament(
      s,
      parsedForm('Done', 'rekt', T0, T0 + HOUR, { avatarRewards: [{ avatarId: 'hodl-knight', eligibility: 'top_3' }] }),
      T0,
    );
    const running = await createTournament(s, parsedForm('Running', 'rekt', T0 + 2 * HOUR, T0 + 5 * HOUR), T0);
    const [ace, bea, cal, dee, eve] = await Promise.all(
      ['ace', 'bea', 'cal', 'dee', 'eve'].map((name) => addPlayer(s.db, name, 'FR')),
    );
    await run(ace!, 400, T0 + MINUTE);
    await run(bea!, 300, T0 + MINUTE);
    await run(cal!, 200, T0 + MINUTE);
    await run(dee!, 100, T0 + MINUTE);
    await run(cal!, 999, T0 + 3 * HOUR);
    // Running now, on the real clock the record is read with.
    const live = Date.now();
    await createTournament(s, parsedForm('Live', 'mr-quiz', live - HOUR, live + HOUR), live);
    await run(ace!, 700, live, quiz);
    await run(eve!, 50, live, quiz);
    const now = T0 + 4 * HOUR;
    // The best rank reached in any tournament entered: 1st in the one still running beats 3rd in the finished one.
    expect(await tournamentParticipation(s, cal!)).toEqual({
      tournamentCount: 2,
      bestFinish: 1,
      bestFinishLive: false,
    });
    // 1st in the finished Done too: a finish, not only a live rank.
    expect(await tournamentParticipation(s, ace!)).toEqual({
      tournamentCount: 2,
      bestFinish: 1,
      bestFinishLive: false,
    });
    expect(await tournamentParticipation(s, dee!)).toEqual({
      tournamentCount: 1,
      bestFinish: 4,
      bestFinishLive: false,
    });
    // Only in a tournament still running, 2nd of 2: the profile and the dashboard's call both say #2 (never N/A beside a listed rank).
    // ... and the dashboard says it is live (bestFinishLive), not a finish.
    expect(await tournamentParticipation(s, eve!)).toEqual({ tournamentCount: 1, bestFinish: 2, bestFinishLive: true });
    expect(await getTournamentStats(s, eve!)).toEqual({
      totalParticipations: 1,
      bestFinish: 2,
      recentTournaments: [{ tournamentName: 'Live', createdAt: new Date(live).toISOString(), rank: 2, score: 50 }],
    });
    expect(await getTournamentStats(s, cal!)).toEqual({
      totalParticipations: 2,
      bestFinish: 1,
      recentTournaments: [
        { tournamentName: 'Running', createdAt: new Date(T0 + 3 * HOUR).toISOString(), rank: 1, score: 999 },
        { tournamentName: 'Done', createdAt: new Date(T0 + MINUTE).toISOString(), rank: 3, score: 200 },
      ],
    });
    const none = await addPlayer(s.db, 'none');
    expect(await tournamentParticipation(s, none)).toEqual({
      tournamentCount: 0,
      bestFinish: null,
      bestFinishLive: false,
    });
    expect((await getTournamentStats(s, none)).bestFinish).toBeNull();

    await s.db
      .insertInto('prize_awards')
      .values([
        { tournament_id: done.id, user_id: bea!, prize_type: 'bitcoin', prize_value: 2500, created_at: now },
        { tournament_id: done.id, user_id: ace!, prize_type: 'bitcoin', prize_value: 10000, created_at: now },
        {
          tournament_id: done.id,
          user_id: ace!,
          prize_type: 'avatar',
          prize_value: 0,
          avatar_id: 'hodl-knight',
          created_at: now,
        },
        {
          tournament_id: done.id,
          user_id: bea!,
          prize_type: 'avatar',
          prize_value: 0,
          avatar_id: 'hodl-knight',
          created_at: now,
        },
      ])
      .execute();
    const results = await tournamentResults(s, done.id, now);
    expect(results.tournament).toMatchObject({ name: 'Done', status: 'past', participantCount: 4 });
    expect(results.totalPlayers).toBe(4);
    expect(results.entries.map((e) => [e.rank, e.username, e.medal, e.country])).toEqual([
      [1, 'ace', 'gold', 'FR'],
      [2, 'bea', 'silver', 'FR'],
      [3, 'cal', 'bronze', 'FR'],
      [4, 'dee', null, 'FR'],
    ]);
    expect(results.bitcoinAwards.map((a) => [a.username, a.rank, a.score, a.prizeValue, a.status])).toEqual([
      ['ace', 1, 400, 10000, 'pending'],
      ['bea', 2, 300, 2500, 'pending'],
    ]);
    expect(results.avatarAwards.map((a) => [a.username, a.avatarName, a.avatarImageUrl])).toEqual([
      ['ace', 'HODL Knight', '/api/assets/avatars/hodl-knight.png'],
      ['bea', 'HODL Knight', '/api/assets/avatars/hodl-knight.png'],
    ]);
    expect(results.avatarEarned).toEqual({ 'hodl-knight': 2 });
    expect((await tournamentResults(s, running.id, now)).bitcoinAwards).toEqual([]);
  });

  it('a board follows entries written by another server process', async () => {
    // the change feed reads bests reached lately: this test runs on the real clock
    const now = Math.floor(Date.now() / SECOND) * SECOND;
    const t = await createTournament(s, parsedForm('Shared', 'rekt', now - HOUR, now + HOUR), now);
    const [eve, fay] = await Promise.all(['eve', 'fay'].map((name) => addPlayer(s.db, name)));
    await run(eve!, 10, Date.now());
    expect(await board(t.id)).toEqual([[1, 'eve', 10]]);
    // another process: its own rankings over the same database
    const other = { ...s, rankings: new Rankings(s.db) };
    await submitRun(other, rekt, fay!, { runId: 'elsewhere', score: 20, verified: true }, Date.now());
    await new Promise((r) => setTimeout(r, 1100));
    expect(await board(t.id)).toEqual([
      [1, 'fay', 20],
      [2, 'eve', 10],
    ]);
  });

  it('an edit that rebuilds the entries while runs are being written loses none of them', async () => {
    const t = await createTournament(s, parsedForm('Busy Cup', 'rekt', T0 - HOUR, T0 + HOUR), T0);
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => addPlayer(s.db, `busy${i}`)));
    const runs = ids.flatMap((id, i) =>
      [0, 1, 2].map(
        (k) => () =>
          submitRun(s, rekt, id, { runId: `busy-${i}-${k}`, score: 10 * i + k, verified: true }, T0 + i * SECOND + k),
      ),
    );
    // runs before, during and after a rebuild (a longer window, so every run still counts)
    await Promise.all([
      ...runs.slice(0, 12).map((go) => go()),
      updateTournament(s, t.id, parsedForm('Busy Cup', 'rekt', T0 - 2 * HOUR, T0 + HOUR), T0),
      ...runs.slice(12).map((go) => go()),
    ]);
    const entries = await s.db
      .selectFrom('tournament_entries')
      .select(['user_id', 'runs', 'best_score'])
      .where('tournament_id', '=', t.id)
      .execute();
    expect(entries).toHaveLength(12);
    expect(entries.reduce((sum, e) => sum + e.runs, 0)).toBe(36);
    expect((await tournamentBoardPage(s, t.id, 1, 50)).entries.map((e) => e.score)).toEqual(
      Array.from({ length: 12 }, (_, i) => 10 * (11 - i) + 2),
    );
  });

  it('deleting a tournament while runs are being written fails none of them', async () => {
    const t = await createTournament(s, parsedForm('Gone Cup', 'rekt', T0 - HOUR, T0 + HOUR), T0);
    const ids = await Promise.all(Array.from({ length: 8 }, (_, i) => addPlayer(s.db, `gone${i}`)));
    const results = await Promise.allSettled([
      ...ids.slice(0, 4).map((id, i) => submitRun(s, rekt, id, { runId: `g${i}`, score: i, verified: true }, T0)),
      deleteTournament(s, t.id),
      ...ids.slice(4).map((id, i) => submitRun(s, rekt, id, { runId: `g${i + 4}`, score: i, verified: true }, T0)),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(9).fill('fulfilled'));
    expect(await s.db.selectFrom('runs').select('id').execute()).toHaveLength(8);
    expect(await s.db.selectFrom('tournament_entries').select('user_id').execute()).toEqual([]);
  });
});
