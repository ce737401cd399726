import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { requireUser } from '~/server/auth/locals';
import { handle, json, methodNotAllowed } from '~/server/routes/http';
import { getOwnProfile } from '~/server/profiles/profiles';

export const prerender = false;

/**
 * Who is signed in: `{ user }` (`avatarImage` is their active avatar's image), or `{ user: null }`
 * for a visitor without a (valid) session. Being signed out is this question's normal answer, not a
 * failed request, so every signed-out page view asks without an error in the browser's console;
 * every call that needs a player still answers 401.
 */
export const GET: APIRoute = ({ locals }) =>
  handle(async () => {
    if (!locals.user) return json({ user: null });
    const app = await services();
    const { user } = await getOwnProfile(app, requireUser(locals, 'Not signed in.'));
    return json({ user });
  });

export const ALL = methodNotAllowed('GET');
