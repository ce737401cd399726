import { REKT_FORMATIONS } from '~/lib/schemas/games';
import type { Db } from '../db';
import { notFound } from '../shared/errors';

/**
 * A player's best single score over every game, how many runs they played, and how many of those
 * the server verified (replayed, or vouched for by a game's signed server; README, "Fair play").
 */
export async function getUserStats(
  db: Db,
  userId: number,
): Promise<{ bestScore: number; totalPlays: number; verifiedPlays: number }> {
  const [row, verified] = await Promise.all([
    db
      .selectFrom('game_stats')
      .select((eb) => [eb.fn.max('best_score').as('best'), eb.fn.sum<number>('plays').as('plays')])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('runs')
      .select((eb) => eb.fn.countAll<number | string>().as('runs'))
      .where('user_id', '=', userId)
      .where('verified', '=', 1)
      .where('hidden_at', 'is', null)
      .executeTakeFirst(),
  ]);
  return {
    bestScore: Number(row?.best ?? 0),
    totalPlays: Number(row?.plays ?? 0),
    verifiedPlays: Number(verified?.runs ?? 0),
  };
}

/** How many runs of a game were played in all: the sum of the game's total shards. */
export async function getGlobalStats(db: Db, gameId: string): Promise<{ totalGames: number }> {
  const row = await db
    .selectFrom('game_totals')
    .select((eb) => eb.fn.sum<number | string | null>('total_runs').as('total'))
    .where('game_id', '=', gameId)
    .executeTakeFirst();
  return { totalGames: Number(row?.total ?? 0) };
}

/** Most recent runs shown by `GET /api/scores/user/{id}`. */
export const RECENT_SCORES = 50;

/** A player's recent scores in one game, with the true count and best over all their runs. */
export async function listUserScores(db: Db, userId: number, gameId: string) {
  const recent = await db
    .selectFrom('runs')
    .select(['score', 'level', 'fish_count', 'created_at', 'verified'])
    .where('user_id', '=', userId)
    .where('game_id', '=', gameId)
    // a hidden run counts nowhere (README, "Player management")
    .where('hidden_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(RECENT_SCORES)
    .execute();
  const stats = await db
    .selectFrom('game_stats')
    .select(['plays', 'best_score'])
    .where('user_id', '=', userId)
    .where('game_id', '=', gameId)
    .executeTakeFirst();
  return {
    scores: recent.map((r) => ({
      score: r.score,
      level: r.level,
      fishCaught: r.fish_count,
      createdAt: new Date(r.created_at).toISOString(),
      verified: r.verified === 1,
    })),
    count: stats?.plays ?? 0,
    best: stats?.best_score ?? 0,
  };
}

/** REKT! formation achievements of a player, by username (any case): every formation, true or false. */
export async function getRektAchievements(db: Db, username: string): Promise<Record<string, boolean>> {
  // No username holds other characters (a NUL byte would even be an error in PostgreSQL): not found.
  if (!/^[A-Za-z0-9_-]{1,20}$/.test(username)) throw notFound('User not found');
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('username_key', '=', username.toLowerCase())
    .executeTakeFirst();
  if (!user) throw notFound('User not found');
  const rows = await db.selectFrom('user_achievements').select('name').where('user_id', '=', user.id).execute();
  const unlocked = new Set(rows.map((r) => r.name));
  return Object.fromEntries(REKT_FORMATIONS.map((name) => [name, unlocked.has(name)]));
}
