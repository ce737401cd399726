import type { APIRoute } from 'astro';
import { quizAnswerRequestSchema } from '~/lib/schemas/games';
import { gameApi } from '~/server/routes/game-api';
import { requireGame } from '~/server/games/catalogue';
import { answerQuestion } from '~/server/games/fair-play';
import { json, methodNotAllowed, readJson } from '~/server/routes/http';

export const prerender = false;

/** Mr Quiz: the answer to one question of a run, scored by the server (README, "Fair play"). */
export const POST: APIRoute = (context) =>
  gameApi(context, async ({ app, player }) => {
    const game = await requireGame(app.config.siteUrl, context.params.gameId);
    const claims = await player();
    const answer = await readJson(context.request, quizAnswerRequestSchema);
    return json(await answerQuestion(app.db, game, claims.userId, context.params.runId ?? '', answer));
  });

export const OPTIONS: APIRoute = (context) => gameApi(context, async () => new Response(null, { status: 204 }));

export const ALL = methodNotAllowed('POST');
