import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { requireUser } from '~/server/auth/locals';
import { restoreRun } from '~/server/moderation/hidden-runs';
import { handle, idParam, json, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

/** Put a hidden run back on every board and tournament it counts in. */
export const POST: APIRoute = ({ locals, params }) =>
  handle(async () => {
    const app = await services();
    const runId = idParam(params.id, 'run id');
    return json(await restoreRun(app, requireUser(locals), runId));
  });

export const ALL = methodNotAllowed('POST');
