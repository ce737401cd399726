import type { APIRoute } from 'astro';
import { tournamentBoardQuerySchema } from '~/lib/schemas/tournament';
import { handle, json, methodNotAllowed, parseWith } from '~/server/routes/http';
import { queryOf } from '~/server/routes/leaderboard-route';
import { tournamentRoute } from '~/server/routes/tournament-route';
import { tournamentBoardPage } from '~/server/tournaments/board';

export const prerender = false;

/** One page of a tournament's board. */
export const GET: APIRoute = (context) =>
  handle(async () => {
    const { app, id } = await tournamentRoute(context);
    const { page, limit } = parseWith(tournamentBoardQuerySchema, queryOf(context));
    return json(await tournamentBoardPage(app, id, page, limit));
  });

export const ALL = methodNotAllowed('GET');
