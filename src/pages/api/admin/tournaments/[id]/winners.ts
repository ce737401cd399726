import type { APIRoute } from 'astro';
import { listWinners } from '~/server/tournaments/winners';
import { handle, json, methodNotAllowed } from '~/server/routes/http';
import { tournamentRoute } from '~/server/routes/tournament-route';

export const prerender = false;

/** The winners with their prizes, the avatar rewards' progress and the tournament's audit log. */
export const GET: APIRoute = (context) =>
  handle(async () => {
    const { app, id } = await tournamentRoute(context);
    return json(await listWinners(app, id));
  });

export const ALL = methodNotAllowed('GET');
