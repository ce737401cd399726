import { forbidden } from '../shared/errors';

const ALLOW = {
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type, X-Arcade-Signature',
  'access-control-max-age': '600',
  vary: 'Origin',
};

/**
 * CORS for the Game API: only the catalogue games' origins, the reference games' (GAMES_ORIGIN) and
 * the arcade's own (SITE_URL's) may call it from a browser, each named exactly, never `*`, and never
 * with credentials (no `Access-Control-Allow-Credentials`: a game authenticates with its bearer game
 * token, and a response to a request that carried the player's cookie stays unreadable to it); the origin a request was addressed to (its Host header) counts for
 * nothing, the client chooses it. Returns the headers to add, or throws 403 for a foreign origin.
 */
export function corsHeaders(request: Request, allowedOrigins: ReadonlySet<string>): Record<string, string> {
  const origin = request.headers.get('origin');
  if (!origin) return {};
  if (!allowedOrigins.has(origin)) throw forbidden('This origin may not call the Game API.');
  return { 'access-control-allow-origin': origin, ...ALLOW };
}
