// The Mr Quiz question bank (README, "Mr Quiz"): content an editor changes in
// src/content/mr-quiz/bank.json, read and checked here when the server loads (the build and a unit
// test load it too, so a broken bank never ships). On the server only: the browser never gets the
// bank, only a run's questions one ticket at a time, without their answers.
import * as z from 'zod/mini';
import bank from '~/content/mr-quiz/bank.json';

const text = z.string().check(z.trim(), z.minLength(1));

/** One curated question: its text, the right answer, three wrong ones, and why the right one is right. */
const bankQuestionSchema = z
  .strictObject({
    q: text,
    right: text,
    wrong: z.tuple([text, text, text]),
    why: text,
  })
  .check(
    z.refine((question) => new Set([question.right, ...question.wrong]).size === 4, {
      message: 'The four answers must differ from one another',
    }),
  );

/** The bank: its topics in order (a run's seed picks among them by position), each with its questions in order. */
export const quizBankSchema = z
  .strictObject({
    note: z.optional(z.string()),
    topics: z.array(z.strictObject({ topic: text, questions: z.array(bankQuestionSchema).check(z.minLength(1)) })),
  })
  .check(
    z.refine((b) => new Set(b.topics.map((t) => t.topic)).size === b.topics.length, {
      message: 'Each topic appears once: put its questions together',
    }),
    z.refine(
      (b) => {
        const texts = b.topics.flatMap((t) => t.questions.map((question) => question.q));
        return new Set(texts).size === texts.length;
      },
      { message: 'Each question text appears once in the bank' },
    ),
  );
export type QuizBank = z.infer<typeof quizBankSchema>;

/** The bank, or an error naming where it breaks the schema. */
export function parseQuizBank(data: unknown): QuizBank {
  const parsed = z.safeParse(quizBankSchema, data);
  if (!parsed.success)
    throw new Error(`The Mr Quiz bank (src/content/mr-quiz/bank.json) is not valid:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export type BankQuestion = readonly [
  topic: string,
  question: string,
  right: string,
  wrong1: string,
  wrong2: string,
  wrong3: string,
];

const QUIZ_BANK_DATA = parseQuizBank(bank);

/** Every bank question, topic by topic in the bank's order: topic, question, then four answers, the FIRST one right. */
export const QUIZ_BANK: readonly BankQuestion[] = QUIZ_BANK_DATA.topics.flatMap(({ topic, questions }) =>
  questions.map(({ q, right, wrong }): BankQuestion => [topic, q, right, ...wrong]),
);

/** One line on why each bank question's answer is right, by the question's text. */
export const BANK_WHY: Readonly<Record<string, string>> = Object.fromEntries(
  QUIZ_BANK_DATA.topics.flatMap(({ questions }) => questions.map(({ q, why }) => [q, why])),
);
