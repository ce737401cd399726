import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { requireGameQuery } from '~/server/games/catalogue';
import { listUserScores } from '~/server/games/stats';
import { handle, idParam, json, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

export const GET: APIRoute = ({ params, url }) =>
  handle(async () => {
    const app = await services();
    const userId = idParam(params.id);
    const game = await requireGameQuery(app.config.siteUrl, url.searchParams.get('gameId'));
    return json(await listUserScores(app.db, userId, game.rules.gameId));
  });

export const ALL = methodNotAllowed('GET');
