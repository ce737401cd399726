import { forbidden } from '../errors';

const ALLOW = {
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type',
  'access-control-max-age': '600',
  vary: 'Origin',
};

/**
 * CORS for the Game API: only the catalogue games' origins (and the arcade's own, including the
 * origin the request was addressed to) may call it from a browser. Returns the headers to add, or
 * throws 403 for a foreign origin.
 */
export function corsHeaders(request: Request, allowedOrigins: ReadonlySet<string>): Record<string, string> {
  const origin = request.headers.get('origin');
  if (!origin) return {};
  if (!allowedOrigins.has(origin) && origin !== new URL(request.url).origin) throw forbidden('This origin may not call the Game API.');
  return { 'access-control-allow-origin': origin, ...ALLOW };
}
