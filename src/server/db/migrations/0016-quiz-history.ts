import type { Kysely } from 'kysely';
import { withId } from './columns';
import type { Dialect } from './dialect';

// Mr Quiz, fresh every game (README, "Mr Quiz"): the questions each player was asked in their last
// 50 quizzes, so a new quiz leaves them out. One row per quiz, its question keys in one text column
// (about 150 bytes); a player's rows beyond the newest 50 are deleted when the next quiz starts.

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('quiz_history'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** When the quiz's ticket was issued (ms). */
    .addColumn('asked_at', 'bigint', (c) => c.notNull())
    /** The keys of the quiz's questions (`src/server/games/quiz-topics.ts`), separated by spaces. */
    .addColumn('question_keys', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quiz_history_user').on('quiz_history').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('quiz_history').execute();
}
