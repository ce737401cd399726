import type { APIRoute } from 'astro';
import { adminUserSearchQuerySchema } from '~/lib/schemas/people';
import { services } from '~/server/app';
import { searchUsers } from '~/server/people/users';
import { handle, json, methodNotAllowed, parseWith } from '~/server/routes/http';
import { queryOf } from '~/server/routes/leaderboard-route';

export const prerender = false;

/** Find players by name, e-mail or id (`?q=`), 50 a page (`?page=`), newest accounts first. */
export const GET: APIRoute = (context) =>
  handle(async () => {
    const { q, page } = parseWith(adminUserSearchQuerySchema, queryOf(context));
    return json(await searchUsers(await services(), q, page));
  });

export const ALL = methodNotAllowed('GET');
