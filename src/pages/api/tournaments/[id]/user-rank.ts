import type { APIRoute } from 'astro';
import { requireUser } from '~/server/auth/locals';
import { handle, json, methodNotAllowed } from '~/server/routes/http';
import { tournamentRoute } from '~/server/routes/tournament-route';
import { tournamentRank } from '~/server/tournaments/board';

export const prerender = false;

/** The signed-in player's place on a tournament's board. */
export const GET: APIRoute = (context) =>
  handle(async () => {
    const { app, id } = await tournamentRoute(context);
    const user = requireUser(context.locals, 'Sign in to see your rank.');
    return json(await tournamentRank(app, id, user.id));
  });

export const ALL = methodNotAllowed('GET');
