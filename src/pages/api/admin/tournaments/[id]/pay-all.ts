import type { APIRoute } from 'astro';
import { requireUser } from '~/server/auth/locals';
import { handle, json, methodNotAllowed } from '~/server/routes/http';
import { tournamentRoute } from '~/server/routes/tournament-route';
import { payAll } from '~/server/tournaments/payouts/pay-all';

export const prerender = false;

/** Pay every payable bitcoin prize of the tournament over Lightning, one after the other. */
export const POST: APIRoute = (context) =>
  handle(async () => {
    const { app, id } = await tournamentRoute(context);
    return json(await payAll(app, requireUser(context.locals), id));
  });

export const ALL = methodNotAllowed('POST');
