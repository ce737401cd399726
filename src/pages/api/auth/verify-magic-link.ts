import type { APIRoute } from 'astro';
import { services } from '../../../server/app';
import { INVALID_LINK_MESSAGE, verifyMagicLink } from '../../../server/auth/accounts';
import { setSessionCookie } from '../../../server/auth/cookies';
import { requesterOf, userView } from '../../../server/auth/views';
import { badRequest } from '../../../server/errors';
import { handle, json, methodNotAllowed } from '../../../server/http';

export const prerender = false;

export const GET: APIRoute = (context) =>
  handle(async () => {
    const app = await services();
    const token = context.url.searchParams.get('token');
    if (!token) throw badRequest(INVALID_LINK_MESSAGE);
    const { user, session } = await verifyMagicLink(app, token, requesterOf(context, app.config));
    setSessionCookie(context.cookies, session.token, session.expiresAt, app.config.siteUrl);
    return json({ user: userView(user, app.config) });
  });

export const ALL = methodNotAllowed('GET');
