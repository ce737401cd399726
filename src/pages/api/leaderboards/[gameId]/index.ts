import type { APIRoute } from 'astro';
import { leaderboardQuerySchema } from '~/lib/schemas/leaderboard';
import { handle, json, methodNotAllowed, parseWith } from '~/server/routes/http';
import { leaderboardGame, queryOf } from '~/server/routes/leaderboard-route';
import { leaderboardPage } from '~/server/leaderboards/boards';

export const prerender = false;

/** One page of a game's leaderboard, everyone or one country. */
export const GET: APIRoute = (context) =>
  handle(async () => {
    const { app, gameId } = await leaderboardGame(context);
    const query = parseWith(leaderboardQuerySchema, queryOf(context));
    return json(await leaderboardPage(app.db, app.rankings, gameId, query, query.page, query.limit));
  });

export const ALL = methodNotAllowed('GET');
