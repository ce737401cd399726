import type { APIRoute } from 'astro';
import { prizeStatusRequestSchema } from '~/lib/schemas/admin';
import { setPrizeStatus } from '~/server/tournaments/winners';
import { services } from '~/server/app';
import { requireUser } from '~/server/auth/locals';
import { handle, idParam, json, methodNotAllowed, readJson } from '~/server/routes/http';

export const prerender = false;

/** Move a prize forward only: pending -> sent (sending it); never back. */
export const PUT: APIRoute = ({ locals, params, request }) =>
  handle(async () => {
    const app = await services();
    const prizeId = idParam(params.prizeId, 'prize id');
    const { status, paymentProof } = await readJson(request, prizeStatusRequestSchema);
    return json(await setPrizeStatus(app, requireUser(locals), prizeId, status, paymentProof ?? null));
  });

export const ALL = methodNotAllowed('PUT');
