import type { APIRoute } from 'astro';
import { verifyCodeRequestSchema } from '~/lib/schemas/auth';
import { services } from '~/server/app';
import { verifyLoginCode } from '~/server/auth/accounts';
import { setSessionCookie } from '~/server/auth/cookies';
import { requesterOf } from '~/server/auth/views';
import { getOwnProfile } from '~/server/profiles/profiles';
import { handle, json, methodNotAllowed, readJson } from '~/server/routes/http';

export const prerender = false;

export const POST: APIRoute = (context) =>
  handle(async () => {
    const app = await services();
    const input = await readJson(context.request, verifyCodeRequestSchema);
    const { user, session } = await verifyLoginCode(app, input, requesterOf(context, app.config));
    setSessionCookie(context.cookies, session.token, session.expiresAt, app.config.siteUrl);
    // With the active avatar's image, as `GET /api/auth/me` gives it.
    return json({ user: (await getOwnProfile(app, user)).user });
  });

export const ALL = methodNotAllowed('POST');
