import { sequence } from 'astro:middleware';
import { securitySettings, services } from './server/app';
import { guardAdmin } from './server/middleware/admin';
import { privateByDefault, securityHeaders } from './server/middleware/headers';
import { measureRequests } from './server/middleware/metrics';
import { checkOrigin } from './server/middleware/origin';
import { pageCache } from './server/middleware/page-cache';
import { startServices } from './server/middleware/services';
import { findSignedInUser } from './server/middleware/session';

/**
 * Runs for every on-demand request (prerendered pages are plain files), one small step each, in
 * this order: count and time the request (metrics), add the security headers to whatever the later
 * steps answer, mark what names no caching of its own private (no shared cache keeps a page made
 * for one person), start the services, refuse cross-origin API writes, find the signed-in player,
 * guard the admin area, answer a kept copy of a page that looks the same to every visitor (page
 * cache). Each step lives in `src/server/middleware/`.
 */
export const onRequest = sequence(
  measureRequests,
  securityHeaders(securitySettings),
  privateByDefault,
  startServices(services),
  checkOrigin(services),
  findSignedInUser(services),
  guardAdmin(services),
  pageCache.step,
);
