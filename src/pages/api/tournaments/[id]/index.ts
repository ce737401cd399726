import type { APIRoute } from 'astro';
import { handle, json, methodNotAllowed } from '~/server/routes/http';
import { tournamentRoute } from '~/server/routes/tournament-route';
import { tournamentDetail } from '~/server/tournaments/tournaments';

export const prerender = false;

/** One tournament with its prize awards. */
export const GET: APIRoute = (context) =>
  handle(async () => {
    const { app, id } = await tournamentRoute(context);
    return json(await tournamentDetail(app, id));
  });

export const ALL = methodNotAllowed('GET');
