import { getCollection } from 'astro:content';
import type { GameRules } from './runs';

export interface CatalogueGame {
  rules: GameRules;
  name: string;
  /** Where the game is played, absolute (site-relative URLs resolved against `siteUrl`). */
  url: string;
  origin: string;
}

const cache = new Map<string, Promise<CatalogueGame[]>>();

/** The catalogue games with the rules the server applies to their runs (built once per process). */
export function listCatalogueGames(siteUrl: string): Promise<CatalogueGame[]> {
  let games = cache.get(siteUrl);
  if (!games) {
    games = loadCatalogueGames(siteUrl);
    cache.set(siteUrl, games);
  }
  return games;
}

async function loadCatalogueGames(siteUrl: string): Promise<CatalogueGame[]> {
  const games = await getCollection('games');
  return games.map(({ data }) => {
    const url = new URL(data.url, `${siteUrl}/`);
    return {
      name: data.name,
      url: url.toString(),
      origin: url.origin,
      rules: {
        gameId: data.gameId,
        maxScore: data.limits.maxScore,
        maxLevel: data.limits.maxLevel,
        maxFishPerRun: data.limits.maxFishPerRun,
        hasFish: data.limits.maxFishPerRun > 0,
        hasFormations: data.gameId === 'rekt',
      },
    };
  });
}
