import type { APIRoute } from 'astro';
import { services } from '../../../server/app';
import { userView } from '../../../server/auth/views';
import { unauthorized } from '../../../server/errors';
import { handle, json, methodNotAllowed } from '../../../server/http';

export const prerender = false;

export const GET: APIRoute = ({ locals }) =>
  handle(async () => {
    const app = await services();
    if (!locals.user) throw unauthorized('Not signed in.');
    return json({ user: userView(locals.user, app.config) });
  });

export const ALL = methodNotAllowed('GET');
