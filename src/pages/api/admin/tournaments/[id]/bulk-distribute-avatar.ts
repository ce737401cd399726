import type { APIRoute } from 'astro';
import { bulkDistributeRequestSchema } from '~/lib/schemas/admin';
import { bulkDistributeAvatar } from '~/server/tournaments/winners';
import { requireUser } from '~/server/auth/locals';
import { handle, json, methodNotAllowed, readJson } from '~/server/routes/http';
import { tournamentRoute } from '~/server/routes/tournament-route';

export const prerender = false;

/** Give one avatar reward to every eligible player, sent, once. */
export const POST: APIRoute = (context) =>
  handle(async () => {
    const { app, id } = await tournamentRoute(context);
    const { avatarId } = await readJson(context.request, bulkDistributeRequestSchema);
    return json(await bulkDistributeAvatar(app, requireUser(context.locals), id, avatarId));
  });

export const ALL = methodNotAllowed('POST');
