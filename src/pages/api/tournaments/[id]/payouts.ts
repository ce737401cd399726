import type { APIRoute } from 'astro';
import { handle, json, methodNotAllowed } from '~/server/routes/http';
import { tournamentRoute } from '~/server/routes/tournament-route';
import { payoutProof } from '~/server/tournaments/payouts/proof';

export const prerender = false;

/** The public proof of a tournament's bitcoin prizes: per prize paid over Lightning its payment hash and preimage. */
export const GET: APIRoute = (context) =>
  handle(async () => {
    const { app, id } = await tournamentRoute(context);
    return json(await payoutProof(app, id, context.locals.user ?? null));
  });

export const ALL = methodNotAllowed('GET');
