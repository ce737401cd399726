import type { MiddlewareHandler } from 'astro';
import { SECURITY_HEADERS } from '../static/headers';
import { onDemand } from './steps';

/**
 * The last step: the security headers the static files carry (`SECURITY_HEADERS`) on every
 * on-demand answer too. An answer that chose its own `X-Frame-Options` keeps it (the reference
 * games must stay frameable by the arcade).
 */
export const securityHeaders: MiddlewareHandler = onDemand(async (_context, next) => {
  const response = await next();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (name === 'x-frame-options' && response.headers.has(name)) continue;
    response.headers.set(name, value);
  }
  return response;
});
