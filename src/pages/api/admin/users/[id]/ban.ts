import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { requireUser } from '~/server/auth/locals';
import { banPlayer } from '~/server/moderation/bans';
import { handle, idParam, json, methodNotAllowed } from '~/server/routes/http';
import { readReason } from '~/server/routes/moderation-route';

export const prerender = false;

/** Ban a player, with a reason (README, "Player management"); the audit record is in the ban's transaction. */
export const POST: APIRoute = ({ locals, params, request }) =>
  handle(async () => {
    const app = await services();
    const userId = idParam(params.id, 'user id');
    const { reason } = await readReason(request);
    return json(await banPlayer(app, requireUser(locals), userId, reason));
  });

export const ALL = methodNotAllowed('POST');
