import type { APIRoute } from 'astro';
import { tournamentListQuerySchema } from '~/lib/schemas/tournament';
import { services } from '~/server/app';
import { handle, json, methodNotAllowed, parseWith } from '~/server/routes/http';
import { queryOf } from '~/server/routes/leaderboard-route';
import { listTournaments } from '~/server/tournaments/tournaments';

export const prerender = false;

/** Tournaments of one status (`?status=upcoming|active|past`), or all of them. */
export const GET: APIRoute = (context) =>
  handle(async () => {
    const app = await services();
    const { status } = parseWith(tournamentListQuerySchema, queryOf(context));
    return json({ tournaments: await listTournaments(app, status) });
  });

export const ALL = methodNotAllowed('GET');
