// Mr Quiz on the server (README, "Fair play" and "Mr Quiz"): a run's questions are made from its
// ticket's seed (`quiz-topics.ts`: the curated bank and questions generated from open data) and come
// with its ticket, without their answers; each answer comes back on its own, is timed by the server
// and scored here. The right answers never leave the server before they are given.
import { mulberry32 } from '~games/shared/prng.js';
import { QUIZ_TOPICS, shuffleWith, type QuizQuestion } from './quiz-topics';
import { QUIZ_ROUNDS, type QuizState } from './quiz-scoring';

export * from './quiz-scoring';

/** Tries at a random subject of a topic before looking through all of its subjects for one not asked lately. */
const RANDOM_TRIES = 24;

/** A question as the ticket carries it: the answers in the order the player sees them, none marked. */
export interface TicketQuestion {
  topic: string;
  q: string;
  answers: string[];
  /** A picture the question shows (a flag), as a data URI that names nothing. */
  image?: string;
  /** The answers are pictures (data URIs), not words. */
  pictures?: true;
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
    return {
      topic: m.topic,
      q: m.q,
      answers: orders[i]!.map((a) => answers[a]!),
      ...(m.image ? { image: m.image } : {}),
      ...(m.pictures ? { pictures: m.pictures } : {}),
    };
  });
  return {
    state: { keys: made.map((m) => m.key), orders, answers: [], why: made.map((m) => m.why) },
    questions,
    made,
  };
}
