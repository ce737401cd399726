import type { OwnProfileResponse, PublicProfile } from '../../lib/schemas/profile';
import { userView } from '../auth/views';
import type { Services } from '../context';
import type { UserRow } from '../db/schema';
import { listCatalogueGames } from '../games/catalogue';
import { byRarityThenName, findActiveAvatar } from '../avatars/collection';
import { getTournamentStats } from '../tournaments/participation';

const iso = (ms: number | string | null | undefined) => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());

/** The signed-in player and their active avatar (`GET /api/user/profile`). */
export async function getOwnProfile(services: Services, user: UserRow): Promise<OwnProfileResponse> {
  const activeAvatar = await findActiveAvatar(services.db, user);
  return { user: { ...userView(user, services.config), avatarImage: activeAvatar?.avatarImage ?? null }, activeAvatar };
}

/**
 * What anyone may see of a player (never the e-mail), or null when there is no such player: the
 * `GET /api/users/{userId}/profile` answer and the `/users/{userId}` page. Three indexed reads run
 * side by side (the player, their per-game rows, their avatars); global ranks come from the
 * in-memory leaderboards. Every catalogue game is listed, in catalogue order, played or not.
 */
export async function findPublicProfile(services: Services, userId: number): Promise<PublicProfile | null> {
  const { db, rankings } = services;
  const [user, games, avatars, tournamentStats, catalogue] = await Promise.all([
    db.selectFrom('users').select(['id', 'username', 'country', 'created_at', 'active_avatar_id']).where('id', '=', userId).executeTakeFirst(),
    db.selectFrom('game_stats').select(['game_id', 'plays', 'best_score', 'total_score', 'last_played_at']).where('user_id', '=', userId).execute(),
    db
      .selectFrom('player_avatars as p')
      .innerJoin('avatars as a', 'a.avatar_id', 'p.avatar_id')
      .select(['a.avatar_id', 'a.name', 'a.image_url', 'a.rarity', 'a.description'])
      .where('p.user_id', '=', userId)
      .execute(),
    getTournamentStats(db, userId),
    listCatalogueGames(services.config.siteUrl),
    rankings.current(),
  ]);
  if (!user) return null;

  const byGame = new Map(games.map((row) => [row.game_id, row]));
  const gameStats = catalogue.map(({ rules: { gameId } }) => {
    const row = byGame.get(gameId);
    const ranking = rankings.game(gameId);
    const ranked = ranking.players.get(userId);
    return {
      gameId,
      gamesPlayed: Number(row?.plays ?? 0),
      bestScore: Number(row?.best_score ?? 0),
      globalRank: ranked ? ranking.global.rankOf(ranked) : null,
      lastPlayed: iso(row?.last_played_at),
    };
  });
  const lastPlayedAt = games.reduce<number | null>((latest, row) => Math.max(latest ?? 0, Number(row.last_played_at)), null);
  const active = avatars.find((a) => a.avatar_id === user.active_avatar_id);

  return {
    userId: user.id,
    user: { username: user.username, country: user.country, memberSince: iso(user.created_at)! },
    activeAvatar: active ? { avatarId: active.avatar_id, avatarName: active.name, avatarImage: active.image_url, description: active.description } : null,
    stats: {
      totalGamesPlayed: games.reduce((sum, row) => sum + Number(row.plays), 0),
      bestScore: games.reduce((best, row) => Math.max(best, Number(row.best_score)), 0),
      totalScore: games.reduce((sum, row) => sum + Number(row.total_score), 0),
      lastPlayedAt: iso(lastPlayedAt),
    },
    totalAvatars: avatars.length,
    avatarCollection: avatars
      .sort(byRarityThenName)
      .map((a) => ({ rarity: a.rarity, avatar: { avatarId: a.avatar_id, avatarName: a.name, avatarImage: a.image_url } })),
    gameStats,
    tournamentStats,
  };
}
