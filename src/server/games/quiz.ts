// Mr Quiz on the server (README, "Fair play" and "Mr Quiz"): a run's questions are made from its
// ticket's seed (`quiz-topics.ts`: the curated bank and questions generated from open data) and come
// with its ticket, without their answers; each answer comes back on its own, is timed by the server
// and scored here. The right answers never leave the server before they are given.
import { badRequest, conflict } from '../shared/errors';
import { mulberry32 } from '../../../games/shared/prng.js';
import { QUIZ_TOPICS, shuffleWith, type QuizQuestion } from './quiz-topics';

/** Questions in one run. */
export const QUIZ_ROUNDS = 10;
/** Seconds to answer a question. */
export const QUIZ_SECONDS = 15;
/** Tries at a random subject of a topic before looking through all of its subjects for one not asked lately. */
const RANDOM_TRIES = 24;
/** How long the game shows the right answer before the next question. */
export const REVEAL_MS = 1200;
/** Network and rendering time the server grants a player's answer beyond what it measured. */
export const ANSWER_ALLOWANCE_MS = 1500;

/** A question as the ticket carries it: the answers in the order the player sees them, none marked. */
export interface TicketQuestion {
  topic: string;
  q: string;
  answers: string[];
}

interface GivenAnswer {
  choice: number | null;
  /** When the server took the answer (ms since the epoch). */
  at: number;
  points: number;
  ok: boolean;
}

/** What the ticket remembers of a quiz run. */
export interface QuizState {
  /** The questions' keys (`quiz-topics.ts`; tickets issued before generated questions hold `ids` instead). */
  keys?: string[];
  /** Per question: the answer shown at each position (0 is the right one, 1-3 the wrong ones). */
  orders: number[][];
  answers: GivenAnswer[];
}

/**
 * The run's questions, made from its seed: ten topics in the seed's order, one question each, a
 * subject the player was not asked in `recent` (the keys of their last quizzes) where the topic
 * has one left; answers shuffled. The same seed and `recent` make the same quiz. Only if nearly
 * every topic were used up would a topic give a second question or a recent one.
 */
export function quizQuestions(
  seed: number,
  recent: ReadonlySet<string> = new Set(),
): { state: QuizState; questions: TicketQuestion[]; made: QuizQuestion[] } {
  const random = mulberry32(seed);
  const topics = shuffleWith(
    random,
    QUIZ_TOPICS.map((_, i) => i),
  );
  const made: QuizQuestion[] = [];
  const taken = new Set<string>();
  const free = (key: string, strict: boolean) => !taken.has(key) && (!strict || !recent.has(key));
  for (const strict of [true, false]) {
    for (const t of topics) {
      if (made.length === QUIZ_ROUNDS) break;
      const topic = QUIZ_TOPICS[t]!;
      let index = -1;
      for (let n = 0; n < RANDOM_TRIES && index < 0; n++) {
        const i = Math.floor(random() * topic.size);
        if (free(topic.keyOf(i), strict)) index = i;
      }
      const start = Math.floor(random() * topic.size);
      for (let n = 0; n < topic.size && index < 0; n++) {
        const i = (start + n) % topic.size;
        if (free(topic.keyOf(i), strict)) index = i;
      }
      if (index < 0) continue;
      const question = topic.make(index, random);
      taken.add(question.key);
      made.push(question);
    }
  }
  const orders = made.map(() => shuffleWith(random, [0, 1, 2, 3]));
  const questions = made.map((m, i) => {
    const answers = [m.right, ...m.wrong];
    return { topic: m.topic, q: m.q, answers: orders[i]!.map((a) => answers[a]!) };
  });
  return { state: { keys: made.map((m) => m.key), orders, answers: [] }, questions, made };
}

/**
 * Take the answer to the next question: right or wrong, and its points (100 plus 10 per second
 * left). The time counts from when the question could first be seen (the ticket's issue for the
 * first, the previous answer plus the reveal for the others): a player may report more time than
 * that, never much less.
 */
export function answerInState(
  state: QuizState,
  answer: { question: number; choice: number | null; ms: number },
  startedAt: number,
  now: number,
) {
  const index = state.answers.length;
  if (index >= QUIZ_ROUNDS) throw conflict(`All ${QUIZ_ROUNDS} questions of this quiz are answered: submit the run.`);
  if (answer.question !== index) {
    throw answer.question < index
      ? conflict(`Question ${answer.question + 1} was already answered.`)
      : badRequest(`Answer question ${index + 1} first.`);
  }
  const shownAt = index === 0 ? startedAt : state.answers[index - 1]!.at + REVEAL_MS;
  const elapsed = Math.max(answer.ms, now - shownAt - ANSWER_ALLOWANCE_MS);
  const right = state.orders[index]!.indexOf(0);
  const inTime = elapsed <= QUIZ_SECONDS * 1000;
  const ok = answer.choice !== null && answer.choice === right && inTime;
  const points = ok ? 100 + Math.round(Math.max(0, QUIZ_SECONDS - elapsed / 1000) * 10) : 0;
  const next: QuizState = { ...state, answers: [...state.answers, { choice: answer.choice, at: now, points, ok }] };
  return { next, result: { correct: right, ok, points, timedOut: answer.choice === null || !inTime } };
}

/** The result of a quiz run so far. */
export function scoreQuiz(state: QuizState | null) {
  const answers = state?.answers ?? [];
  return {
    rounds: QUIZ_ROUNDS,
    answered: answers.length,
    finished: answers.length === QUIZ_ROUNDS,
    score: answers.reduce((sum, a) => sum + a.points, 0),
    correct: answers.filter((a) => a.ok).length,
  };
}
