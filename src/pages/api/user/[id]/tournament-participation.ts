import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { notFound } from '~/server/shared/errors';
import { handle, idParam, json, methodNotAllowed } from '~/server/routes/http';
import { tournamentParticipation } from '~/server/tournaments/participation';

export const prerender = false;

/** How many tournaments a player entered and the best rank they hold in any of them. */
export const GET: APIRoute = ({ params }) =>
  handle(async () => {
    const app = await services();
    const userId = idParam(params.id);
    const user = await app.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFound('User not found');
    return json(await tournamentParticipation(app, userId));
  });

export const ALL = methodNotAllowed('GET');
