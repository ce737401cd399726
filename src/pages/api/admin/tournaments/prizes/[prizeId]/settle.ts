import type { APIRoute } from 'astro';
import { settlePaymentRequestSchema } from '~/lib/schemas/payouts';
import { services } from '~/server/app';
import { requireUser } from '~/server/auth/locals';
import { handle, idParam, json, methodNotAllowed, readJson } from '~/server/routes/http';
import { settleStuckPayment } from '~/server/tournaments/payouts/settling';

export const prerender = false;

/** Settle by hand a payment stuck paying: paid or failed, audited (README, "Lightning payouts"). */
export const POST: APIRoute = ({ locals, params, request }) =>
  handle(async () => {
    const app = await services();
    const prizeId = idParam(params.prizeId, 'prize id');
    const { outcome } = await readJson(request, settlePaymentRequestSchema);
    return json(await settleStuckPayment(app, requireUser(locals), prizeId, outcome));
  });

export const ALL = methodNotAllowed('POST');
