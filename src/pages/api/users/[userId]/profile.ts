import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { notFound } from '~/server/shared/errors';
import { handle, idParam, json, methodNotAllowed } from '~/server/routes/http';
import { findPublicProfile } from '~/server/profiles/profiles';

export const prerender = false;

export const GET: APIRoute = ({ params, locals }) =>
  handle(async () => {
    const app = await services();
    const profile = await findPublicProfile(app, idParam(params.userId), locals.user ?? null);
    if (!profile) throw notFound('User not found');
    return json(profile);
  });

export const ALL = methodNotAllowed('GET');
