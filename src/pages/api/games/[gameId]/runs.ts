import type { APIRoute } from 'astro';
import { submitRunRequestSchema } from '../../../../lib/schemas/games';
import { gameApi } from '../../../../server/routes/game-api';
import { requireGame } from '../../../../server/games/catalogue';
import { checkRun, MAX_RUN_BODY_BYTES } from '../../../../server/games/fair-play';
import { checkSignature } from '../../../../server/games/signature';
import { submitRun } from '../../../../server/games/runs';
import { badRequest, forbidden } from '../../../../server/shared/errors';
import { json, methodNotAllowed, readJsonBody } from '../../../../server/routes/http';
import { pageCache } from '../../../../server/middleware/page-cache';

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
    const signed = checkSignature(app.config.gameSecrets, game.rules.gameId, context.request.headers.get('x-arcade-signature'), raw);
    if (input.userId !== undefined && input.userId !== claims.userId) throw forbidden(`This run is for player ${input.userId}, not for the player of this game token.`);
    if (signed && input.userId === undefined) throw badRequest('A signed run names its player: put "userId" (from GET /api/games/token-info) in the body you sign.');
    const { inputs: _log, userId: _player, ...reported } = input;
    const run = signed ? { ...reported, verified: true } : await checkRun(app.db, game, claims.userId, input, raw);
    const result = await submitRun(app, game.rules, claims.userId, run, Date.now(), app.config.runsPerMinute);
    // The player's profile (its plays, best and ranks) changed: the next visitor gets a fresh one.
    if (result.created) pageCache.forgetUser(claims.userId);
    return json({ run: result.run, best: result.best }, result.created ? 201 : 200);
  });

export const OPTIONS: APIRoute = (context) => gameApi(context, async () => new Response(null, { status: 204 }));

export const ALL = methodNotAllowed('POST');
