import type { MiddlewareHandler } from 'astro';
import { cspWithGamesOrigin, resourcePolicyFor, securityHeadersFor, type SecuritySettings } from '../static/headers';
import { onDemand } from './steps';

/**
 * The security headers the static files carry (`securityHeadersFor`) on every on-demand answer
 * too, whichever step gave it (a refusal, a kept page, a rendered one): an early step in the
 * sequence. An answer that chose its own `X-Frame-Options` keeps it (the reference games must stay
 * frameable by the arcade); a page's CSP names the running games' origin; pictures may be shown by other sites (`resourcePolicyFor`); a page
 * names its charset, as the static ones do.
 */
export function securityHeaders(settings: () => SecuritySettings): MiddlewareHandler {
  let headers: Readonly<Record<string, string>> | null = null;
  return onDemand(async (_context, next) => {
    const response = await next();
    headers ??= securityHeadersFor(settings());
    // A page rendered per request carries the CSP of the build's settings: its frame-src names the
    // running games' origin instead (GAMES_ORIGIN is read at run time), as the prerendered pages' do.
    const games = settings().gamesOrigin;
    const csp = response.headers.get('content-security-policy');
    if (csp && games)
      response.headers.set('content-security-policy', cspWithGamesOrigin(csp, games.built, games.running));
    for (const [name, value] of Object.entries(headers)) {
      if (name === 'x-frame-options' && response.headers.has(name)) continue;
      response.headers.set(name, value);
    }
    const type = response.headers.get('content-type');
    response.headers.set('cross-origin-resource-policy', resourcePolicyFor(type));
    if (type && /^text\/html\s*(;|$)/i.test(type) && !/charset=/i.test(type))
      response.headers.set('content-type', 'text/html; charset=utf-8');
    return response;
  });
}

/**
 * What every on-demand answer that names no caching of its own says: `private, no-store`. They are
 * rendered per request, and most depend on who asks (the admin pages, a winner's payouts with their
 * invoices, a profile's owner with the avatar picker, the redirects that send visitors away), so no
 * shared cache (a proxy, a CDN) may keep one and hand it to someone else. Answers that may be kept
 * say so themselves (the API's `no-store`, the images' `public, max-age`).
 */
export const privateByDefault: MiddlewareHandler = onDemand(async (_context, next) => {
  const response = await next();
  if (!response.headers.has('cache-control')) response.headers.set('cache-control', 'private, no-store');
  return response;
});
