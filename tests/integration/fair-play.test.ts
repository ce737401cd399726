import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY, HOUR, MINUTE, SECOND } from '~/lib/format';
import type { SubmitRunRequest } from '~/lib/schemas/games';
import { AppError } from '~/server/shared/errors';
import { requireGame, type CatalogueGame } from '~/server/games/catalogue';
import {
  answerQuestion,
  chargeReplay,
  checkRun,
  MAX_OPEN_TICKETS,
  pruneTickets,
  REPLAY_MS_PER_MINUTE,
  startRun,
  TICKET_LIFETIME_MS,
  TICKET_STARTS,
} from '~/server/games/fair-play';
import { ANSWER_ALLOWANCE_MS, quizQuestions, REVEAL_MS, type QuizState } from '~/server/games/quiz';
import { submitRun } from '~/server/games/runs';
import { listUserScores } from '~/server/games/stats';
import { replay as replayRekt } from '~games/rekt/game.js';
import { playFishing, playRekt } from '../../scripts/autoplay';
import { addPlayer, DIALECTS, freshServices, type TestServices } from '../support/services';

const T0 = Date.parse('2026-11-20T10:00:00.000Z');
/** Milliseconds `steps` fixed steps of REKT! (1/120 s) last. */
const rektMs = (steps: number) => Math.ceil((steps / 120) * SECOND);

async function refusal(promise: Promise<unknown>): Promise<[number, string]> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return [error.status, error.message];
    throw error;
  }
  return [0, 'accepted'];
}

describe.each(DIALECTS)('fair play on %s', (dialect) => {
  let s: TestServices;
  let rekt: CatalogueGame;
  let fishing: CatalogueGame;
  let quiz: CatalogueGame;
  let player: number;
  let other: number;

  beforeEach(async () => {
    s = await freshServices(dialect);
    [rekt, fishing, quiz] = await Promise.all(
      ['rekt', 'fishing-for-sats', 'mr-quiz'].map((id) => requireGame(s.config.siteUrl, id)),
    );
    player = await addPlayer(s.db, 'Honest_Flyer');
    other = await addPlayer(s.db, 'Other_Flyer');
  });
  afterEach(async () => s.close());

  /** Check and store a run as the Game API does; the stored run or the refusal. */
  async function submit(game: CatalogueGame, userId: number, body: SubmitRunRequest, now: number) {
    const run = await checkRun(s.db, game, userId, body, JSON.stringify(body), now);
    return submitRun(s, game.rules, userId, run, now);
  }
  const storedRuns = async () =>
    s.db.selectFrom('runs').select(['run_id', 'score', 'verified']).orderBy('id').execute();
  /** Where each question's right answer is shown, as the server keeps it in the quiz ticket. */
  /** What the server keeps of a quiz in its ticket's row. */
  const quizState = async (runId: string) => {
    const row = await s.db
      .selectFrom('run_tickets')
      .select('quiz_json')
      .where('run_id', '=', runId)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.quiz_json!) as QuizState;
  };
  const rightAnswers = async (runId: string) => (await quizState(runId)).orders.map((order) => order.indexOf(0));

  it("a replayed REKT! run is stored with the replay's result and marked verified", async () => {
    const ticket = await startRun(s.db, rekt, player, T0);
    expect(ticket).toMatchObject({
      runId: expect.stringMatching(/^[0-9a-z]+\.[0-9a-z]+\.[0-9a-z]+$/),
      startedAt: new Date(T0).toISOString(),
    });
    // The id spells the ticket's start, player and seed (base 36).
    expect(ticket.runId.split('.').map((part) => parseInt(part, 36))).toEqual([T0, player, ticket.seed]);
    const play = playRekt(ticket.seed, { until: 100 });
    expect(play.score).toBeGreaterThanOrEqual(100);
    const body = {
      runId: ticket.runId,
      score: play.score,
      level: play.level,
      achievements: play.achievements,
      inputs: play.flaps,
    };
    const stored = await submit(rekt, player, body, T0 + rektMs(play.steps) + SECOND);
    expect(stored).toMatchObject({
      created: true,
      run: { runId: ticket.runId, score: play.score, level: play.level, verified: true },
    });
    // A retry of the very same body answers the stored run and counts nothing twice.
    const retry = await submit(rekt, player, body, T0 + rektMs(play.steps) + 5 * SECOND);
    expect(retry).toMatchObject({
      created: false,
      run: { score: play.score, verified: true },
      best: { totalPlays: 1 },
    });
    expect(await storedRuns()).toEqual([{ run_id: ticket.runId, score: play.score, verified: 1 }]);
    expect((await listUserScores(s.db, player, 'rekt')).scores).toEqual([
      expect.objectContaining({ score: play.score, verified: true }),
    ]);
  });

  it('a replayed fishing trip stores the fish the replay caught', async () => {
    const ticket = await startRun(s.db, fishing, player, T0);
    const play = playFishing(ticket.seed, T0);
    expect(play.fish.length).toBeGreaterThan(0);
    const body = { runId: ticket.runId, score: play.score, fish: play.fish, inputs: play.inputs };
    const stored = await submit(fishing, player, body, T0 + Math.ceil((play.steps / 60) * SECOND) + SECOND);
    expect(stored).toMatchObject({
      created: true,
      run: { score: play.score, fishCaught: play.fish.length, verified: true },
    });
    // One fish claimed heavier than it was: refused.
    const second = await startRun(s.db, fishing, player, T0);
    const again = playFishing(second.seed, T0);
    const heavier = again.fish.map((f, i) => (i === 0 ? { ...f, weight: f.weight + 1 } : f));
    const [real, claimed] = [again.fish[0]!, heavier[0]!];
    expect(
      await refusal(
        submit(
          fishing,
          player,
          { runId: second.runId, score: again.score, fish: heavier, inputs: again.inputs },
          T0 + HOUR,
        ),
      ),
    ).toEqual([
      422,
      `The run does not match its replay: it reports ${claimed.name} (${claimed.points} points, ${claimed.weight} kg, quality ${claimed.quality}), the replay caught ${real.name} (${real.points} points, ${real.weight} kg, quality ${real.quality}).`,
    ]);
    // A fish left out: the count, and what the replay caught.
    expect(
      await refusal(
        submit(
          fishing,
          player,
          { runId: second.runId, score: again.score, fish: again.fish.slice(1), inputs: again.inputs },
          T0 + HOUR,
        ),
      ),
    ).toEqual([
      422,
      expect.stringMatching(
        new RegExp(
          `^The run does not match its replay: it reports ${again.fish.length - 1} fish, the replay caught ${again.fish.length} \\(`,
        ),
      ),
    ]);
    // A level, which a trip does not have: refused, not dropped.
    expect(
      await refusal(
        submit(
          fishing,
          player,
          { runId: second.runId, score: again.score, level: 50, fish: again.fish, inputs: again.inputs },
          T0 + HOUR,
        ),
      ),
    ).toEqual([400, 'Fishing for Sats! runs have no level: leave out "level".']);
    expect(
      await s.db.selectFrom('run_tickets').select('used_at').where('run_id', '=', second.runId).executeTakeFirst(),
    ).toEqual({ used_at: null });
  });

  it('REKT!: a run is replayed with the rules its ticket was issued under (version 1 before the arcade took up 2)', async () => {
    // This arcade took up the rules of version 2 a minute after T0 (migration 0021 records when).
    await s.db
      .updateTable('game_rules')
      .set({ since: T0 + MINUTE })
      .where('game_id', '=', 'rekt')
      .execute();
    const before = await startRun(s.db, rekt, player, T0);
    const oldPlay = playRekt(before.seed, { until: 40_000, maxSteps: 120 * 60 * 15, rules: 1 });
    // Past level 12, where the two versions part: the same flaps fly another run under version 2.
    expect(oldPlay.level).toBeGreaterThan(13);
    const underVersion2 = () => {
      try {
        return replayRekt(before.seed, oldPlay.flaps, 120 * 60 * 15).score;
      } catch {
        return 'refused'; // the bird dies earlier under version 2: flaps after it was REKT
      }
    };
    expect(underVersion2()).not.toBe(oldPlay.score);
    const body = (ticket: { runId: string }, play: ReturnType<typeof playRekt>) => ({
      runId: ticket.runId,
      score: play.score,
      level: play.level,
      achievements: play.achievements,
      inputs: play.flaps,
    });
    expect((await submit(rekt, player, body(before, oldPlay), T0 + rektMs(oldPlay.steps) + SECOND)).run).toMatchObject({
      score: oldPlay.score,
      level: oldPlay.level,
      verified: true,
    });
    // A ticket issued since: version 2, and a run flown by version 1 does not match it.
    const after = await startRun(s.db, rekt, player, T0 + 2 * MINUTE);
    const newPlay = playRekt(after.seed, { until: 40_000, maxSteps: 120 * 60 * 15 });
    const stale = playRekt(after.seed, { until: 40_000, maxSteps: 120 * 60 * 15, rules: 1 });
    expect(newPlay.level).toBeGreaterThan(13);
    const done = T0 + 2 * MINUTE + rektMs(Math.max(newPlay.steps, stale.steps)) + SECOND;
    expect((await refusal(submit(rekt, player, body(after, stale), done)))[0]).toBe(422);
    expect((await submit(rekt, player, body(after, newPlay), done)).run).toMatchObject({
      score: newPlay.score,
      level: newPlay.level,
      verified: true,
    });
  });

  it('Fishing for Sats!: a trip is replayed with the rules its ticket was issued under (version 1 before the arcade took up 2)', async () => {
    // This arcade took up the fishing rules of version 2 a minute after T0 (migration 0023 records when).
    await s.db
      .updateTable('game_rules')
      .set({ since: T0 + MINUTE })
      .where('game_id', '=', 'fishing-for-sats')
      .execute();
    const body = (ticket: { runId: string }, play: ReturnType<typeof playFishing>) => ({
      runId: ticket.runId,
      score: play.score,
      fish: play.fish,
      inputs: play.inputs,
    });
    const tripMs = (play: ReturnType<typeof playFishing>) => Math.ceil((play.steps / 60) * SECOND) + SECOND;
    const before = await startRun(s.db, fishing, player, T0);
    const oldTrip = playFishing(before.seed, T0, { rules: 1 });
    expect(oldTrip.fish.length).toBeGreaterThan(0);
    expect((await submit(fishing, player, body(before, oldTrip), T0 + tripMs(oldTrip))).run).toMatchObject({
      score: oldTrip.score,
      verified: true,
    });
    // A ticket issued since: version 2, and a trip fished by version 1 does not match it.
    const after = await startRun(s.db, fishing, player, T0 + 2 * MINUTE);
    const newTrip = playFishing(after.seed, T0 + 2 * MINUTE);
    const stale = playFishing(after.seed, T0 + 2 * MINUTE, { rules: 1 });
    const done = T0 + 2 * MINUTE + Math.max(tripMs(newTrip), tripMs(stale));
    expect((await refusal(submit(fishing, player, body(after, stale), done)))[0]).toBe(422);
    expect((await submit(fishing, player, body(after, newTrip), done)).run).toMatchObject({
      score: newTrip.score,
      fishCaught: newTrip.fish.length,
      verified: true,
    });
  });

  it('refuses forged scores, altered logs, reused, expired and foreign tickets, long logs and fast runs, storing nothing', async () => {
    const ticket = await startRun(s.db, rekt, player, T0);
    const play = playRekt(ticket.seed, { until: 60 });
    const done = T0 + rektMs(play.steps) + SECOND;
    const honest = {
      runId: ticket.runId,
      score: play.score,
      level: play.level,
      achievements: play.achievements,
      inputs: play.flaps,
    };
    const cases: [string, () => Promise<unknown>, number, string | RegExp][] = [
      [
        'forged score',
        () => submit(rekt, player, { ...honest, score: 1_000_000 }, done),
        422,
        `The run does not match its replay: it reports a score of 1000000, the replay scores ${play.score}.`,
      ],
      [
        'forged formation',
        () => submit(rekt, player, { ...honest, achievements: { ...play.achievements, 'mega circle': true } }, done),
        422,
        /it reports the mega circle formation as completed, the replay did not/,
      ],
      [
        'an unknown formation',
        () => submit(rekt, player, { ...honest, achievements: { ...play.achievements, hack: true } }, done),
        400,
        /^Unknown achievement: hack\. Known: /,
      ],
      [
        'fish on a REKT! run',
        () => submit(rekt, player, { ...honest, fish: [] }, done),
        400,
        'rekt runs do not catch fish.',
      ],
      [
        'altered log',
        () => submit(rekt, player, { ...honest, inputs: play.flaps.slice(0, -3) }, done),
        422,
        /does not match its replay|not one a run can have/,
      ],
      [
        'unordered log',
        () => submit(rekt, player, { ...honest, inputs: [...play.flaps].reverse() }, done),
        422,
        /^The input log is not one a run can have: /,
      ],
      [
        'no log',
        () => submit(rekt, player, { runId: ticket.runId, score: play.score }, done),
        400,
        /send the run's input log as "inputs"/,
      ],
      [
        "another player's ticket",
        () => submit(rekt, other, honest, done),
        403,
        'This run ticket belongs to another player.',
      ],
      [
        'unknown ticket',
        () => submit(rekt, player, { ...honest, runId: 'made-up' }, done),
        404,
        /There is no run ticket "made-up". Start each run with POST \/api\/games\/rekt\/runs\/start/,
      ],
      [
        "another game's ticket",
        () => submit(fishing, player, { ...honest, inputs: [] }, done),
        400,
        'This run ticket is for rekt, not fishing-for-sats.',
      ],
      [
        'submitted too fast',
        () => submit(rekt, player, { ...honest, inputs: [] }, T0 + 200),
        422,
        /submitted too fast: its replay lasts longer than the 0.2 s since its ticket was issued/,
      ],
      [
        'log longer than the ticket is old',
        () => submit(rekt, player, honest, T0 + rektMs(play.flaps.at(-1)!) / 2),
        422,
        /The input log is longer than the run ticket's age allows: it reaches [\d.]+ s of play, the ticket is [\d.]+ s old/,
      ],
      [
        'expired ticket',
        () => submit(rekt, player, honest, T0 + TICKET_LIFETIME_MS + SECOND),
        410,
        /This run ticket expired/,
      ],
    ];
    for (const [what, attempt, status, message] of cases) {
      const [got, text] = await refusal(attempt());
      expect({ what, got }).toEqual({ what, got: status });
      expect(text).toMatch(message);
    }
    expect(await storedRuns()).toEqual([]);
    expect(await s.db.selectFrom('game_stats').selectAll().execute()).toEqual([]);

    // The honest run passes; the ticket then serves no other run.
    expect((await submit(rekt, player, honest, done)).run).toMatchObject({ score: play.score, verified: true });
    expect(await refusal(submit(rekt, player, { ...honest, inputs: play.flaps.slice(0, -1) }, done + SECOND))).toEqual([
      409,
      'This run ticket was already used for another run. Start a new run for each game.',
    ]);
    expect(await storedRuns()).toEqual([{ run_id: ticket.runId, score: play.score, verified: 1 }]);
  });

  it("a ticket id of the older random form is read and still serves its run; an id whose facts were altered, or another game's, is refused", async () => {
    const older = 'c0ffee00-1234-4abc-8def-0123456789ab';
    const seed = 987_654_321;
    await s.db
      .insertInto('run_tickets')
      .values({
        run_id: older,
        user_id: player,
        game_id: 'rekt',
        seed,
        started_at: T0,
        used_at: null,
        body_hash: null,
        quiz_json: null,
      })
      .execute();
    const olderPlay = playRekt(seed, { until: 60 });
    const done = T0 + rektMs(olderPlay.steps) + SECOND;
    const olderBody = {
      runId: older,
      score: olderPlay.score,
      level: olderPlay.level,
      achievements: olderPlay.achievements,
      inputs: olderPlay.flaps,
    };
    expect((await submit(rekt, player, olderBody, done)).run).toMatchObject({
      runId: older,
      score: olderPlay.score,
      verified: true,
    });

    // A real ticket's id with the seed changed to one the player flew well: the replay from that
    // seed matches, but no ticket has that id, so nothing is stored.
    const ticket = await startRun(s.db, rekt, player, T0);
    const [started, user] = ticket.runId.split('.');
    const altered = `${started}.${user}.${seed.toString(36)}`;
    expect(await refusal(submit(rekt, player, { ...olderBody, runId: altered }, done))).toEqual([
      404,
      `There is no run ticket "${altered}". Start each run with POST /api/games/rekt/runs/start and submit it with the runId that returns.`,
    ]);
    // The same with the start moved: the ticket has that seed, but not that start.
    const play = playRekt(ticket.seed, { until: 60 });
    const body = {
      runId: ticket.runId,
      score: play.score,
      level: play.level,
      achievements: play.achievements,
      inputs: play.flaps,
    };
    const earlier = `${(T0 - 1).toString(36)}.${user}.${ticket.seed.toString(36)}`;
    expect(await refusal(submit(rekt, player, { ...body, runId: earlier }, done))).toEqual([
      404,
      expect.stringMatching(/^There is no run ticket "/),
    ]);
    // A fishing ticket's id sent with a REKT! run flown from its seed: the run store spends only a ticket of the run's game.
    const fishingTicket = await startRun(s.db, fishing, player, T0);
    const flown = playRekt(fishingTicket.seed, { until: 30 });
    expect(
      await refusal(
        submit(
          rekt,
          player,
          {
            runId: fishingTicket.runId,
            score: flown.score,
            level: flown.level,
            achievements: flown.achievements,
            inputs: flown.flaps,
          },
          done,
        ),
      ),
    ).toEqual([400, 'This run ticket is for fishing-for-sats, not rekt.']);
    expect(
      await s.db
        .selectFrom('run_tickets')
        .select(['run_id', 'used_at'])
        .where('run_id', 'in', [ticket.runId, fishingTicket.runId])
        .orderBy('run_id')
        .execute(),
    ).toEqual([ticket.runId, fishingTicket.runId].sort().map((run_id) => ({ run_id, used_at: null })));
    expect((await storedRuns()).map((r) => r.run_id)).toEqual([older]);
    // The real ticket still serves its run.
    expect((await submit(rekt, player, body, done)).run).toMatchObject({
      runId: ticket.runId,
      score: play.score,
      verified: true,
    });
  });

  it("a player whose replays took their minute's allowance on this process is refused before replaying, until the minute is over", async () => {
    // A day of its own (per database: the allowance is the process's), so it meets no other test's runs.
    const day = T0 + (dialect === 'sqlite' ? 40 : 41) * DAY;
    const ticket = await startRun(s.db, rekt, player, day);
    const play = playRekt(ticket.seed, { until: 30 });
    const body = {
      runId: ticket.runId,
      score: play.score,
      level: play.level,
      achievements: play.achievements,
      inputs: play.flaps,
    };
    // Long enough after the ticket for any of this test's three short runs (seeds are random).
    const done = day + rektMs(120 * 20) + SECOND;
    // A hair under the allowance: this run is replayed and stored, and its replay time uses the rest up.
    chargeReplay(player, REPLAY_MS_PER_MINUTE - 0.001, day);
    expect((await submit(rekt, player, body, done)).created).toBe(true);
    const next = await startRun(s.db, rekt, player, day);
    const nextPlay = playRekt(next.seed, { until: 30 });
    const later = {
      runId: next.runId,
      score: nextPlay.score,
      level: nextPlay.level,
      achievements: nextPlay.achievements,
      inputs: nextPlay.flaps,
    };
    const [status, message] = await refusal(submit(rekt, player, later, done));
    expect(status).toBe(429);
    expect(message).toMatch(/^Too many runs to replay from this player\. Please try again in \d+ seconds?\.$/);
    expect((await storedRuns()).map((r) => r.run_id)).toEqual([ticket.runId]);
    // Another player is not held up; a minute later the first one's run is taken.
    const theirs = await startRun(s.db, rekt, other, day);
    const theirPlay = playRekt(theirs.seed, { until: 30 });
    expect(
      (
        await submit(
          rekt,
          other,
          {
            runId: theirs.runId,
            score: theirPlay.score,
            level: theirPlay.level,
            achievements: theirPlay.achievements,
            inputs: theirPlay.flaps,
          },
          done,
        )
      ).created,
    ).toBe(true);
    expect((await submit(rekt, player, later, day + MINUTE + SECOND)).created).toBe(true);
  });

  it('two runs on one ticket at once: one is stored and spends the ticket, the other is refused; the same body twice is one run', async () => {
    const ticket = await startRun(s.db, rekt, player, T0);
    const play = playRekt(ticket.seed, { until: 60 });
    const done = T0 + rektMs(play.steps) + SECOND;
    const honest = {
      runId: ticket.runId,
      score: play.score,
      level: play.level,
      achievements: play.achievements,
      inputs: play.flaps,
    };
    // Another body of the same run (its fields in another order): a different submission on the same ticket.
    const other = {
      inputs: honest.inputs,
      achievements: honest.achievements,
      level: honest.level,
      score: honest.score,
      runId: honest.runId,
    };
    const both = await Promise.all([
      refusal(submit(rekt, player, honest, done)),
      refusal(submit(rekt, player, other, done)),
    ]);
    // Exactly one of them was stored, whichever the store took first.
    expect(both.filter(([status]) => status === 0)).toHaveLength(1);
    expect(both.filter(([status]) => status !== 0)).toEqual([
      [409, 'This run ticket was already used for another run. Start a new run for each game.'],
    ]);
    const [stored] = await s.db
      .selectFrom('run_tickets')
      .select(['used_at', 'body_hash'])
      .where('run_id', '=', ticket.runId)
      .execute();
    const winner = both[0]![0] === 0 ? honest : other;
    expect(stored).toEqual({
      used_at: done,
      body_hash: createHash('sha256').update(JSON.stringify(winner)).digest('hex'),
    });
    expect(await s.db.selectFrom('runs').select('run_id').execute()).toEqual([{ run_id: ticket.runId }]);

    // The very same body sent twice at once (a retry racing its first try): one run, both answered with it.
    const second = await startRun(s.db, rekt, player, T0 + SECOND);
    const again = playRekt(second.seed, { until: 60 });
    const body = {
      runId: second.runId,
      score: again.score,
      level: again.level,
      achievements: again.achievements,
      inputs: again.flaps,
    };
    // once this run is over too (its seed is random: it may be longer than the first)
    const againDone = Math.max(done, T0 + SECOND + rektMs(again.steps) + SECOND) + SECOND;
    const twice = await Promise.all([submit(rekt, player, body, againDone), submit(rekt, player, body, againDone)]);
    expect(twice.map((r) => r.created).sort()).toEqual([false, true]);
    expect(twice.map((r) => r.run.score)).toEqual([again.score, again.score]);
    expect(await s.db.selectFrom('runs').select('run_id').where('run_id', '=', second.runId).execute()).toHaveLength(1);
  });

  it('a run refused by the rate limit does not spend its ticket: the same run is stored once the window allows', async () => {
    // One run a minute: the first run uses the window up.
    const first = await startRun(s.db, rekt, player, T0);
    const firstPlay = playRekt(first.seed, { until: 30 });
    const firstBody = {
      runId: first.runId,
      score: firstPlay.score,
      level: firstPlay.level,
      achievements: firstPlay.achievements,
      inputs: firstPlay.flaps,
    };
    // The run the limit refuses, from a ticket of the same moment: both runs are over by `done`
    // (their seeds are random, so either may be the longer).
    const ticket = await startRun(s.db, rekt, player, T0);
    const play = playRekt(ticket.seed, { until: 30 });
    const done = T0 + rektMs(Math.max(firstPlay.steps, play.steps)) + SECOND;
    expect(
      (
        await submitRun(
          s,
          rekt.rules,
          player,
          await checkRun(s.db, rekt, player, firstBody, JSON.stringify(firstBody), done),
          done,
          1,
        )
      ).created,
    ).toBe(true);
    const body = {
      runId: ticket.runId,
      score: play.score,
      level: play.level,
      achievements: play.achievements,
      inputs: play.flaps,
    };
    const run = await checkRun(s.db, rekt, player, body, JSON.stringify(body), done);
    const [status, message] = await refusal(submitRun(s, rekt.rules, player, run, done, 1));
    expect(status).toBe(429);
    expect(message).toMatch(/runs of this game from this player/);
    expect(
      await s.db
        .selectFrom('run_tickets')
        .select(['used_at', 'body_hash'])
        .where('run_id', '=', ticket.runId)
        .execute(),
    ).toEqual([{ used_at: null, body_hash: null }]);
    expect((await submit(rekt, player, body, done + 2 * SECOND)).created).toBe(true);
  });

  it('ticket mode: a fresh ticket and plausible timing, the result stored as reported, unverified; none mode: as sent', async () => {
    // An external game the arcade cannot simulate (the catalogue's games are all replay games).
    const external: CatalogueGame = {
      ...quiz,
      name: 'Studio Game',
      // As the catalogue makes a game it has no replayer for: it neither replays nor asks questions.
      replayer: null,
      rules: { ...quiz.rules, gameId: 'studio-game', fairPlay: 'ticket' },
    };
    const ticket = await startRun(s.db, external, player, T0);
    expect(ticket.questions).toBeUndefined();
    const body = { runId: ticket.runId, score: 4321, level: 9 };
    expect(await refusal(submit(external, player, body, T0 + 1500))).toEqual([
      422,
      'This run was submitted too fast: 1.5 s after its ticket; no run of Studio Game is that short.',
    ]);
    expect(await refusal(submit(external, player, { ...body, inputs: [1, 2] }, T0 + 5000))).toEqual([
      400,
      'Studio Game runs are not replayed: leave out "inputs".',
    ]);
    expect(await refusal(submit(external, player, { ...body, runId: 'no-ticket' }, T0 + 5000))).toEqual([
      404,
      expect.stringMatching(/^There is no run ticket "no-ticket"/),
    ]);
    expect((await submit(external, player, body, T0 + 5000)).run).toMatchObject({
      score: 4321,
      level: 9,
      verified: false,
    });
    expect(await refusal(submit(external, player, { ...body, score: 4322 }, T0 + 6000))).toEqual([
      409,
      expect.stringMatching(/already used for another run/),
    ]);

    const trusting: CatalogueGame = {
      ...quiz,
      name: 'Open Game',
      replayer: null,
      rules: { ...quiz.rules, gameId: 'open-game', fairPlay: 'none' },
    };
    expect(await refusal(startRun(s.db, trusting, player, T0))).toEqual([
      400,
      'Open Game runs need no run ticket: submit them to /api/games/open-game/runs directly.',
    ]);
    expect((await submit(trusting, other, { runId: 'as-sent', score: 77, level: 1 }, T0)).run).toMatchObject({
      score: 77,
      verified: false,
    });
  });

  it('keeps a few open tickets per player and game: a new one drops the oldest', async () => {
    const tickets = [];
    for (let i = 0; i <= MAX_OPEN_TICKETS; i++) tickets.push(await startRun(s.db, rekt, player, T0 + i * SECOND));
    const open = await s.db.selectFrom('run_tickets').select('run_id').where('user_id', '=', player).execute();
    expect(open.map((t) => t.run_id).sort()).toEqual(
      tickets
        .slice(1)
        .map((t) => t.runId)
        .sort(),
    );
    const dropped = playRekt(tickets[0]!.seed, { until: 0 });
    expect(
      await refusal(
        submit(
          rekt,
          player,
          { runId: tickets[0]!.runId, score: 0, level: 1, achievements: dropped.achievements, inputs: [] },
          T0 + HOUR,
        ),
      ),
    ).toEqual([404, expect.stringMatching(/There is no run ticket/)]);
    // Another game keeps its own tickets.
    await startRun(s.db, fishing, player, T0);
    expect(await s.db.selectFrom('run_tickets').select('run_id').where('user_id', '=', player).execute()).toHaveLength(
      MAX_OPEN_TICKETS + 1,
    );
    expect(await pruneTickets(s.db, T0 + TICKET_LIFETIME_MS + 2 * HOUR)).toBe(MAX_OPEN_TICKETS + 1);
  });

  it("one game's activity never evicts another game's tickets nor uses up its starts", async () => {
    const mine = await startRun(s.db, rekt, player, T0);
    // another game (a hostile one, say) starts as many tickets as it may, and more
    for (let i = 0; i < TICKET_STARTS.max; i++) await startRun(s.db, fishing, player, T0 + i);
    expect(await refusal(startRun(s.db, fishing, player, T0 + TICKET_STARTS.max))).toEqual([
      429,
      expect.stringMatching(/^Too many run starts of this game from this player\./),
    ]);
    const open = await s.db
      .selectFrom('run_tickets')
      .select(['run_id', 'game_id'])
      .where('user_id', '=', player)
      .execute();
    expect(open.filter((t) => t.game_id === 'fishing-for-sats')).toHaveLength(MAX_OPEN_TICKETS);
    expect(open.filter((t) => t.game_id === 'rekt').map((t) => t.run_id)).toEqual([mine.runId]);
    // REKT!'s ticket still serves its run, and REKT! may still start more
    const play = playRekt(mine.seed, { until: 0 });
    const body = { runId: mine.runId, score: 0, level: 1, achievements: play.achievements, inputs: [] };
    expect((await submit(rekt, player, body, T0 + TICKET_STARTS.max + 3 * SECOND)).run).toMatchObject({
      runId: mine.runId,
      verified: true,
    });
    expect((await startRun(s.db, rekt, player, T0 + TICKET_STARTS.max + 4 * SECOND)).runId).toBeTruthy();
  });

  it('Mr Quiz keeps one open quiz per player: a new one drops the last, so no answer is looked up in one quiz and given in another', async () => {
    const first = await startRun(s.db, quiz, player, T0);
    // The first question is answered (and so revealed) in the first quiz.
    expect(
      await answerQuestion(s.db, quiz, player, first.runId, { question: 0, choice: null, ms: 0 }, T0 + SECOND),
    ).toMatchObject({ correct: expect.any(Number) });
    const second = await startRun(s.db, quiz, player, T0 + 2 * SECOND);
    const openQuizzes = await s.db
      .selectFrom('run_tickets')
      .select('run_id')
      .where('user_id', '=', player)
      .where('game_id', '=', 'mr-quiz')
      .execute();
    expect(openQuizzes).toEqual([{ run_id: second.runId }]);
    expect(
      await refusal(
        answerQuestion(s.db, quiz, player, first.runId, { question: 1, choice: 0, ms: 0 }, T0 + 3 * SECOND),
      ),
    ).toEqual([404, expect.stringMatching(/^There is no run ticket/)]);
    // Another player's quiz is not touched.
    const theirs = await startRun(s.db, quiz, other, T0 + 4 * SECOND);
    expect(
      await s.db
        .selectFrom('run_tickets')
        .select('run_id')
        .where('game_id', '=', 'mr-quiz')
        .orderBy('run_id')
        .execute(),
    ).toEqual([second.runId, theirs.runId].sort().map((run_id) => ({ run_id })));
    // A quiz with every question answered reveals nothing more: a new one leaves it to be saved.
    let now = T0 + 5 * SECOND;
    let score = 0;
    for (let i = 0; i < 10; i++) {
      now += 2000;
      score += (await answerQuestion(s.db, quiz, player, second.runId, { question: i, choice: null, ms: 2000 }, now))
        .points;
      now += REVEAL_MS;
    }
    const third = await startRun(s.db, quiz, player, now);
    expect(
      (
        await s.db
          .selectFrom('run_tickets')
          .select('run_id')
          .where('user_id', '=', player)
          .where('game_id', '=', 'mr-quiz')
          .orderBy('run_id')
          .execute()
      ).map((t) => t.run_id),
    ).toEqual([second.runId, third.runId].sort());
    expect((await submit(quiz, player, { runId: second.runId, score, level: 0 }, now)).run).toMatchObject({
      runId: second.runId,
      verified: true,
    });
  });

  it('Mr Quiz: the ticket holds the questions without answers, the server scores each answer and the run', async () => {
    const ticket = await startRun(s.db, quiz, player, T0);
    expect(ticket.questions).toHaveLength(10);
    expect(new Set(ticket.questions!.map((q) => q.q)).size).toBe(10);
    // A flag question adds its picture (or its pictures as answers): nothing that marks an answer.
    for (const q of ticket.questions!)
      expect(['answers', 'image', 'pictures', 'q', 'topic']).toEqual(expect.arrayContaining(Object.keys(q)));
    // The server keeps where the right answer went (its answer 0) in the ticket's row.
    const right = await rightAnswers(ticket.runId);
    expect(right.every((r) => r >= 0 && r < 4)).toBe(true);
    let now = T0;
    const verdicts = [];
    for (let i = 0; i < 10; i++) {
      now += 2000; // two seconds to think
      const choice = i < 7 ? right[i]! : (right[i]! + 1) % 4;
      verdicts.push(
        await answerQuestion(s.db, quiz, player, ticket.runId, { question: i, choice, ms: i === 0 ? 2000 : 800 }, now),
      );
      now += REVEAL_MS;
    }
    expect(verdicts.map((v) => v.ok)).toEqual([true, true, true, true, true, true, true, false, false, false]);
    // Each verdict says in one line why the right answer is right, the wrong answers' too.
    const made = quizQuestions(ticket.seed).made;
    expect(verdicts.map((v) => v.why)).toEqual(made.map((m) => m.why));
    for (const v of verdicts) expect(v.why).toMatch(/^[^\n]{5,240}$/);
    expect(verdicts.map((v) => v.correct)).toEqual(right);
    // 100 per right answer plus 10 per second left of 15.
    expect(verdicts[0]!.points).toBe(100 + 130);
    expect(verdicts[1]!.points).toBe(100 + Math.round((15 - 0.8) * 10));
    const score = verdicts.reduce((sum, v) => sum + v.points, 0);
    expect(
      await refusal(answerQuestion(s.db, quiz, player, ticket.runId, { question: 3, choice: 0, ms: 1 }, now)),
    ).toEqual([409, expect.stringMatching(/All 10 questions of this quiz are answered/)]);
    expect(await refusal(submit(quiz, player, { runId: ticket.runId, score: score + 10, level: 7 }, now))).toEqual([
      422,
      `The run does not match its replay: it reports a score of ${score + 10}, the replay scores ${score}.`,
    ]);
    expect((await submit(quiz, player, { runId: ticket.runId, score, level: 7 }, now)).run).toMatchObject({
      score,
      level: 7,
      verified: true,
    });
  });

  it('Mr Quiz: a quiz issued before the lines on why is answered as before, with no line', async () => {
    const ticket = await startRun(s.db, quiz, player, T0);
    const { why: _why, ...before } = await quizState(ticket.runId);
    await s.db
      .updateTable('run_tickets')
      .set({ quiz_json: JSON.stringify(before) })
      .where('run_id', '=', ticket.runId)
      .execute();
    const right = (await rightAnswers(ticket.runId))[0]!;
    expect(
      await answerQuestion(s.db, quiz, player, ticket.runId, { question: 0, choice: right, ms: 1000 }, T0 + 1000),
    ).toEqual({ correct: right, ok: true, points: 100 + 140, timedOut: false, why: null });
  });

  it('Mr Quiz: a claimed quick answer counts the time the server saw, answers go in order, and an unfinished quiz is refused', async () => {
    const ticket = await startRun(s.db, quiz, player, T0);
    // Claims 0.1 s, but the server saw 20 s pass: out of time, no points even if right.
    const late = await answerQuestion(
      s.db,
      quiz,
      player,
      ticket.runId,
      { question: 0, choice: 0, ms: 100 },
      T0 + 20_000,
    );
    expect(late).toMatchObject({ ok: false, points: 0, timedOut: true });
    // Claims 0 s, the server saw 6 s (beyond the reveal): the bonus is for 6 s minus the allowance.
    const right1 = (await rightAnswers(ticket.runId))[1]!;
    const quick = await answerQuestion(
      s.db,
      quiz,
      player,
      ticket.runId,
      { question: 1, choice: right1, ms: 0 },
      T0 + 20_000 + REVEAL_MS + 6000,
    );
    expect(quick).toMatchObject({
      ok: true,
      points: 100 + Math.round((15 - (6000 - ANSWER_ALLOWANCE_MS) / 1000) * 10),
    });
    expect(
      await refusal(answerQuestion(s.db, quiz, player, ticket.runId, { question: 3, choice: 0, ms: 1 }, T0 + 30_000)),
    ).toEqual([400, 'Answer question 3 first.']);
    expect(
      await refusal(answerQuestion(s.db, quiz, player, ticket.runId, { question: 0, choice: 0, ms: 1 }, T0 + 30_000)),
    ).toEqual([409, 'Question 1 was already answered.']);
    expect(
      await refusal(answerQuestion(s.db, quiz, other, ticket.runId, { question: 2, choice: 0, ms: 1 }, T0 + 30_000)),
    ).toEqual([403, 'This run ticket belongs to another player.']);
    expect(
      await refusal(submit(quiz, player, { runId: ticket.runId, score: quick.points, level: 1 }, T0 + 40_000)),
    ).toEqual([422, 'This quiz is not finished: 2 of 10 questions answered.']);
    expect(await storedRuns()).toEqual([]);
  });
});
