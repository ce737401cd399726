// Mr Quiz, fresh every game (README, "Mr Quiz"): what each player was asked in their last quizzes,
// so a new quiz asks something else (migration 0016, table `quiz_history`: one row per quiz, its
// question keys separated by spaces; a player's rows beyond the newest QUIZ_HISTORY are deleted
// when the next quiz is remembered). Both databases, through Kysely.
import type { Db } from '../db';

/** A question is not asked again within a player's last this many quizzes (where its topic allows). */
export const QUIZ_HISTORY = 50;

/** The keys of the questions a player was asked in their last QUIZ_HISTORY quizzes. */
export async function recentQuizKeys(db: Db, userId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('quiz_history')
    .select('question_keys')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(QUIZ_HISTORY)
    .execute();
  return new Set(rows.flatMap((r) => r.question_keys.split(' ')));
}

/** Remember a quiz's question keys, and forget the player's quizzes beyond the newest QUIZ_HISTORY. */
export async function rememberQuiz(db: Db, userId: number, keys: string[], now: number): Promise<void> {
  await db
    .insertInto('quiz_history')
    .values({ user_id: userId, asked_at: now, question_keys: keys.join(' ') })
    .execute();
  await db
    .deleteFrom('quiz_history')
    .where('user_id', '=', userId)
    .where('id', '<', (eb) =>
      eb
        .selectFrom('quiz_history')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(1)
        .offset(QUIZ_HISTORY - 1),
    )
    .execute();
}
