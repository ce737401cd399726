import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { notFound } from '~/server/shared/errors';
import { handle, json, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

/** Developer aid, only under `astro dev` (a built server answers 404): what the server sees of this request's sign-in. */
export const GET: APIRoute = ({ locals, request }) =>
  handle(async () => {
    if (!import.meta.env.DEV) throw notFound('There is no API at /api/debug/triggerfish-auth.');
    const app = await services();
    return json({
      signedIn: !!locals.user,
      user: locals.user ? { id: locals.user.id, username: locals.user.username } : null,
      isAdmin: !!locals.user && app.config.adminUserIds.has(locals.user.id),
      hasSessionCookie: (request.headers.get('cookie') ?? '').includes('sats_session='),
      database: app.config.databaseUrl ? 'postgres' : 'sqlite',
      mail: app.config.smtpUrl ? 'smtp' : 'outbox',
    });
  });

export const ALL = methodNotAllowed('GET');
