import type { MiddlewareHandler } from 'astro';
import { onDemand } from './steps';

/**
 * The last step: security headers on every on-demand answer. An answer that chose its own
 * `X-Frame-Options` keeps it (the reference games must stay frameable by the arcade).
 */
export const securityHeaders: MiddlewareHandler = onDemand(async (_context, next) => {
  const response = await next();
  response.headers.set('x-content-type-options', 'nosniff');
  response.headers.set('referrer-policy', 'strict-origin-when-cross-origin');
  if (!response.headers.has('x-frame-options')) response.headers.set('x-frame-options', 'DENY');
  return response;
});
