import type { APIContext } from 'astro';
import { services } from '../app';
import type { Services } from '../context';
import { requireGame } from '../games/catalogue';

/** The running arcade and the catalogue game a leaderboard route names (404 for any other). */
export async function leaderboardGame(context: APIContext): Promise<{ app: Services; gameId: string }> {
  const app = await services();
  const game = await requireGame(app.config.siteUrl, context.params.gameId);
  return { app, gameId: game.rules.gameId };
}

/** The query string as a plain object, for the zod query schemas. */
export function queryOf(context: APIContext): Record<string, string> {
  return Object.fromEntries(context.url.searchParams);
}
