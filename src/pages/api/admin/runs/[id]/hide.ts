import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { requireUser } from '~/server/auth/locals';
import { hideRun } from '~/server/moderation/hidden-runs';
import { handle, idParam, json, methodNotAllowed } from '~/server/routes/http';
import { readReason } from '~/server/routes/moderation-route';

export const prerender = false;

/** Hide one run (runs.id) from every board and tournament, with a reason; kept for the record. */
export const POST: APIRoute = ({ locals, params, request }) =>
  handle(async () => {
    const app = await services();
    const runId = idParam(params.id, 'run id');
    const { reason } = await readReason(request);
    return json(await hideRun(app, requireUser(locals), runId, reason));
  });

export const ALL = methodNotAllowed('POST');
