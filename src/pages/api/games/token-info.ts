import type { APIRoute } from 'astro';
import { gameApi } from '~/server/routes/game-api';
import { json, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

/** Lets a game's own server check a game token: who it belongs to and until when. */
export const GET: APIRoute = (context) =>
  gameApi(context, async ({ player }) => {
    const claims = await player();
    return json({
      userId: claims.userId,
      username: claims.username,
      expiresAt: new Date(claims.expiresAt).toISOString(),
    });
  });

export const OPTIONS: APIRoute = (context) => gameApi(context, async () => new Response(null, { status: 204 }));

export const ALL = methodNotAllowed('GET');
