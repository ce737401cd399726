import type { APIRoute } from 'astro';
import { submitRunRequestSchema } from '../../../../lib/schemas/games';
import { gameApi } from '../../../../server/games/api';
import { requireGame } from '../../../../server/games/catalogue';
import { submitRun } from '../../../../server/games/runs';
import { json, methodNotAllowed, readJson } from '../../../../server/http';

export const prerender = false;

/** The Game API: a game reports a finished run (see README, "Game API"). */
export const POST: APIRoute = (context) =>
  gameApi(context, async ({ app, player }) => {
    const game = await requireGame(app.config.siteUrl, context.params.gameId);
    const claims = await player();
    const input = await readJson(context.request, submitRunRequestSchema);
    const result = await submitRun(app, game.rules, claims.userId, input, Date.now(), app.config.runsPerMinute);
    return json({ run: result.run, best: result.best }, result.created ? 201 : 200);
  });

export const OPTIONS: APIRoute = (context) => gameApi(context, async () => new Response(null, { status: 204 }));

export const ALL = methodNotAllowed('POST');
