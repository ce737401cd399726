import type { APIRoute } from 'astro';
import { distributePrizeRequestSchema } from '~/lib/schemas/admin';
import { distributePrize } from '~/server/tournaments/winners';
import { services } from '~/server/app';
import { requireUser } from '~/server/auth/locals';
import { handle, idParam, json, methodNotAllowed, readJson } from '~/server/routes/http';

export const prerender = false;

/** Send a prize, exactly once; the body (optional) carries a payment hash or note. */
export const POST: APIRoute = ({ locals, params, request }) =>
  handle(async () => {
    const app = await services();
    const prizeId = idParam(params.prizeId, 'prize id');
    const hasBody = Number(request.headers.get('content-length') ?? '0') > 0 || request.headers.has('content-type');
    const { paymentProof } = hasBody ? await readJson(request, distributePrizeRequestSchema) : { paymentProof: null };
    return json(await distributePrize(app, requireUser(locals), prizeId, paymentProof ?? null));
  });

export const ALL = methodNotAllowed('POST');
