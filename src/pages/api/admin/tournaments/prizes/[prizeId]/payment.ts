import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { handle, idParam, json, methodNotAllowed } from '~/server/routes/http';
import { findStuckPayment } from '~/server/tournaments/payouts/settling';

export const prerender = false;

/** A payment stuck paying and what the wallet says of its hash (README, "Lightning payouts"). */
export const GET: APIRoute = ({ params }) =>
  handle(async () => {
    const app = await services();
    return json(await findStuckPayment(app, idParam(params.prizeId, 'prize id')));
  });

export const ALL = methodNotAllowed('GET');
