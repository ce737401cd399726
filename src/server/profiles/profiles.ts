import { iso } from '~/lib/dates';
import type { OwnProfileResponse, PublicProfile } from '~/lib/schemas/profile';
import { userView } from '../auth/views';
import type { Services } from '../context';
import { preparedRead } from '../db/prepared';
import type { AvatarRow, UserRow } from '../db/schema';
import { listCatalogueGames } from '../games/catalogue';
import { byRarityThenName, findActiveAvatar } from '../avatars/collection';
import { listWonPrizes, waitsForAnAddress } from '../tournaments/prizes';
import { getTournamentStats } from '../tournaments/participation';

/** The signed-in player and their active avatar (`GET /api/user/profile`). */
export async function getOwnProfile(services: Services, user: UserRow): Promise<OwnProfileResponse> {
  const activeAvatar = await findActiveAvatar(services.db, user);
  return { user: { ...userView(user, services.config), avatarImage: activeAvatar?.avatarImage ?? null }, activeAvatar };
}

type Rarity = AvatarRow['rarity'];

/**
 * A player's public rows in one prepared statement (one round trip, planned once), each part an
 * indexed read of their own rows: `user` (k username, t1 country, t2 active avatar, n1 joined, n2 banned),
 * one `game` per game played (k game id, n1 plays, n2 best, n3 total score, n4 last played) and
 * one `avatar` per avatar owned (k avatar id, t1 name, t2 image, t3 rarity, t4 description).
 */
const readProfile = preparedRead<{
  kind: 'user' | 'game' | 'avatar';
  k: string;
  t1: string | null;
  t2: string | null;
  t3: string | null;
  t4: string | null;
  n1: number | string | null;
  n2: number | string | null;
  n3: number | string | null;
  n4: number | string | null;
}>(
  'arcade_public_profile_v3',
  `select 'user' as kind, u.username as k, u.country as t1, u.active_avatar_id as t2, null as t3, null as t4,
     u.created_at as n1, u.banned_at as n2, null as n3, null as n4
   from users u where u.id = $1 and u.deleted_at is null
   union all
   select 'game', g.game_id, null, null, null, null, g.plays, g.best_score, g.total_score, g.last_played_at
   from game_stats g where g.user_id = $2
   union all
   select 'avatar', a.avatar_id, a.name, a.image_url, a.rarity, a.description, null, null, null, null
   from player_avatars p join avatars a on a.avatar_id = p.avatar_id where p.user_id = $3`,
);

/**
 * What anyone may see of a player (never the e-mail), or null when there is no such player (a
 * deleted account has no profile any more: README, "Your data"): the
 * `GET /api/users/{userId}/profile` answer and the `/users/{userId}` page. One prepared read of the
 * player's own rows (never their runs); global ranks come from the in-memory leaderboards. Every
 * catalogue game is listed, in catalogue order, played or not. The player themselves (`viewer`)
 * also learn whether adding a Lightning Address would get a pending prize paid
 * (`addAddressToGetPaid`); nobody else does, so the answer differs for its owner only.
 */
export async function findPublicProfile(
  services: Services,
  userId: number,
  viewer: Pick<UserRow, 'id'> | null,
): Promise<PublicProfile | null> {
  const { db, rankings } = services;
  const own = viewer?.id === userId;
  const [rows, tournamentStats, catalogue, prizes, , waitsForAddress] = await Promise.all([
    readProfile(db, [userId, userId, userId]),
    getTournamentStats(services, userId),
    listCatalogueGames(services.config.siteUrl),
    listWonPrizes(db, userId),
    rankings.current(),
    own && services.wallet ? waitsForAnAddress(db, userId) : false,
  ]);
  const user = rows.find((row) => row.kind === 'user');
  if (!user) return null;
  // the listed games only: an unlisted one is on no page (README, "Bring your own game")
  const listed = new Set(catalogue.filter((game) => game.listed).map((game) => game.rules.gameId));
  const games = rows.filter((row) => row.kind === 'game' && listed.has(row.k));
  const avatars = rows
    .filter((row) => row.kind === 'avatar')
    .map((row) => ({
      avatarId: row.k,
      name: row.t1!,
      image: row.t2!,
      rarity: row.t3 as Rarity,
      description: row.t4 ?? '',
    }));

  const byGame = new Map(games.map((row) => [row.k, row]));
  // the listed games only: an unlisted one is on no page (README, "Bring your own game")
  const gameStats = catalogue
    .filter((game) => game.listed)
    .map(({ rules: { gameId } }) => {
      const row = byGame.get(gameId);
      const ranking = rankings.game(gameId);
      const ranked = ranking.players.get(userId);
      return {
        gameId,
        gamesPlayed: Number(row?.n1 ?? 0),
        bestScore: Number(row?.n2 ?? 0),
        globalRank: ranked ? ranking.global.rankOf(ranked) : null,
        lastPlayed: iso(row?.n4),
      };
    });
  const lastPlayedAt = games.reduce<number | null>((latest, row) => Math.max(latest ?? 0, Number(row.n4)), null);
  const active = avatars.find((a) => a.avatarId === user.t2);

  return {
    userId,
    suspended: user.n2 !== null,
    user: { username: user.k, country: user.t1!, memberSince: iso(user.n1)! },
    activeAvatar: active
      ? {
          avatarId: active.avatarId,
          avatarName: active.name,
          avatarImage: active.image,
          description: active.description,
        }
      : null,
    stats: {
      totalGamesPlayed: games.reduce((sum, row) => sum + Number(row.n1), 0),
      gamesTried: games.filter((row) => Number(row.n1) > 0).length,
      lastPlayedAt: iso(lastPlayedAt),
    },
    totalAvatars: avatars.length,
    avatarCollection: avatars
      .sort(byRarityThenName)
      .map((a) => ({ rarity: a.rarity, avatar: { avatarId: a.avatarId, avatarName: a.name, avatarImage: a.image } })),
    gameStats,
    tournamentStats,
    prizes,
    ...(own ? { addAddressToGetPaid: waitsForAddress } : {}),
  };
}
