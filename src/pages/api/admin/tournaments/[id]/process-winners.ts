import type { APIRoute } from 'astro';
import { processWinners } from '~/server/tournaments/winners';
import { requireUser } from '~/server/auth/locals';
import { handle, json, methodNotAllowed } from '~/server/routes/http';
import { tournamentRoute } from '~/server/routes/tournament-route';

export const prerender = false;

/** Create the prize awards of a past tournament, each once however often it is pressed. */
export const POST: APIRoute = (context) =>
  handle(async () => {
    const { app, id } = await tournamentRoute(context);
    return json(await processWinners(app, requireUser(context.locals), id));
  });

export const ALL = methodNotAllowed('POST');
