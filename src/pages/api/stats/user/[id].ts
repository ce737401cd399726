import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { getUserStats } from '~/server/games/stats';
import { handle, idParam, json, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

export const GET: APIRoute = ({ params }) =>
  handle(async () => {
    const app = await services();
    return json({ stats: await getUserStats(app.db, idParam(params.id)) });
  });

export const ALL = methodNotAllowed('GET');
