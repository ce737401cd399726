import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { requireUser } from '~/server/auth/locals';
import { handle, json, methodNotAllowed } from '~/server/routes/http';
import { getOwnProfile } from '~/server/profiles/profiles';

export const prerender = false;

export const GET: APIRoute = ({ locals }) =>
  handle(async () => {
    const app = await services();
    return json(await getOwnProfile(app, requireUser(locals)));
  });

export const ALL = methodNotAllowed('GET');
