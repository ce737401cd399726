import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { clearSessionCookie } from '~/server/auth/cookies';
import { requireUser } from '~/server/auth/locals';
import { revokeAllSessions } from '~/server/auth/sessions';
import { handle, json, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

/** Ends every session of the signed-in player, this one included. */
export const POST: APIRoute = ({ locals, cookies }) =>
  handle(async () => {
    const app = await services();
    const user = requireUser(locals);
    const revoked = await revokeAllSessions(app.db, user.id);
    clearSessionCookie(cookies, app.config.siteUrl);
    return json({ success: true, revoked });
  });

export const ALL = methodNotAllowed('POST');
