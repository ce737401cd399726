import type { APIRoute } from 'astro';
import { verifyCodeRequestSchema } from '../../../lib/schemas/auth';
import { services } from '../../../server/app';
import { verifyLoginCode } from '../../../server/auth/accounts';
import { setSessionCookie } from '../../../server/auth/cookies';
import { requesterOf, userView } from '../../../server/auth/views';
import { handle, json, methodNotAllowed, readJson } from '../../../server/http';

export const prerender = false;

export const POST: APIRoute = (context) =>
  handle(async () => {
    const app = await services();
    const input = await readJson(context.request, verifyCodeRequestSchema);
    const { user, session } = await verifyLoginCode(app, input, requesterOf(context, app.config));
    setSessionCookie(context.cookies, session.token, session.expiresAt, app.config.siteUrl);
    return json({ user: userView(user, app.config) });
  });

export const ALL = methodNotAllowed('POST');
