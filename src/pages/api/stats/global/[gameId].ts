import type { APIRoute } from 'astro';
import { services } from '../../../../server/app';
import { notFound } from '../../../../server/errors';
import { listCatalogueGames } from '../../../../server/games/catalogue';
import { getGlobalStats } from '../../../../server/games/stats';
import { handle, json, methodNotAllowed } from '../../../../server/http';

export const prerender = false;

export const GET: APIRoute = ({ params }) =>
  handle(async () => {
    const app = await services();
    const games = await listCatalogueGames(app.config.siteUrl);
    if (!games.some((g) => g.rules.gameId === params.gameId)) throw notFound(`There is no game "${params.gameId}" in the arcade.`);
    return json({ stats: await getGlobalStats(app.db, params.gameId!) });
  });

export const ALL = methodNotAllowed('GET');
