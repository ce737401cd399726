import type { APIContext } from 'astro';
import { services } from '../app';
import type { Services } from '../context';
import { notFound } from '../errors';
import { listCatalogueGames } from '../games/catalogue';

/** The running arcade and the catalogue game a leaderboard route names (404 for any other). */
export async function leaderboardGame(context: APIContext): Promise<{ app: Services; gameId: string }> {
  const app = await services();
  const gameId = context.params.gameId ?? '';
  const games = await listCatalogueGames(app.config.siteUrl);
  if (!games.some((g) => g.rules.gameId === gameId)) {
    throw notFound(`There is no game "${gameId}" in the arcade. Games: ${games.map((g) => g.rules.gameId).join(', ')}.`);
  }
  return { app, gameId };
}

/** The query string as a plain object, for the zod query schemas. */
export function queryOf(context: APIContext): Record<string, string> {
  return Object.fromEntries(context.url.searchParams);
}
