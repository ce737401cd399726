import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { handle, json, methodNotAllowed } from '~/server/routes/http';
import { rankedCountries } from '~/server/leaderboards/boards';

export const prerender = false;

/** Countries that have ranked players, for the leaderboard's country scope. */
export const GET: APIRoute = () =>
  handle(async () => {
    const app = await services();
    return json({ countries: await rankedCountries(app.rankings) });
  });

export const ALL = methodNotAllowed('GET');
