import { listAllGames } from '../shared/content';
import { badRequest, notFound } from '../shared/errors';
import type { Replayer } from './replay';
import { REPLAYERS } from './replayers';
import type { GameRules } from './runs';

export interface CatalogueGame {
  rules: GameRules;
  name: string;
  /** Where the game is played, absolute (site-relative URLs resolved against `siteUrl`). */
  url: string;
  origin: string;
  /** The achievement game: its best single run counts for the score cards. */
  achievements: boolean;
  /** On the pages (profiles among them); an unlisted game (`listed: false`) is on none. */
  listed: boolean;
  /** How the server replays its runs (looked up once, in {@link REPLAYERS}), or null: a game it cannot replay. */
  replayer: Replayer | null;
}

/** The catalogue with what the Game API looks up on every request, worked out once. */
export interface Catalogue {
  games: CatalogueGame[];
  byId: ReadonlyMap<string, CatalogueGame>;
  /** Browser origins allowed to call the Game API: the arcade's own and every catalogue game's. */
  origins: ReadonlySet<string>;
}

const cache = new Map<string, Promise<Catalogue>>();

/** The catalogue games with the rules the server applies to their runs (built once per process). */
export function loadCatalogue(siteUrl: string): Promise<Catalogue> {
  let catalogue = cache.get(siteUrl);
  if (!catalogue) {
    catalogue = buildCatalogue(siteUrl);
    cache.set(siteUrl, catalogue);
  }
  return catalogue;
}

/**
 * The catalogue game `gameId` names: a 404 listing the arcade's games for any other, on every
 * route that names a game.
 */
export async function requireGame(siteUrl: string, gameId: string | undefined): Promise<CatalogueGame> {
  const { games, byId } = await loadCatalogue(siteUrl);
  const game = gameId === undefined ? undefined : byId.get(gameId);
  if (!game)
    throw notFound(
      `There is no game "${gameId ?? ''}" in the arcade. Games: ${games
        .filter((g) => g.listed)
        .map((g) => g.rules.gameId)
        .join(', ')}.`,
    );
  return game;
}

/**
 * The catalogue game a `?gameId=` query names: a 400 listing the arcade's games when it names none,
 * a 404 ({@link requireGame}) for a game the arcade does not have.
 */
export async function requireGameQuery(siteUrl: string, gameId: string | null): Promise<CatalogueGame> {
  if (gameId) return requireGame(siteUrl, gameId);
  const { games } = await loadCatalogue(siteUrl);
  throw badRequest(
    `Add ?gameId= with one of: ${games
      .filter((g) => g.listed)
      .map((g) => g.rules.gameId)
      .join(', ')}.`,
  );
}

/** The catalogue games (see {@link loadCatalogue}). */
export async function listCatalogueGames(siteUrl: string): Promise<CatalogueGame[]> {
  return (await loadCatalogue(siteUrl)).games;
}

/** The achievement game (the catalogue game marked `achievements: true`), if the catalogue has one. */
export async function findAchievementGame(siteUrl: string): Promise<CatalogueGame | undefined> {
  return (await loadCatalogue(siteUrl)).games.find((game) => game.achievements);
}

async function buildCatalogue(siteUrl: string): Promise<Catalogue> {
  // In the catalogue's own order, as every page lists the games.
  const entries = await listAllGames();
  const games = entries.map(({ data }): CatalogueGame => {
    const url = new URL(data.url, `${siteUrl}/`);
    return {
      name: data.name,
      url: url.toString(),
      origin: url.origin,
      achievements: data.achievements,
      listed: data.listed,
      replayer: REPLAYERS.get(data.gameId) ?? null,
      rules: {
        gameId: data.gameId,
        maxScore: data.limits.maxScore,
        maxLevel: data.limits.maxLevel,
        maxFishPerRun: data.limits.maxFishPerRun,
        hasFish: data.results.fish,
        hasFormations: data.results.formations,
        fairPlay: data.fairPlay,
      },
    };
  });
  return {
    games,
    byId: new Map(games.map((g) => [g.rules.gameId, g])),
    origins: new Set([siteUrl, ...games.map((g) => g.origin)]),
  };
}
