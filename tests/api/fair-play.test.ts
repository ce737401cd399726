import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizQuestions } from '~/server/games/quiz';
import { signBody } from '~/server/games/signature';
import { call } from '../support/api';
import { playFishing, playRekt } from '../../scripts/autoplay';
import { signedHeaders, TEST_GAME_SECRET } from '../support/fair-play';
import { gameTokenFor, signUpPlayer, type ApiPlayer } from '../support/players';
import { startServerOn, type RunningServer } from '../support/server';
import { DIALECTS } from '../support/services';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DIALECTS)('fair play through the Game API on %s', (dialect) => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServerOn(dialect, { TRUST_PROXY: '1' });
  });
  afterAll(async () => server?.stop());

  /** A player of the test's own, with a game token for each reference game (a token opens one game). */
  type Flyer = ApiPlayer & { tokens: Record<string, string> };
  // Each test signs up the players it plays with: their stats, scores and quiz history are then its own.
  const flyer = async (username: string): Promise<Flyer> => {
    const who = await signUpPlayer(server, username);
    const tokens: Record<string, string> = {};
    for (const gameId of ['rekt', 'fishing-for-sats', 'mr-quiz'])
      tokens[gameId] = await gameTokenFor(server, who.cookie, gameId);
    return { ...who, tokens };
  };

  const bearer = (who: Flyer, gameId = 'rekt') => ({ authorization: `Bearer ${who.tokens[gameId]}` });
  const start = (gameId: string, who: Flyer) =>
    call(server, `/api/games/${gameId}/runs/start`, { method: 'POST', headers: bearer(who, gameId), noOrigin: true });
  const post = (gameId: string, body: unknown, who: Flyer) =>
    call(server, `/api/games/${gameId}/runs`, { body, headers: bearer(who, gameId), noOrigin: true });
  const stats = async (who: Flyer) => (await call(server, `/api/stats/user/${who.id}`)).json.stats;

  it('hands out run tickets to players with a game token, for catalogue games', async () => {
    const player = await flyer('Ticket_Taker');
    expect(await call(server, '/api/games/rekt/runs/start', { method: 'POST', noOrigin: true })).toMatchObject({
      status: 401,
      json: { error: expect.stringMatching(/game token is required/) },
    });
    expect(
      await call(server, '/api/games/pong/runs/start', { method: 'POST', headers: bearer(player), noOrigin: true }),
    ).toMatchObject({ status: 404, json: { error: expect.stringMatching(/There is no game "pong"/) } });
    const got = await call(server, '/api/games/rekt/runs/start', { headers: bearer(player), noOrigin: true });
    expect(got.status).toBe(405);
    const ticket = await start('rekt', player);
    expect(ticket.status).toBe(201);
    expect(Object.keys(ticket.json).sort()).toEqual(['runId', 'seed', 'startedAt']);
    expect(Math.abs(Date.parse(ticket.json.startedAt) - Date.now())).toBeLessThan(10_000);
    // Mr Quiz: the questions come with the ticket, and nothing in it tells the right answer.
    const quiz = await start('mr-quiz', player);
    expect(quiz.json.questions).toHaveLength(10);
    // the right answer stays on the server: a question is its topic, its text and the choices, and for a
    // flag question its picture or that the choices are pictures, nothing more (the texts themselves may
    // say "right" or "correct", so the fields are checked, not the words)
    for (const question of quiz.json.questions as Record<string, unknown>[]) {
      const fields = Object.keys(question).filter((key) => key !== 'image' && key !== 'pictures');
      expect(fields.sort(), JSON.stringify(question)).toEqual(['answers', 'q', 'topic']);
      if ('pictures' in question) expect(question.pictures).toBe(true);
      expect((question.answers as unknown[]).every((choice) => typeof choice === 'string')).toBe(true);
    }
  });

  it("stores a REKT! run played from its ticket as the replay's result, verified, and refuses a forged one", async () => {
    const player = await flyer('Fair_Flyer');
    const rival = await flyer('Sly_Flyer');
    const ticket = (await start('rekt', player)).json;
    const play = playRekt(ticket.seed, { until: 25 });
    expect(play.score).toBeGreaterThanOrEqual(25);
    const body = {
      runId: ticket.runId,
      score: play.score,
      level: play.level,
      achievements: play.achievements,
      inputs: play.flaps,
    };
    // Submitted at once, the run claims more play than the ticket's age: refused, nothing stored.
    const early = await post('rekt', body, player);
    expect(early.status).toBe(422);
    expect(early.json.error).toMatch(/longer than the run ticket's age allows|submitted too fast/);
    await sleep((play.steps / 120) * 1000 + 300 - (Date.now() - Date.parse(ticket.startedAt)));
    const forged = await post('rekt', { ...body, score: 999_999 }, player);
    expect(forged).toMatchObject({
      status: 422,
      json: {
        error: `The run does not match its replay: it reports a score of 999999, the replay scores ${play.score}.`,
      },
    });
    const stolen = await post('rekt', body, rival);
    expect(stolen).toMatchObject({ status: 403, json: { error: 'This run ticket belongs to another player.' } });
    expect(await stats(player)).toEqual({ bestScore: 0, totalPlays: 0, verifiedPlays: 0 });

    const saved = await post('rekt', body, player);
    expect(saved).toMatchObject({
      status: 201,
      json: { run: { runId: ticket.runId, score: play.score, verified: true }, best: { score: play.score } },
    });
    expect(await stats(player)).toEqual({ bestScore: play.score, totalPlays: 1, verifiedPlays: 1 });
    expect((await call(server, `/api/scores/user/${player.id}?gameId=rekt`)).json.scores).toEqual([
      expect.objectContaining({ score: play.score, verified: true }),
    ]);
    const reused = await post('rekt', { ...body, inputs: play.flaps.slice(0, -1) }, player);
    expect(reused).toMatchObject({
      status: 409,
      json: { error: 'This run ticket was already used for another run. Start a new run for each game.' },
    });
    expect(await stats(rival)).toEqual({ bestScore: 0, totalPlays: 0, verifiedPlays: 0 });
  });

  it('a run without a ticket, or one of another game, is refused with a message a game developer understands', async () => {
    const player = await flyer('Lost_Angler');
    expect(await post('fishing-for-sats', { runId: 'my-own-id', score: 100, fish: [] }, player)).toMatchObject({
      status: 404,
      json: {
        error:
          'There is no run ticket "my-own-id". Start each run with POST /api/games/fishing-for-sats/runs/start and submit it with the runId that returns.',
      },
    });
    const ticket = (await start('fishing-for-sats', player)).json;
    expect(await post('fishing-for-sats', { runId: ticket.runId, score: 0 }, player)).toMatchObject({
      status: 400,
      json: { error: 'Fishing for Sats! runs are replayed by the arcade: send the run\'s input log as "inputs".' },
    });
    expect(await post('rekt', { runId: ticket.runId, score: 0, inputs: [] }, player)).toMatchObject({
      status: 400,
      json: { error: 'This run ticket is for fishing-for-sats, not rekt.' },
    });
    expect(await post('fishing-for-sats', { runId: ticket.runId, score: 0, inputs: [[0, 9]] }, player)).toMatchObject({
      status: 400,
      json: { error: expect.stringMatching(/^Fishing for Sats! inputs are \[step, input\] pairs/) },
    });
    expect(
      await post(
        'fishing-for-sats',
        { runId: ticket.runId, score: 0, inputs: Array.from({ length: 20_001 }, () => 0) },
        player,
      ),
    ).toMatchObject({ status: 400, json: { error: 'The input log can have at most 20000 entries' } });
  });

  it('a fishing trip ended early is stored as replayed', async () => {
    const player = await flyer('Early_Angler');
    const ticket = (await start('fishing-for-sats', player)).json;
    // One quick cast, then END TRIP: the trip lasts under two seconds.
    const play = playFishing(ticket.seed, Date.parse(ticket.startedAt), { casts: 0 });
    expect(play).toMatchObject({ score: 0, fish: [] });
    await sleep((play.steps / 60) * 1000 + 200);
    const saved = await post(
      'fishing-for-sats',
      { runId: ticket.runId, score: 0, fish: [], inputs: play.inputs },
      player,
    );
    expect(saved).toMatchObject({ status: 201, json: { run: { score: 0, fishCaught: 0, verified: true } } });
  });

  it("Mr Quiz: each answer is scored by the server, and the run's total must agree", async () => {
    const rival = await flyer('Quiz_Whiz');
    const player = await flyer('Quiz_Peeker');
    const ticket = (await start('mr-quiz', rival)).json;
    const answersPath = `/api/games/mr-quiz/runs/${ticket.runId}/answers`;
    // The rival's first quiz: nothing to leave out, so its seed alone makes the same questions here.
    const made = quizQuestions(ticket.seed).made;
    expect(made.map((m) => m.q)).toEqual(ticket.questions.map((q: { q: string }) => q.q));
    let score = 0;
    for (const [i, q] of (ticket.questions as { q: string; answers: string[] }[]).entries()) {
      const right = q.answers.indexOf(made[i]!.right);
      const verdict = await call(server, answersPath, {
        body: { question: i, choice: i < 5 ? right : (right + 1) % 4, ms: 1500 },
        headers: bearer(rival, 'mr-quiz'),
        noOrigin: true,
      });
      expect(verdict).toMatchObject({ status: 200, json: { correct: right, ok: i < 5 } });
      score += verdict.json.points;
    }
    expect(score).toBeGreaterThanOrEqual(5 * 100);
    expect(
      await call(server, answersPath, {
        body: { question: 0, choice: 1, ms: 5 },
        headers: bearer(player, 'mr-quiz'),
        noOrigin: true,
      }),
    ).toMatchObject({ status: 403 });
    expect(
      await call(server, '/api/games/rekt/runs/x/answers', {
        body: { question: 0, choice: 1, ms: 5 },
        headers: bearer(player),
        noOrigin: true,
      }),
    ).toMatchObject({ status: 404, json: { error: 'REKT! has no questions to answer.' } });
    expect(await post('mr-quiz', { runId: ticket.runId, score: score + 100, level: 6 }, rival)).toMatchObject({
      status: 422,
    });
    expect(await post('mr-quiz', { runId: ticket.runId, score, level: 5 }, rival)).toMatchObject({
      status: 201,
      json: { run: { score, level: 5, verified: true } },
    });
  });

  it("a game's own server may submit results signed with the game's secret; a wrong or stale signature is a 401", async () => {
    const rival = await flyer('Studio_Star');
    const body = { userId: rival.id, runId: 'studio-run-1', score: 777, level: 3 };
    const raw = JSON.stringify(body);
    const send = (signature: string) =>
      call(server, '/api/games/mr-quiz/runs', {
        body: raw,
        headers: { ...bearer(rival, 'mr-quiz'), 'x-arcade-signature': signature },
        noOrigin: true,
      });
    expect(await send(signBody('another-secret-of-at-least-32-characters!', raw))).toMatchObject({
      status: 401,
      json: {
        error:
          "The signature does not match the request body. Either the body changed after it was signed (send it byte for byte), or the game's server signs with another secret than the arcade holds for mr-quiz (GAME_SECRETS in the arcade's environment): make them the same.",
      },
    });
    expect(await send(signBody(TEST_GAME_SECRET, raw, Date.now() - 10 * 60_000))).toMatchObject({
      status: 401,
      json: { error: expect.stringMatching(/too old/) },
    });
    expect(await send('v1=abc')).toMatchObject({
      status: 401,
      json: { error: expect.stringMatching(/X-Arcade-Signature must read/) },
    });
    // Signed for one body, sent with another.
    expect(
      await call(server, '/api/games/mr-quiz/runs', {
        body: { ...body, score: 778 },
        headers: { ...bearer(rival, 'mr-quiz'), ...signedHeaders(body) },
        noOrigin: true,
      }),
    ).toMatchObject({ status: 401 });
    // nothing of the refused sends was stored: the player has played nothing yet
    expect((await stats(rival)).totalPlays).toBe(0);
    expect(await send(signBody(TEST_GAME_SECRET, raw))).toMatchObject({
      status: 201,
      json: { run: { runId: 'studio-run-1', score: 777, verified: true } },
    });
  });

  it('a signature header that names a key twice is a 400, whichever of them would hold', async () => {
    const rival = await flyer('Twice_Signed');
    const body = { userId: rival.id, runId: 'studio-run-4', score: 600, level: 2 };
    const raw = JSON.stringify(body);
    const send = (signature: string) =>
      call(server, '/api/games/mr-quiz/runs', {
        body: raw,
        headers: { ...bearer(rival, 'mr-quiz'), 'x-arcade-signature': signature },
        noOrigin: true,
      });
    const good = signBody(TEST_GAME_SECRET, raw);
    const [t, v1] = good.split(',');
    const wrong = signBody('another-secret-of-at-least-32-characters!', raw).split(',')[1];
    const twice = (key: string) =>
      `X-Arcade-Signature has "${key}" more than once: send one t=<unix seconds> and one v1=<hex HMAC-SHA256 of "<t>.<body>">, in one header.`;
    const plays = (await stats(rival)).totalPlays;
    for (const [header, key] of [
      [`${t},${wrong},${v1}`, 'v1'],
      [`${t},${v1},${wrong}`, 'v1'],
      [`t=1,${good}`, 't'],
      // two X-Arcade-Signature headers arrive joined by a comma
      [`${good}, ${good}`, 't'],
    ]) {
      expect(await send(header!), header).toMatchObject({ status: 400, json: { error: twice(key!) } });
    }
    expect((await stats(rival)).totalPlays).toBe(plays);
    expect(await send(good)).toMatchObject({ status: 201, json: { run: { runId: 'studio-run-4', verified: true } } });
  });

  it("a signed result holds for the player it names only: sent with another player's token, or naming nobody, it is refused", async () => {
    const player = await flyer('Token_Holder');
    const rival = await flyer('Named_Player');
    const body = { userId: rival.id, runId: 'studio-run-2', score: 900, level: 4 };
    const raw = JSON.stringify(body);
    const [playerPlays, rivalPlays] = [(await stats(player)).totalPlays, (await stats(rival)).totalPlays];
    const signature = { 'x-arcade-signature': signBody(TEST_GAME_SECRET, raw) };
    // The rival's signed result, replayed by another player with their own token.
    expect(
      await call(server, '/api/games/mr-quiz/runs', {
        body: raw,
        headers: { ...bearer(player, 'mr-quiz'), ...signature },
        noOrigin: true,
      }),
    ).toMatchObject({
      status: 403,
      json: { error: `This run is for player ${rival.id}, not for the player of this game token.` },
    });
    const anonymous = JSON.stringify({ runId: 'studio-run-3', score: 900, level: 4 });
    expect(
      await call(server, '/api/games/mr-quiz/runs', {
        body: anonymous,
        headers: { ...bearer(player, 'mr-quiz'), 'x-arcade-signature': signBody(TEST_GAME_SECRET, anonymous) },
        noOrigin: true,
      }),
    ).toMatchObject({
      status: 400,
      json: {
        error: 'A signed run names its player: put "userId" (from GET /api/games/token-info) in the body you sign.',
      },
    });
    expect([(await stats(player)).totalPlays, (await stats(rival)).totalPlays]).toEqual([playerPlays, rivalPlays]);
    // For its own player it is stored.
    expect(
      await call(server, '/api/games/mr-quiz/runs', {
        body: raw,
        headers: { ...bearer(rival, 'mr-quiz'), ...signature },
        noOrigin: true,
      }),
    ).toMatchObject({ status: 201, json: { run: { runId: 'studio-run-2', verified: true } } });
  });
});
