import type { APIRoute } from 'astro';
import { requireUser } from '~/server/auth/locals';
import { handle, json, methodNotAllowed } from '~/server/routes/http';
import { tournamentRoute } from '~/server/routes/tournament-route';
import { endTournamentNow } from '~/server/tournaments/manage';

export const prerender = false;

/** End an active tournament now (409 for one not started or already ended). */
export const POST: APIRoute = (context) =>
  handle(async () => {
    const { app, id } = await tournamentRoute(context);
    // The audit record is written in the change's own transaction.
    const tournament = await endTournamentNow(app, id, Date.now, requireUser(context.locals));
    return json({ message: `Tournament "${tournament.name}" ended: its winners can now be processed.`, tournament });
  });

export const ALL = methodNotAllowed('POST');
