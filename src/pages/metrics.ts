import type { APIRoute } from 'astro';
import { timingSafeEqual } from 'node:crypto';
import { services } from '~/server/app';
import { registry } from '~/server/shared/metrics';

export const prerender = false;

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Prometheus metrics (README, Observability): off (404) unless `METRICS_TOKEN` is set, and then
 * only for `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise).
 */
export const GET: APIRoute = async ({ request }) => {
  const { config } = await services();
  if (!config.metricsToken) return new Response('Not found', { status: 404 });
  const given = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  if (!same(given, config.metricsToken)) {
    return new Response('Unauthorized', { status: 401, headers: { 'www-authenticate': 'Bearer realm="metrics"' } });
  }
  return new Response(await registry.metrics(), {
    headers: { 'content-type': registry.contentType, 'cache-control': 'no-store' },
  });
};

export const ALL: APIRoute = () =>
  new Response('Use GET for this address.', { status: 405, headers: { allow: 'GET' } });
