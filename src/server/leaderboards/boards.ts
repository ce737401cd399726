import type { FishDetail, LeaderboardEntry, LeaderboardResponse, UserRankResponse } from '~/lib/schemas/leaderboard';
import { LEADERBOARD_PAGE_SIZE } from '~/lib/schemas/leaderboard';
import { countryName, isListedCountry } from '~/lib/countries';
import type { Db } from '../db';
import { badRequest } from '../shared/errors';
import type { GameRanking, Rankings } from './rankings';

/** Where a leaderboard looks: everyone, or the players of one country. */
export interface Scope {
  type: 'global' | 'country';
  /** Two-letter code (any case) when `type` is country. */
  country?: string;
}

/** The country a country-scope request names, upper-cased; undefined for the global scope. */
export function scopeCountry(scope: Scope): string | undefined {
  if (scope.type === 'global') return undefined;
  const code = (scope.country ?? '').toUpperCase();
  if (!isListedCountry(code))
    throw badRequest(`"${scope.country ?? ''}" is not a country code we know. Use two letters, like US.`);
  return code;
}

function fishDetails(json: string | null): FishDetail[] {
  if (!json) return [];
  const fish = JSON.parse(json) as FishDetail[];
  return fish
    .map(({ name, points, weight, quality }) => ({ name, points, weight, quality }))
    .sort((a, b) => b.points - a.points);
}

/** What a leaderboard row shows of a player besides their place: from the database, per page. */
export interface EntryDetails {
  id: number;
  username: string;
  country: string;
  created_at: number;
  best_level: number | null;
  best_fish_count: number;
  best_fish_json: string | null;
  avatar_name: string | null;
  avatar_image: string | null;
}

/** Reads the details of the players `ids` of one board. */
export type Details = (ids: number[]) => Promise<EntryDetails[]>;

/** The details of the players `ids` of a game's leaderboard (one indexed lookup). */
function gameDetails(db: Db, gameId: string): Details {
  return (ids) =>
    db
      .selectFrom('game_stats as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .leftJoin('avatars as a', 'a.avatar_id', 'u.active_avatar_id')
      .select([
        'u.id',
        'u.username',
        'u.country',
        'u.created_at',
        's.best_level',
        's.best_fish_count',
        's.best_fish_json',
        'a.name as avatar_name',
        'a.image_url as avatar_image',
      ])
      .where('s.game_id', '=', gameId)
      .where('s.user_id', 'in', ids)
      .execute();
}

/**
 * One page of a game's leaderboard: ranks come from the in-memory order, the rows' details from
 * the database (one indexed lookup for the page's players, with their active avatars). A page is
 * kept until the game's order or a shown player's avatar changes, so a popular page costs no
 * database work between changes.
 */
export async function leaderboardPage(
  db: Db,
  rankings: Rankings,
  gameId: string,
  scope: Scope,
  page: number,
  limit: number,
): Promise<LeaderboardResponse> {
  const country = scopeCountry(scope);
  await rankings.current();
  return rankedPage(rankings.game(gameId), country, page, limit, gameDetails(db, gameId));
}

/**
 * One page of a ranked order (a game's, or a tournament's), cached per order version: ranks from
 * the order, the rows' details from `details`.
 */
export async function rankedPage(
  ranking: GameRanking,
  country: string | undefined,
  page: number,
  limit: number,
  details: Details,
): Promise<LeaderboardResponse> {
  const key = `${country ?? ''}|${page}|${limit}`;
  const cached = ranking.pages.get(key);
  if (cached && cached.version === ranking.version) return cached.value as LeaderboardResponse;
  const version = ranking.version;
  const value = await buildPage(ranking, country, page, limit, details);
  ranking.pages.set(key, { version, value });
  return value;
}

async function buildPage(
  ranking: GameRanking,
  country: string | undefined,
  page: number,
  limit: number,
  details: Details,
): Promise<LeaderboardResponse> {
  const order = ranking.order(country);
  const offset = (page - 1) * limit;
  const ranked = order?.slice(offset, limit) ?? [];
  const totalPlayers = order?.size ?? 0;
  const pagination = { page, limit, hasMore: offset + limit < totalPlayers, totalPlayers };
  if (ranked.length === 0) return { entries: [], pagination };

  const rows = await details(ranked.map((p) => p.id));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const entries: LeaderboardEntry[] = [];
  ranked.forEach((player, i) => {
    const row = byId.get(player.id);
    if (!row) return;
    entries.push({
      rank: offset + i + 1,
      userId: row.id,
      username: row.username,
      // the order's score, so a page always reads in order even while a new best is on its way in
      score: player.score,
      level: row.best_level,
      country: row.country,
      createdAt: new Date(row.created_at).toISOString(),
      fishCaught: row.best_fish_count,
      fishDetails: fishDetails(row.best_fish_json),
      activeAvatar:
        row.avatar_name !== null && row.avatar_image !== null
          ? { avatarImage: row.avatar_image, avatarName: row.avatar_name }
          : null,
    });
  });
  return { entries, pagination };
}

/**
 * Where the player stands in a game's leaderboard (rank null while they have no score there). On a
 * country board it also names the country whose board the player is on (null without a score).
 */
export async function userRank(
  rankings: Rankings,
  gameId: string,
  scope: Scope,
  userId: number,
): Promise<UserRankResponse> {
  const country = scopeCountry(scope);
  await rankings.current();
  const ranking = rankings.game(gameId);
  const answer = rankIn(ranking, country, userId);
  return country === undefined ? answer : { ...answer, homeCountry: ranking.players.get(userId)?.country ?? null };
}

/** Where the player stands in a ranked order (a game's, or a tournament's). */
export function rankIn(ranking: GameRanking, country: string | undefined, userId: number): UserRankResponse {
  const order = ranking.order(country);
  const totalPlayers = order?.size ?? 0;
  const player = ranking.players.get(userId);
  const rank = player && order ? order.rankOf(player) : null;
  if (!player || rank === null) return { rank: null, score: 0, fishCaught: 0, level: null, totalPlayers, page: null };
  return {
    rank,
    score: player.score,
    fishCaught: player.fishCaught,
    level: player.level,
    totalPlayers,
    page: Math.ceil(rank / LEADERBOARD_PAGE_SIZE),
  };
}

/** Countries that have ranked players in any game, with their English names, sorted by name. */
export async function rankedCountries(rankings: Rankings): Promise<{ code: string; name: string }[]> {
  await rankings.current();
  const countries: { code: string; name: string }[] = [];
  for (const code of rankings.countryCodes()) {
    if (isListedCountry(code)) countries.push({ code, name: countryName(code) });
  }
  return countries.sort((a, b) => a.name.localeCompare(b.name, 'en'));
}
