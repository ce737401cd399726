import type { APIRoute } from 'astro';
import { tournamentFormSchema } from '~/lib/schemas/tournament-input';
import { services } from '~/server/app';
import { requireUser } from '~/server/auth/locals';
import { handle, json, methodNotAllowed, readJson } from '~/server/routes/http';
import { TOURNAMENT_FORM_MAX_BYTES } from '~/server/routes/tournament-route';
import { adminListTournaments, createTournament } from '~/server/tournaments/manage';

export const prerender = false;

// Administrators only: the middleware (middleware/admin.ts) answers 401 and 403 before these run.

/** Every tournament, with status, participantCount and what the form edits. */
export const GET: APIRoute = () =>
  handle(async () => {
    const app = await services();
    return json({ tournaments: await adminListTournaments(app) });
  });

/** Create a tournament from the form's payload. */
export const POST: APIRoute = ({ locals, request }) =>
  handle(async () => {
    const app = await services();
    const form = await readJson(request, tournamentFormSchema, TOURNAMENT_FORM_MAX_BYTES);
    // The audit record is written in the change's own transaction.
    const tournament = await createTournament(app, form, Date.now(), requireUser(locals));
    return json({ message: `Tournament "${tournament.name}" created.`, tournament }, 201);
  });

export const ALL = methodNotAllowed('GET', 'POST');
