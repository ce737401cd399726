import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { requireUser } from '~/server/auth/locals';
import { handle, idParam, json, methodNotAllowed } from '~/server/routes/http';
import { payPrize } from '~/server/tournaments/payouts/payouts';

export const prerender = false;

/** Pay a pending bitcoin prize over Lightning to its winner's address, exactly once (README, "Lightning payouts"). */
export const POST: APIRoute = ({ locals, params }) =>
  handle(async () => {
    const app = await services();
    const prizeId = idParam(params.prizeId, 'prize id');
    return json(await payPrize(app, requireUser(locals), prizeId));
  });

export const ALL = methodNotAllowed('POST');
