import type { APIRoute } from 'astro';
import { tournamentFormSchema } from '~/lib/schemas/tournament-input';
import { requireUser } from '~/server/auth/locals';
import { handle, json, methodNotAllowed, readJson } from '~/server/routes/http';
import { badRequest } from '~/server/shared/errors';
import { TOURNAMENT_FORM_MAX_BYTES, tournamentRoute } from '~/server/routes/tournament-route';
import { adminFindTournament, deleteTournament, updateTournament } from '~/server/tournaments/manage';

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

/**
 * Delete a tournament with its entries, rewards and prize awards; `?following=1` (a tournament of a
 * series) also deletes the later ones of its series and stops it.
 */
export const DELETE: APIRoute = (context) =>
  handle(async () => {
    const { app, id } = await tournamentRoute(context);
    const following = context.url.searchParams.get('following');
    if (following !== null && following !== '1' && following !== '0')
      throw badRequest('following must be 1 (this and the following of its series) or 0 (this one).');
    const { name, deleted } = await deleteTournament(
      app,
      id,
      Date.now(),
      requireUser(context.locals),
      following === '1',
    );
    return json({
      message:
        deleted > 1
          ? `Tournament "${name}" and the ${deleted - 1} following deleted; the series stops.`
          : following === '1'
            ? `Tournament "${name}" deleted; the series stops.`
            : `Tournament "${name}" deleted.`,
    });
  });

export const ALL = methodNotAllowed('GET', 'PUT', 'DELETE');
