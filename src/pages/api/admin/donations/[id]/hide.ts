import type { APIRoute } from 'astro';
import { hideDonationSchema } from '~/lib/schemas/donations';
import { services } from '~/server/app';
import { requireUser } from '~/server/auth/locals';
import { hideDonation } from '~/server/donations/books';
import { handle, idParam, json, methodNotAllowed, readJson } from '~/server/routes/http';

export const prerender = false;

/** Hide (or show again) a donor's name and message in the open books; audited. */
export const POST: APIRoute = ({ locals, params, request }) =>
  handle(async () => {
    const app = await services();
    const id = idParam(params.id, 'donation id');
    const { hidden } = await readJson(request, hideDonationSchema);
    return json(await hideDonation(app, requireUser(locals), id, hidden));
  });

export const ALL = methodNotAllowed('POST');
