import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { getRektAchievements } from '~/server/games/stats';
import { handle, json, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

/**
 * REKT!'s formation achievements in the shape of the REKT host's own call
 * (`{ success, achievements }`), answered from the arcade's data.
 */
export const GET: APIRoute = ({ params }) =>
  handle(async () => {
    const app = await services();
    return json({ success: true, achievements: await getRektAchievements(app.db, params.username ?? '') });
  });

export const ALL = methodNotAllowed('GET');
