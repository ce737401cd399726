import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { donationStatus } from '~/server/donations/donations';
import { handle, json, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

/** Where a donation stands (open, paid, expired); the Donate page polls it while the invoice is shown. */
export const GET: APIRoute = ({ params }) =>
  handle(async () => json(await donationStatus(await services(), params.paymentHash ?? '')));

export const ALL = methodNotAllowed('GET');
