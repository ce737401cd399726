import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { clearSessionCookie } from '~/server/auth/cookies';
import { revokeSession } from '~/server/auth/sessions';
import { handle, json, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

/** Ends this browser's session; signing out twice is fine. */
export const POST: APIRoute = ({ locals, cookies }) =>
  handle(async () => {
    const app = await services();
    if (locals.sessionToken) await revokeSession(app.db, locals.sessionToken);
    clearSessionCookie(cookies, app.config.siteUrl);
    return json({ success: true });
  });

export const ALL = methodNotAllowed('POST');
