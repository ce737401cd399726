import type { MiddlewareHandler } from 'astro';
import { json } from '../routes/http';
import { isApiPath, type LoadServices } from './steps';

/**
 * The first step: every request starts signed out, and an on-demand request waits for the
 * arcade's services (database migrated, mailer chosen). When they cannot start, the answer is a
 * 503 (JSON under `/api`) rather than a crash on every later step.
 */
export function startServices(load: LoadServices): MiddlewareHandler {
  return async (context, next) => {
    context.locals.user = null;
    context.locals.sessionToken = null;
    context.locals.sessionRef = null;
    if (context.isPrerendered) return next();
    try {
      await load();
    } catch (error) {
      console.error('The arcade could not start its services:', error);
      return isApiPath(context.url.pathname)
        ? json({ error: 'The arcade is starting up or misconfigured. Please try again shortly.' }, 503)
        : new Response('Service unavailable', { status: 503 });
    }
    return next();
  };
}
