import type { APIRoute } from 'astro';
import { getAchievements } from '~/server/achievements/achievements';
import { services } from '~/server/app';
import { requireUser } from '~/server/auth/locals';
import { handle, json, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

export const GET: APIRoute = ({ locals }) =>
  handle(async () => {
    const app = await services();
    return json(await getAchievements(app, requireUser(locals, 'Please log in to view your achievements.').id));
  });

export const ALL = methodNotAllowed('GET');
