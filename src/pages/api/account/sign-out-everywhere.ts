import type { APIRoute } from 'astro';
import { services } from '../../../server/app';
import { clearSessionCookie } from '../../../server/auth/cookies';
import { revokeAllSessions } from '../../../server/auth/sessions';
import { unauthorized } from '../../../server/errors';
import { handle, json, methodNotAllowed } from '../../../server/http';

export const prerender = false;

/** Ends every session of the signed-in player, this one included. */
export const POST: APIRoute = ({ locals, cookies }) =>
  handle(async () => {
    const app = await services();
    if (!locals.user) throw unauthorized();
    const revoked = await revokeAllSessions(app.db, locals.user.id);
    clearSessionCookie(cookies, app.config.siteUrl);
    return json({ success: true, revoked });
  });

export const ALL = methodNotAllowed('POST');
