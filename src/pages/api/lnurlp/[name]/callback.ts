import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { requesterOf } from '~/server/auth/views';
import { addressInvoice } from '~/server/donations/lightning-address';
import { handle, json, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

/** The Lightning Address's callback: an invoice from the arcade's wallet for `amount` msat, with a LUD-12 comment. */
export const GET: APIRoute = (context) =>
  handle(async () => {
    const app = await services();
    const { ip } = requesterOf(context, app.config);
    return json(await addressInvoice(app, ip, context.params.name ?? '', context.url.searchParams));
  }).then((response) => {
    // Web wallets on other origins call it too (LNURL asks for CORS); errors included.
    response.headers.set('access-control-allow-origin', '*');
    return response;
  });

export const ALL = methodNotAllowed('GET');
