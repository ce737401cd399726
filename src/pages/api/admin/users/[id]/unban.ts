import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { requireUser } from '~/server/auth/locals';
import { unbanPlayer } from '~/server/moderation/bans';
import { handle, idParam, json, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

/** Lift a player's ban: their runs return to the boards and their prizes can be sent. */
export const POST: APIRoute = ({ locals, params }) =>
  handle(async () => {
    const app = await services();
    const userId = idParam(params.id, 'user id');
    return json(await unbanPlayer(app, requireUser(locals), userId));
  });

export const ALL = methodNotAllowed('POST');
