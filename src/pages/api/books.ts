import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { openBooks } from '~/server/donations/books';
import { handle, json, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

/** The open books: money in (donations), money out (prizes paid), totals per month and per tournament pool. */
export const GET: APIRoute = () => handle(async () => json(await openBooks(await services())));

export const ALL = methodNotAllowed('GET');
