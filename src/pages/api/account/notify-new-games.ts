import type { APIRoute } from 'astro';
import { notifyNewGamesRequestSchema } from '~/lib/schemas/account';
import { services } from '~/server/app';
import { setNotifyNewGames } from '~/server/auth/accounts';
import { requireUser } from '~/server/auth/locals';
import { handle, json, methodNotAllowed, readJson } from '~/server/routes/http';

export const prerender = false;

/** The dashboard's NOTIFY ME: record or take back the wish to hear about new games. */
export const PUT: APIRoute = ({ locals, request }) =>
  handle(async () => {
    const app = await services();
    const user = requireUser(locals);
    const { wanted } = await readJson(request, notifyNewGamesRequestSchema);
    const updated = await setNotifyNewGames(app.db, user.id, wanted);
    const notifyNewGames = updated.notify_new_games_at !== null;
    return json({
      notifyNewGames,
      message: notifyNewGames
        ? "You're on the list! We'll let you know when new games arrive."
        : "Got it. We won't tell you about new games.",
    });
  });

export const ALL = methodNotAllowed('PUT');
