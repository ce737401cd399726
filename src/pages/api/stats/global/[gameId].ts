import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { requireGame } from '~/server/games/catalogue';
import { getGlobalStats } from '~/server/games/stats';
import { handle, json, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

export const GET: APIRoute = ({ params }) =>
  handle(async () => {
    const app = await services();
    const game = await requireGame(app.config.siteUrl, params.gameId);
    return json({ stats: await getGlobalStats(app.db, game.rules.gameId) });
  });

export const ALL = methodNotAllowed('GET');
