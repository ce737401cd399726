import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { requireUser } from '~/server/auth/locals';
import { getAvatarCollection } from '~/server/avatars/collection';
import { handle, json, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

export const GET: APIRoute = ({ locals }) =>
  handle(async () => {
    const app = await services();
    return json(await getAvatarCollection(app.db, requireUser(locals)));
  });

export const ALL = methodNotAllowed('GET');
