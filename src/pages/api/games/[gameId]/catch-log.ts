import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { requireUser } from '~/server/auth/locals';
import { catchLog } from '~/server/games/catch-log';
import { requireGame } from '~/server/games/catalogue';
import { notFound } from '~/server/shared/errors';
import { handle, json, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

/** The signed-in player's own catch log in a fishing game (notes/games.md): from their verified runs. */
export const GET: APIRoute = ({ locals, params }) =>
  handle(async () => {
    const app = await services();
    const game = await requireGame(app.config.siteUrl, params.gameId);
    if (!game.rules.hasFish) throw notFound(`${game.name} has no fish: it keeps no catch log.`);
    const user = requireUser(locals, 'Please sign in to see your catch log.');
    return json(await catchLog(app.db, user.id, game.rules.gameId));
  });

export const ALL = methodNotAllowed('GET');
