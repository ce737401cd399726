import type { MiddlewareHandler } from 'astro';
import { requests, requestSeconds } from '../shared/metrics';
import { onDemand } from './steps';

/**
 * Count and time every on-demand answer by its route pattern (`/api/games/[gameId]/runs`, never the
 * raw path, so the number of series stays bounded), method and status. A step that throws counts
 * as a 500.
 */
export const measureRequests: MiddlewareHandler = onDemand(async (context, next) => {
  const started = performance.now();
  const route = context.routePattern || 'unmatched';
  const method = context.request.method;
  let status = 500;
  try {
    const response = await next();
    status = response.status;
    return response;
  } finally {
    requests.inc({ route, method, status: String(status) });
    requestSeconds.observe({ route, method }, (performance.now() - started) / 1000);
  }
});
