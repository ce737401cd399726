import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { requireUser } from '~/server/auth/locals';
import { unauthorized } from '~/server/shared/errors';
import { requireGameQuery } from '~/server/games/catalogue';
import { issueGameToken } from '~/server/games/tokens';
import { handle, json, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

/**
 * A short-lived signed token the play page hands to the game `?gameId=` names (the Game API takes it
 * for that game alone), and the origin the reference games are served from (GAMES_ORIGIN, a
 * run-time setting the prerendered play page cannot hold).
 */
export const GET: APIRoute = ({ locals, url }) =>
  handle(async () => {
    const app = await services();
    const user = requireUser(locals);
    if (!locals.sessionRef) throw unauthorized();
    const game = await requireGameQuery(app.config.siteUrl, url.searchParams.get('gameId'));
    // The token carries the session's reference: signing out ends the token too (README, Game API).
    const { token, expiresAt } = await issueGameToken(app.config.secretKey, user, locals.sessionRef, game.rules.gameId);
    return json({
      gameToken: token,
      expiresAt: new Date(expiresAt).toISOString(),
      gamesOrigin: app.config.gamesOrigin,
    });
  });

export const ALL = methodNotAllowed('GET');
