import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MINUTE } from '~/lib/format';
import { requireGame, type CatalogueGame } from '~/server/games/catalogue';
import { startRun } from '~/server/games/fair-play';
import { QUIZ_ROUNDS, quizQuestions, type QuizState } from '~/server/games/quiz';
import { QUIZ_HISTORY, recentQuizKeys } from '~/server/games/quiz-history';
import { QUIZ_TOPICS } from '~/server/games/quiz-topics';
import { addPlayer, DIALECTS, freshServices, type TestServices } from '../support/services';

// Mr Quiz, fresh every game (README, "Mr Quiz"): each quiz is made from its ticket's seed and leaves
// out what the player was asked in their last 50 quizzes, which the server keeps (quiz_history).

const T0 = Date.parse('2026-11-20T10:00:00.000Z');

describe.each(DIALECTS)('Mr Quiz questions over many quizzes on %s', (dialect) => {
  let s: TestServices;
  let quiz: CatalogueGame;
  let player: number;
  let other: number;

  beforeEach(async () => {
    s = await freshServices(dialect);
    quiz = await requireGame(s.config.siteUrl, 'mr-quiz');
    player = await addPlayer(s.db, 'Quiz_Master');
    other = await addPlayer(s.db, 'Quiz_Rival');
  });
  afterEach(async () => s.close());

  /** Start a quiz as the Game API does; its ticket and the keys the server holds for it. */
  async function startQuiz(userId: number, now: number) {
    const recent = await recentQuizKeys(s.db, userId);
    const ticket = await startRun(s.db, quiz, userId, now);
    const row = await s.db
      .selectFrom('run_tickets')
      .select('quiz_json')
      .where('run_id', '=', ticket.runId)
      .executeTakeFirstOrThrow();
    const keys = (JSON.parse(row.quiz_json!) as QuizState).keys!;
    return { ticket, keys, recent };
  }
  const history = (userId: number) =>
    s.db
      .selectFrom('quiz_history')
      .select('question_keys')
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute()
      .then((rows) => rows.map((r) => r.question_keys.split(' ')));

  it('60 quizzes of one player: at least 95% distinct questions and question texts, none twice within 50 quizzes, each made from its seed', async () => {
    const quizzes: string[][] = [];
    const seen: string[] = [];
    /** The questions' texts as the server deals them, and with the flag they show. */
    const texts: string[] = [];
    const shown: string[] = [];
    for (let i = 0; i < 60; i++) {
      // Two minutes apart: the run-start limit (60 a minute) is not what this test is about.
      const { ticket, keys, recent } = await startQuiz(player, T0 + i * 2 * MINUTE);
      expect(keys).toHaveLength(QUIZ_ROUNDS);
      // The seed and the player's history make this quiz: the same questions, answers in the same order.
      const again = quizQuestions(ticket.seed, recent);
      expect(again.questions).toEqual(ticket.questions);
      expect(again.state.keys).toEqual(keys);
      // Nothing of the last 50 quizzes comes back.
      const lately = new Set(quizzes.slice(-QUIZ_HISTORY).flat());
      expect(keys.filter((k) => lately.has(k))).toEqual([]);
      expect(recent).toEqual(lately);
      quizzes.push(keys);
      for (const q of ticket.questions!) {
        // a flag question's text is the same for every flag: its picture tells them apart
        seen.push(`${q.q} ${q.image ?? ''} ${[...q.answers].sort().join(' ')}`);
        texts.push(q.q);
        shown.push(q.image ? `${q.q} ${q.image}` : q.q);
      }
    }
    const asked = quizzes.flat();
    const distinct = new Set(asked).size / asked.length;
    console.info(
      `Mr Quiz on ${dialect}: 60 quizzes, ${asked.length} questions, ${new Set(asked).size} distinct (${(distinct * 100).toFixed(1)}%)`,
    );
    expect(distinct).toBeGreaterThanOrEqual(0.95);
    // By their text alone (the measure: no templated stem repeats), and as shown with the flag.
    const distinctTexts = new Set(texts).size / texts.length;
    console.info(
      `Mr Quiz on ${dialect}: ${new Set(texts).size} distinct question texts of ${texts.length} (${(distinctTexts * 100).toFixed(1)}%), ${new Set(shown).size} with their flags`,
    );
    expect(distinctTexts).toBeGreaterThanOrEqual(0.95);
    expect(new Set(shown).size).toBe(new Set(asked).size);
    // As the player sees them (question, flag and answers) they are at least as varied.
    expect(new Set(seen).size).toBeGreaterThanOrEqual(new Set(asked).size);
    // The server keeps the last 50 quizzes, oldest first, and nothing of the other player.
    expect(await history(player)).toEqual(quizzes.slice(-QUIZ_HISTORY));
    expect(await history(other)).toEqual([]);
  });

  it('the server leaves out what the player was asked lately, not what another player was', async () => {
    // A history that holds every question of every topic with up to 180 questions.
    const small = QUIZ_TOPICS.filter((t) => t.size <= 180);
    expect(small.length).toBeGreaterThan(QUIZ_TOPICS.length / 2);
    // ... which leaves just enough larger topics for a quiz without any of them.
    expect(QUIZ_TOPICS.length - small.length).toBeGreaterThanOrEqual(QUIZ_ROUNDS);
    const asked = small.flatMap((t) => Array.from({ length: t.size }, (_, i) => t.keyOf(i)));
    await s.db
      .insertInto('quiz_history')
      .values({ user_id: player, asked_at: T0, question_keys: asked.join(' ') })
      .execute();
    const lately = new Set(asked);
    for (let i = 0; i < 5; i++) {
      const { keys } = await startQuiz(player, T0 + (i + 1) * MINUTE);
      expect(keys).toHaveLength(QUIZ_ROUNDS);
      expect(keys.filter((k) => lately.has(k))).toEqual([]);
    }
    // The other player's quizzes draw from every topic: almost every topic is a small one.
    const theirs = (await startQuiz(other, T0 + 10 * MINUTE)).keys;
    expect(theirs.filter((k) => lately.has(k)).length).toBeGreaterThan(0);
    expect((await history(player)).length).toBe(6);
    expect((await history(other)).length).toBe(1);
  });

  it('a player’s history is deleted with their account row', async () => {
    await startQuiz(player, T0);
    await s.db.deleteFrom('run_tickets').where('user_id', '=', player).execute();
    await s.db.deleteFrom('users').where('id', '=', player).execute();
    expect(await s.db.selectFrom('quiz_history').select('id').execute()).toEqual([]);
  });
});
