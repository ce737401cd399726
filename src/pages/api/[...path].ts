import type { APIRoute } from 'astro';
import { json } from '~/server/routes/http';

export const prerender = false;

/** Any API path no endpoint answers: a JSON 404 rather than the HTML error page. */
export const ALL: APIRoute = ({ url }) => json({ error: `There is no API at ${url.pathname}.` }, 404);
