import type { APIRoute } from 'astro';
import { donationRequestSchema } from '~/lib/schemas/donations';
import { services } from '~/server/app';
import { requesterOf } from '~/server/auth/views';
import { createDonation } from '~/server/donations/donations';
import { handle, json, methodNotAllowed, readJson } from '~/server/routes/http';

export const prerender = false;

/** A donation invoice from the arcade's wallet (README, "Donations and open books"); rate-limited per client. */
export const POST: APIRoute = (context) =>
  handle(async () => {
    const app = await services();
    const request = await readJson(context.request, donationRequestSchema);
    const { ip } = requesterOf(context, app.config);
    return json(await createDonation(app, ip, request), 201);
  });

export const ALL = methodNotAllowed('POST');
