import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { badRequest } from '~/server/shared/errors';
import { listCatalogueGames, requireGame } from '~/server/games/catalogue';
import { listUserScores } from '~/server/games/stats';
import { handle, idParam, json, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

export const GET: APIRoute = ({ params, url }) =>
  handle(async () => {
    const app = await services();
    const userId = idParam(params.id);
    const gameId = url.searchParams.get('gameId');
    if (!gameId) {
      const games = await listCatalogueGames(app.config.siteUrl);
      throw badRequest(
        `Add ?gameId= with one of: ${games
          .filter((g) => g.listed)
          .map((g) => g.rules.gameId)
          .join(', ')}.`,
      );
    }
    const game = await requireGame(app.config.siteUrl, gameId);
    return json(await listUserScores(app.db, userId, game.rules.gameId));
  });

export const ALL = methodNotAllowed('GET');
