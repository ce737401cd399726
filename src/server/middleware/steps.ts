import type { APIContext, MiddlewareHandler } from 'astro';
import type { Services } from '../context';

/**
 * Where a step gets the running arcade's services: `services()` in the app, fakes in tests (so no
 * step needs the `astro:env` the real ones are read from).
 */
export type LoadServices = () => Promise<Services>;

/**
 * A step that runs only for on-demand requests: prerendered pages are plain files built ahead of
 * time, so there is no request to look at and nothing to guard.
 */
export function onDemand(
  step: (context: APIContext, next: () => Promise<Response>) => Promise<Response>,
): MiddlewareHandler {
  return (context, next) => (context.isPrerendered ? next() : step(context, () => next()));
}

/** True for any `/api` path. */
export const isApiPath = (pathname: string): boolean => pathname.startsWith('/api/');
