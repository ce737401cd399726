import type { APIRoute } from 'astro';
import { services } from '../../../server/app';
import { userView } from '../../../server/auth/views';
import { handle, json, methodNotAllowed } from '../../../server/http';

export const prerender = false;

/**
 * Who is signed in: `{ user }`, or `{ user: null }` for a visitor without a (valid) session. Being
 * signed out is this question's normal answer, not a failed request, so every signed-out page view
 * asks without an error in the browser's console; every call that needs a player still answers 401.
 */
export const GET: APIRoute = ({ locals }) =>
  handle(async () => {
    if (!locals.user) return json({ user: null });
    const app = await services();
    return json({ user: userView(locals.user, app.config) });
  });

export const ALL = methodNotAllowed('GET');
