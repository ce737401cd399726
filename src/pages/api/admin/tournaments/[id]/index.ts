import type { APIRoute } from 'astro';
import { tournamentFormSchema } from '~/lib/schemas/tournament-input';
import { requireUser } from '~/server/auth/locals';
import { handle, json, methodNotAllowed, readJson } from '~/server/routes/http';
import { TOURNAMENT_FORM_MAX_BYTES, tournamentRoute } from '~/server/routes/tournament-route';
import { adminFindTournament, deleteTournament, updateTournament } from '~/server/tournaments/tournaments';

export const prerender = false;

// Administrators only: the middleware (middleware/admin.ts) answers 401 and 403 before these run.

export const GET: APIRoute = (context) =>
  handle(async () => {
    const { app, id } = await tournamentRoute(context);
    return json({ tournament: await adminFindTournament(app, id) });
  });

/** Replace a tournament's fields with the form's payload. */
export const PUT: APIRoute = (context) =>
  handle(async () => {
    const { app, id } = await tournamentRoute(context);
    const form = await readJson(context.request, tournamentFormSchema, TOURNAMENT_FORM_MAX_BYTES);
    // The audit record is written in the change's own transaction.
    const tournament = await updateTournament(app, id, form, Date.now(), requireUser(context.locals));
    return json({ message: `Tournament "${tournament.name}" updated.`, tournament });
  });

/** Delete a tournament with its entries, rewards and prize awards. */
export const DELETE: APIRoute = (context) =>
  handle(async () => {
    const { app, id } = await tournamentRoute(context);
    const { name } = await deleteTournament(app, id, Date.now(), requireUser(context.locals));
    return json({ message: `Tournament "${name}" deleted.` });
  });

export const ALL = methodNotAllowed('GET', 'PUT', 'DELETE');
