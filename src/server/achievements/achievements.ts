import { computeAchievements, type AchievementFacts, type AchievementsResponse } from '../../lib/achievements';
import type { Services } from '../context';
import { findAchievementGame } from '../games/catalogue';
import { countTournamentsEntered } from '../tournaments/participation';

/**
 * What the achievement rules need to know of a player, in four indexed reads run side by side
 * (never a scan of their runs): the formations they unlocked, their best in the achievement game,
 * the tournaments they entered and the avatars they own.
 */
export async function getAchievementFacts(services: Services, userId: number): Promise<AchievementFacts> {
  const { db } = services;
  const game = await findAchievementGame(services.config.siteUrl);
  const [formations, best, tournamentsEntered, owned] = await Promise.all([
    db.selectFrom('user_achievements').select('name').where('user_id', '=', userId).execute(),
    game
      ? db.selectFrom('game_stats').select('best_score').where('user_id', '=', userId).where('game_id', '=', game.rules.gameId).executeTakeFirst()
      : Promise.resolve(undefined),
    countTournamentsEntered(db, userId),
    db.selectFrom('player_avatars').select('avatar_id').where('user_id', '=', userId).execute(),
  ]);
  return {
    formations: new Set(formations.map((row) => row.name)),
    bestScore: Number(best?.best_score ?? 0),
    tournamentsEntered,
    ownedAvatarIds: new Set(owned.map((row) => row.avatar_id)),
  };
}

/** A player's five achievement cards (`GET /api/achievements`). */
export async function getAchievements(services: Services, userId: number): Promise<AchievementsResponse> {
  return computeAchievements(await getAchievementFacts(services, userId));
}
