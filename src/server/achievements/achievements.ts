import { computeAchievements, type AchievementFacts, type AchievementsResponse } from '~/lib/achievements';
import type { Services } from '../context';
import { preparedRead } from '../db/prepared';
import { findAchievementGame } from '../games/catalogue';

/**
 * Everything the rules read of a player in one prepared statement (one round trip, planned once):
 * the formations they unlocked, the avatars they own, their best in the achievement game and how
 * many tournaments they entered, each an indexed read of their own rows, never a scan of their runs.
 */
const readFacts = preparedRead<{ kind: 'formation' | 'avatar' | 'best' | 'tournaments'; value: string }>(
  'arcade_achievement_facts',
  `select 'formation' as kind, name as value from user_achievements where user_id = $1
   union all select 'avatar', avatar_id from player_avatars where user_id = $2
   union all select 'best', cast(best_score as varchar(20)) from game_stats where user_id = $3 and game_id = $4
   union all select 'tournaments', cast(count(*) as varchar(20)) from tournament_entries where user_id = $5`,
);

/** What the achievement rules need to know of a player. */
export async function getAchievementFacts(services: Services, userId: number): Promise<AchievementFacts> {
  const { db } = services;
  const game = await findAchievementGame(services.config.siteUrl);
  const rows = await readFacts(db, [userId, userId, userId, game?.rules.gameId ?? '', userId]);
  const facts: AchievementFacts = {
    formations: new Set(),
    bestScore: 0,
    tournamentsEntered: 0,
    ownedAvatarIds: new Set(),
  };
  for (const row of rows) {
    if (row.kind === 'formation') (facts.formations as Set<string>).add(row.value);
    else if (row.kind === 'avatar') (facts.ownedAvatarIds as Set<string>).add(row.value);
    else if (row.kind === 'best') facts.bestScore = Number(row.value);
    else facts.tournamentsEntered = Number(row.value);
  }
  return facts;
}

/** A player's five achievement cards (`GET /api/achievements`). */
export async function getAchievements(services: Services, userId: number): Promise<AchievementsResponse> {
  return computeAchievements(await getAchievementFacts(services, userId));
}
