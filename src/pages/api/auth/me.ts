import type { APIRoute } from 'astro';
import { services } from '../../../server/app';
import { requireUser } from '../../../server/auth/locals';
import { handle, json, methodNotAllowed } from '../../../server/http';
import { getOwnProfile } from '../../../server/profiles/profiles';

export const prerender = false;

/** The signed-in player; `avatarImage` is their active avatar's image. */
export const GET: APIRoute = ({ locals }) =>
  handle(async () => {
    const app = await services();
    const { user } = await getOwnProfile(app, requireUser(locals, 'Not signed in.'));
    return json({ user });
  });

export const ALL = methodNotAllowed('GET');
