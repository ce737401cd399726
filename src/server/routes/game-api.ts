import type { APIContext } from 'astro';
import { services } from '../app';
import { assertLiveSession } from '../auth/sessions';
import type { Services } from '../context';
import { errorResponse } from './http';
import { forbidden } from '../shared/errors';
import { isBanned, SUSPENDED_MESSAGE } from '../moderation/bans';
import { loadCatalogue, type CatalogueGame } from '../games/catalogue';
import { corsHeaders } from './cors';
import { bearerToken, verifyGameToken, type GameTokenClaims } from '../games/tokens';

/** What a banned player's game is told: its token no longer works, and no run of theirs is taken. */
const SUSPENDED_GAME_MESSAGE = `${SUSPENDED_MESSAGE} Its game tokens no longer work and its runs are not taken.`;

export interface GameApiContext {
  app: Services;
  games: CatalogueGame[];
  cors: Record<string, string>;
  /** The verified game token of the request (signature, expiry, and its session still live). */
  player: () => Promise<GameTokenClaims>;
}

/**
 * Run a Game API endpoint: CORS for catalogue origins (also on errors, so games can read them),
 * bearer-token checks and JSON errors.
 */
export async function gameApi(context: APIContext, run: (api: GameApiContext) => Promise<Response>): Promise<Response> {
  let cors: Record<string, string> = {};
  try {
    const app = await services();
    const catalogue = await loadCatalogue(app.config.siteUrl);
    // the catalogue's origins with the reference games' own (GAMES_ORIGIN), each exactly
    cors = corsHeaders(context.request, new Set([...catalogue.origins, app.config.gamesOrigin]));
    if (context.request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
    const response = await run({
      app,
      games: catalogue.games,
      cors,
      player: async () => {
        const claims = await verifyGameToken(
          app.config.secretKey,
          bearerToken(context.request.headers.get('authorization')),
        );
        try {
          await assertLiveSession(app.db, claims.sessionRef, claims.userId);
        } catch (error) {
          // A ban ends every session: say why rather than "sign in again" (a read on refusal only).
          if (await isBanned(app.db, claims.userId)) throw forbidden(SUSPENDED_GAME_MESSAGE);
          throw error;
        }
        return claims;
      },
    });
    for (const [name, value] of Object.entries(cors)) response.headers.set(name, value);
    return response;
  } catch (error) {
    const response = errorResponse(error);
    for (const [name, value] of Object.entries(cors)) response.headers.set(name, value);
    return response;
  }
}
