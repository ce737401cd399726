import { forbidden } from '../shared/errors';

const ALLOW = {
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type',
  'access-control-max-age': '600',
  vary: 'Origin',
};

/**
 * CORS for the Game API: only the catalogue games' origins and the arcade's own (SITE_URL's) may
 * call it from a browser; the origin a request was addressed to (its Host header) counts for
 * nothing, the client chooses it. Returns the headers to add, or throws 403 for a foreign origin.
 */
export function corsHeaders(request: Request, allowedOrigins: ReadonlySet<string>): Record<string, string> {
  const origin = request.headers.get('origin');
  if (!origin) return {};
  if (!allowedOrigins.has(origin)) throw forbidden('This origin may not call the Game API.');
  return { 'access-control-allow-origin': origin, ...ALLOW };
}
