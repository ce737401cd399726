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
  /**
   * The verified game token of the request (signature, expiry, its session still live), issued for
   * the game the request names (its path's `gameId`, or token-info's `?gameId=`) or, naming none,
   * for a game whose origin the browser request comes from: a 403 otherwise.
   */
  player: () => Promise<GameTokenClaims>;
}

/**
 * The browser origins that may call the Game API for `game`: the arcade's own and the game's, the
 * games' origin (GAMES_ORIGIN) for a reference game (a site-relative `url`, served there).
 */
function originsOf(game: CatalogueGame, siteUrl: string, gamesOrigin: string): Set<string> {
  return new Set([siteUrl, game.origin === siteUrl ? gamesOrigin : game.origin]);
}

/**
 * Run a Game API endpoint: CORS for the origin of the game the request names alone (every
 * catalogue game's for a request naming none, or a game the arcade does not have, so its 404 can be
 * read), also on errors, so games can read them; bearer-token checks, the token's game; JSON errors.
 */
export async function gameApi(context: APIContext, run: (api: GameApiContext) => Promise<Response>): Promise<Response> {
  let cors: Record<string, string> = {};
  try {
    const app = await services();
    const { siteUrl, gamesOrigin } = app.config;
    const catalogue = await loadCatalogue(siteUrl);
    const gameId = context.params.gameId ?? context.url.searchParams.get('gameId') ?? undefined;
    const game = gameId === undefined ? undefined : catalogue.byId.get(gameId);
    cors = corsHeaders(
      context.request,
      game ? originsOf(game, siteUrl, gamesOrigin) : new Set([...catalogue.origins, gamesOrigin]),
    );
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
        const issuedFor = catalogue.byId.get(claims.gameId);
        const origin = context.request.headers.get('origin');
        // One token, one game: another game's frame (or server) holding it acts for nobody here.
        if (
          !issuedFor ||
          (gameId !== undefined && claims.gameId !== gameId) ||
          (gameId === undefined && origin !== null && !originsOf(issuedFor, siteUrl, gamesOrigin).has(origin))
        )
          throw forbidden(tokenOfAnotherGame(issuedFor?.name ?? claims.gameId, game?.name ?? gameId));
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

/** The 403 of a token used by a game it was not issued for. */
function tokenOfAnotherGame(issuedFor: string, usedFor: string | undefined): string {
  return `This game token was issued for ${issuedFor}${usedFor === undefined ? '' : `, not ${usedFor}`}: each game gets a token of its own from the arcade's play page, and only that game may use it.`;
}
