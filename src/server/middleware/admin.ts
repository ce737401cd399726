import type { MiddlewareHandler } from 'astro';
import { forbidden, unauthorized } from '../shared/errors';
import { errorResponse } from '../routes/http';
import { onDemand, type LoadServices } from './steps';

const isAdminApi = (pathname: string) => pathname === '/api/admin' || pathname.startsWith('/api/admin/');
const isAdminPage = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/**
 * Keep the admin area to the operator's `ADMIN_USER_IDS`: `/api/admin/**` answers 401 signed out
 * and 403 to other players; `/admin` pages send anyone else to the home page. Runs after the
 * session step, which says who is signed in.
 */
export function guardAdmin(load: LoadServices): MiddlewareHandler {
  return onDemand(async (context, next) => {
    const { pathname } = context.url;
    const api = isAdminApi(pathname);
    if (!api && !isAdminPage(pathname)) return next();
    const { user } = context.locals;
    const isAdmin = !!user && (await load()).config.adminUserIds.has(user.id);
    if (isAdmin) return next();
    if (!api) return context.redirect('/', 302);
    return errorResponse(user ? forbidden('Only administrators can do that.') : unauthorized());
  });
}
