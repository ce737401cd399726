import { defineMiddleware } from 'astro:middleware';
import { services } from './server/app';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from './server/auth/cookies';
import { findSession } from './server/auth/sessions';
import { errorResponse, json } from './server/http';
import { forbidden, unauthorized } from './server/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin a state-changing request came from (Origin, else Referer), or null. */
function requestOrigin(request: Request): string | null {
  const origin = request.headers.get('origin');
  if (origin && origin !== 'null') return origin;
  const referer = request.headers.get('referer');
  try {
    return referer ? new URL(referer).origin : null;
  } catch {
    return null;
  }
}

/**
 * Runs for every on-demand request (prerendered pages are plain files): finds the signed-in user,
 * refuses cross-origin writes to the API, guards the admin area and adds security headers.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const { request, url, cookies, locals } = context;
  locals.user = null;
  locals.sessionToken = null;
  if (context.isPrerendered) return next();

  const isApi = url.pathname.startsWith('/api/');
  let app;
  try {
    app = await services();
  } catch (error) {
    console.error('The arcade could not start its services:', error);
    return isApi ? json({ error: 'The arcade is starting up or misconfigured. Please try again shortly.' }, 503) : new Response('Service unavailable', { status: 503 });
  }

  // The Game API authenticates with bearer game tokens, not cookies, and has its own CORS rules.
  const isGameApi = url.pathname.startsWith('/api/games/');
  if (isApi && !isGameApi && !SAFE_METHODS.has(request.method)) {
    const origin = requestOrigin(request);
    const allowed = new Set([url.origin, app.config.siteUrl]);
    if (!origin || !allowed.has(origin)) return errorResponse(forbidden('Cross-origin requests are not allowed.'));
  }

  const token = cookies.get(SESSION_COOKIE)?.value;
  if (token) {
    try {
      const session = await findSession(app.db, token);
      if (session) {
        locals.user = session.user;
        locals.sessionToken = token;
        if (session.renewed) setSessionCookie(cookies, token, session.expiresAt, app.config.siteUrl);
      } else {
        clearSessionCookie(cookies, app.config.siteUrl);
      }
    } catch (error) {
      return errorResponse(error);
    }
  }

  const isAdmin = !!locals.user && app.config.adminUserIds.has(locals.user.id);
  if (url.pathname.startsWith('/api/admin/') || url.pathname === '/api/admin') {
    if (!locals.user) return errorResponse(unauthorized());
    if (!isAdmin) return errorResponse(forbidden('Only administrators can do that.'));
  } else if ((url.pathname === '/admin' || url.pathname.startsWith('/admin/')) && !isAdmin) {
    return context.redirect('/', 302);
  }

  const response = await next();
  response.headers.set('x-content-type-options', 'nosniff');
  response.headers.set('referrer-policy', 'strict-origin-when-cross-origin');
  if (!response.headers.has('x-frame-options')) response.headers.set('x-frame-options', 'DENY');
  return response;
});
