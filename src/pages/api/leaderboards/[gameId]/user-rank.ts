import type { APIRoute } from 'astro';
import { userRankQuerySchema } from '~/lib/schemas/leaderboard';
import { requireUser } from '~/server/auth/locals';
import { handle, json, methodNotAllowed, parseWith } from '~/server/routes/http';
import { leaderboardGame, queryOf } from '~/server/routes/leaderboard-route';
import { userRank } from '~/server/leaderboards/boards';

export const prerender = false;

/** The signed-in player's rank in a game's leaderboard. */
export const GET: APIRoute = (context) =>
  handle(async () => {
    const { app, gameId } = await leaderboardGame(context);
    const user = requireUser(context.locals, 'Sign in to see your rank.');
    const query = parseWith(userRankQuerySchema, queryOf(context));
    return json(await userRank(app.rankings, gameId, query, user.id));
  });

export const ALL = methodNotAllowed('GET');
