import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { donationOptions } from '~/server/donations/donations';
import { handle, json, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

/** Whether the arcade takes Lightning donations now (a wallet is connected), with the bounds, presets and its address. */
export const GET: APIRoute = () =>
  handle(async () => {
    const options = donationOptions(await services());
    return json(options ? { enabled: true, ...options } : { enabled: false });
  });

export const ALL = methodNotAllowed('GET');
