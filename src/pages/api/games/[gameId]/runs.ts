import type { APIRoute } from 'astro';
import { submitRunRequestSchema } from '~/lib/schemas/games';
import { requireGame } from '~/server/games/catalogue';
import { MAX_RUN_BODY_BYTES } from '~/server/games/fair-play';
import { submitReportedRun } from '~/server/games/submission';
import { pageCache } from '~/server/middleware/page-cache';
import { gameApi } from '~/server/routes/game-api';
import { json, methodNotAllowed, readJsonBody } from '~/server/routes/http';

export const prerender = false;

/**
 * The Game API: a game reports a finished run (see README, "Game API" and "Fair play"). A run of a
 * `replay` game is stored as the server's replay of it; a game's own server may instead sign the
 * body with the game's secret (`X-Arcade-Signature`), and is then trusted like a replay.
 */
export const POST: APIRoute = (context) =>
  gameApi(context, async ({ app, player }) => {
    const game = await requireGame(app.config.siteUrl, context.params.gameId);
    const claims = await player();
    const { raw, value: input } = await readJsonBody(context.request, submitRunRequestSchema, MAX_RUN_BODY_BYTES);
    const result = await submitReportedRun(app, game, claims.userId, {
      input,
      raw,
      signature: context.request.headers.get('x-arcade-signature'),
    });
    // The player's profile (its plays, best and ranks) changed: the next visitor gets a fresh one.
    if (result.created) pageCache.forgetUser(claims.userId);
    return json({ run: result.run, best: result.best }, result.created ? 201 : 200);
  });

export const OPTIONS: APIRoute = (context) => gameApi(context, async () => new Response(null, { status: 204 }));

export const ALL = methodNotAllowed('POST');
