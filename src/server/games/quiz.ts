// Mr Quiz on the server (README, "Fair play"): a run's questions come with its ticket, without
// their answers; each answer comes back on its own, is timed by the server and scored here. The
// question bank never leaves the server.
import { badRequest, conflict } from '../shared/errors';
import { mulberry32 } from '../../../games/shared/prng.js';
import { QUIZ_BANK } from './quiz-bank';

/** Questions in one run. */
export const QUIZ_ROUNDS = 10;
/** Seconds to answer a question. */
export const QUIZ_SECONDS = 15;
/** A topic appears at most this often in one run. */
const PER_TOPIC = 2;
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
  /** Indexes into the bank. */
  ids: number[];
  /** Per question: the bank's answer shown at each position (the bank's answer 0 is right). */
  orders: number[][];
  answers: GivenAnswer[];
}

/** The run's questions, drawn with its seed: at most two per topic, answers shuffled. */
export function quizQuestions(seed: number): { state: QuizState; questions: TicketQuestion[] } {
  const random = mulberry32(seed);
  const shuffle = <T>(list: T[]): T[] => {
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
    return list;
  };
  const perTopic = new Map<string, number>();
  const ids: number[] = [];
  for (const id of shuffle(QUIZ_BANK.map((_, i) => i))) {
    if (ids.length === QUIZ_ROUNDS) break;
    const topic = QUIZ_BANK[id]![0];
    if ((perTopic.get(topic) ?? 0) >= PER_TOPIC) continue;
    perTopic.set(topic, (perTopic.get(topic) ?? 0) + 1);
    ids.push(id);
  }
  const orders = ids.map(() => shuffle([0, 1, 2, 3]));
  const questions = ids.map((id, i) => {
    const [topic, q, ...answers] = QUIZ_BANK[id]!;
    return { topic, q, answers: orders[i]!.map((a) => answers[a]!) };
  });
  return { state: { ids, orders, answers: [] }, questions };
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
