import type { APIRoute } from 'astro';
import { payAutomatically } from '~/server/tournaments/payouts/pay-all';
import { processWinners } from '~/server/tournaments/winners';
import { requireUser } from '~/server/auth/locals';
import { handle, json, methodNotAllowed } from '~/server/routes/http';
import { tournamentRoute } from '~/server/routes/tournament-route';

export const prerender = false;

/** Create the prize awards of a past tournament, each once however often it is pressed. */
export const POST: APIRoute = (context) =>
  handle(async () => {
    const { app, id } = await tournamentRoute(context);
    const processed = await processWinners(app, requireUser(context.locals), id);
    // PAYOUT_AUTOMATIC: the bitcoin prizes are paid now, without a click (the sweep catches up on any left).
    payAutomatically(app, id).catch((error: unknown) => console.error('[arcade] automatic payment failed:', error));
    return json(processed);
  });

export const ALL = methodNotAllowed('POST');
