import type { MiddlewareHandler } from 'astro';
import { forbidden } from '../shared/errors';
import { errorResponse } from '../routes/http';
import { isApiPath, onDemand, type LoadServices } from './steps';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin a state-changing request came from (Origin, else Referer), or null. */
export function requestOrigin(request: Request): string | null {
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
 * Refuse (403) a state-changing `/api` request that does not come from the arcade's own origin, so
 * another site cannot act with a signed-in player's cookie. The Game API is exempt: it
 * authenticates with bearer game tokens, not cookies, and has its own CORS rules.
 *
 * The arcade's origin is SITE_URL's, never the one the request was addressed to: the Host header
 * is the client's to choose (a name of another site resolving to the arcade's address, a proxy
 * passing any Host on), so a page on that site would otherwise count as the arcade itself.
 */
export function checkOrigin(load: LoadServices): MiddlewareHandler {
  return onDemand(async ({ request, url }, next) => {
    if (!isApiPath(url.pathname) || url.pathname.startsWith('/api/games/') || SAFE_METHODS.has(request.method))
      return next();
    const { config } = await load();
    const origin = requestOrigin(request);
    if (origin !== config.siteUrl) return errorResponse(forbidden('Cross-origin requests are not allowed.'));
    return next();
  });
}
