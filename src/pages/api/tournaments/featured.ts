import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { handle, json, methodNotAllowed } from '~/server/routes/http';
import { featuredTournament } from '~/server/tournaments/tournaments';

export const prerender = false;

/** The active tournament, else the next upcoming one, else null. */
export const GET: APIRoute = () =>
  handle(async () => {
    const app = await services();
    return json(await featuredTournament(app));
  });

export const ALL = methodNotAllowed('GET');
