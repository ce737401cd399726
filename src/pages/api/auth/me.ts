import type { APIRoute } from 'astro';
import { services } from '../../../server/app';
import { requireUser } from '../../../server/auth/locals';
import { userView } from '../../../server/auth/views';
import { handle, json, methodNotAllowed } from '../../../server/http';

export const prerender = false;

export const GET: APIRoute = ({ locals }) =>
  handle(async () => {
    const app = await services();
    return json({ user: userView(requireUser(locals, 'Not signed in.'), app.config) });
  });

export const ALL = methodNotAllowed('GET');
