import type { MiddlewareHandler } from 'astro';
import { clearSessionCookie, cookieName, SESSION_COOKIE, sessionToken, setSessionCookie } from '../auth/cookies';
import { findSession } from '../auth/sessions';
import { errorResponse } from '../routes/http';
import { onDemand, type LoadServices } from './steps';

/**
 * Find the signed-in player behind the session cookie and put them (and the token, for sign-out)
 * in `locals`. A renewed session sends its cookie again; an unknown or expired one clears it.
 */
export function findSignedInUser(load: LoadServices): MiddlewareHandler {
  return onDemand(async ({ cookies, locals }, next) => {
    // No session cookie of either name: nothing to look up, and no services to load for it.
    if (!cookies.has(SESSION_COOKIE) && !cookies.has(cookieName(SESSION_COOKIE, 'https:'))) return next();
    const { db, config } = await load();
    // only the name this arcade gives its cookie (`__Host-` on https): a look-alike set by another host counts for nothing
    const token = sessionToken(cookies, config.siteUrl);
    if (!token) return next();
    try {
      const session = await findSession(db, token);
      if (session) {
        locals.user = session.user;
        locals.sessionToken = token;
        locals.sessionRef = session.ref;
        if (session.renewed) setSessionCookie(cookies, token, session.expiresAt, config.siteUrl);
      } else {
        clearSessionCookie(cookies, config.siteUrl);
      }
    } catch (error) {
      return errorResponse(error);
    }
    return next();
  });
}
