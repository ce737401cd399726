// Mr Quiz's scoring (README, "Mr Quiz"): how the server times and scores each answer, and a run's
// result. Apart from the questions (`quiz.ts`), so the demo data can score quizzes the same way.
import { badRequest, conflict } from '../shared/errors';

/** Questions in one run. */
export const QUIZ_ROUNDS = 10;
/** Seconds to answer a question. */
export const QUIZ_SECONDS = 15;
/** How long the game shows the right answer and why before the next question (games/mr-quiz/main.js: REVEAL_SECONDS). */
export const REVEAL_MS = 3500;
/** Network and rendering time the server grants a player's answer beyond what it measured. */
export const ANSWER_ALLOWANCE_MS = 1500;

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
  /** Per question: one line on why its answer is right, told with the result (tickets issued before it have none). */
  why?: string[];
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
  const why = state.why?.[index] || null;
  return { next, result: { correct: right, ok, points, timedOut: answer.choice === null || !inTime, why } };
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
