import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { payRequest } from '~/server/donations/lightning-address';
import { handle, json, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

/** The arcade's Lightning Address pay request (LUD-16, LUD-06, LUD-12). */
export const GET: APIRoute = ({ params }) =>
  handle(async () => json(await payRequest(await services(), params.name ?? ''))).then((response) => {
    response.headers.set('access-control-allow-origin', '*');
    return response;
  });

export const ALL = methodNotAllowed('GET');
