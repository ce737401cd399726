import type { APIRoute } from 'astro';
import { gameApi } from '~/server/routes/game-api';
import { requireGame } from '~/server/games/catalogue';
import { startRun } from '~/server/games/fair-play';
import { json, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

/** A run ticket: `{ runId, seed, startedAt }` (Mr Quiz: and the run's questions). README, "Fair play". */
export const POST: APIRoute = (context) =>
  gameApi(context, async ({ app, player }) => {
    const game = await requireGame(app.config.siteUrl, context.params.gameId);
    const claims = await player();
    return json(await startRun(app.db, game, claims.userId), 201);
  });

export const OPTIONS: APIRoute = (context) => gameApi(context, async () => new Response(null, { status: 204 }));

export const ALL = methodNotAllowed('POST');
