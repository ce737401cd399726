import type { APIRoute } from 'astro';
import { requireGame } from '~/server/games/catalogue';
import { gameApi } from '~/server/routes/game-api';
import { json, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

/**
 * Lets a game's own server check a game token: who it belongs to, the game it was issued for and
 * until when. `?gameId=` names the asking game: a token of any other is refused (403), as it is
 * from another game's browser origin.
 */
export const GET: APIRoute = (context) =>
  gameApi(context, async ({ app, player }) => {
    const gameId = context.url.searchParams.get('gameId');
    if (gameId !== null) await requireGame(app.config.siteUrl, gameId);
    const claims = await player();
    return json({
      userId: claims.userId,
      username: claims.username,
      gameId: claims.gameId,
      expiresAt: new Date(claims.expiresAt).toISOString(),
    });
  });

export const OPTIONS: APIRoute = (context) => gameApi(context, async () => new Response(null, { status: 204 }));

export const ALL = methodNotAllowed('GET');
