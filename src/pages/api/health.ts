import type { APIRoute } from 'astro';
import { json, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

/**
 * Liveness probe and the benchmarks' no-op baseline: answers without touching the database, so it
 * measures the server's own cost of a request.
 */
export const GET: APIRoute = () => json({ ok: true });

export const ALL = methodNotAllowed('GET');
