import type { MiddlewareHandler } from 'astro';
import { LRUCache } from 'lru-cache';
import { isApiPath, onDemand } from './steps';

/** A public profile page: `/users/{id}`. */
const PROFILE_PAGE = /^\/users\/([1-9]\d{0,9})\/?$/;
/** A player's public profile as the API answers it: `/api/users/{id}/profile`. */
const PROFILE_API = /^\/api\/users\/([1-9]\d{0,9})\/profile\/?$/;
/** A tournament's results page: `/tournament/{id}/results`. */
const RESULTS_PAGE = /^\/tournament\/([1-9]\d{0,9})\/results\/?$/;

/** One rendered page as it was answered: status, headers (never a cookie) and body. */
interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  /** When it was rendered (the clock's milliseconds), for the `Age` header of a kept answer. */
  renderedAt: number;
}

export interface PageCacheOptions {
  /** How long a rendered page is answered again (default 10 s): how late a visitor may see a change. */
  ttlMs?: number;
  /** At most this many bytes of pages are kept (default 32 MiB); the least recently read go first. */
  maxBytes?: number;
  /** The clock, for tests (milliseconds, as `performance.now()`). */
  now?: () => number;
}

export interface PageCache {
  /** The middleware step. */
  step: MiddlewareHandler;
  /** Forget the pages that show `userId` (their profile), so the next visitor sees the change. */
  forgetUser(userId: number): void;
  /** Forget every kept page (after an admin's change: prizes, tournaments, avatars). */
  forgetAll(): void;
  /** How many pages are kept now. */
  readonly size: number;
}

const profileKey = (userId: number) => `/users/${userId}`;
const profileApiKey = (userId: number) => `/api/users/${userId}/profile`;
const resultsKey = (tournamentId: number) => `/tournament/${tournamentId}/results`;

/** The key a page is kept under, and the player it belongs to (who never gets the kept copy), or null for a page never kept. */
function keyOf(pathname: string): { key: string; owner: number | null } | null {
  const profile = PROFILE_PAGE.exec(pathname);
  if (profile) return { key: profileKey(Number(profile[1])), owner: Number(profile[1]) };
  // The same JSON for everyone but its owner, who also learns whether a Lightning Address would get
  // a pending prize paid (`addAddressToGetPaid`).
  const api = PROFILE_API.exec(pathname);
  if (api) return { key: profileApiKey(Number(api[1])), owner: Number(api[1]) };
  const results = RESULTS_PAGE.exec(pathname);
  if (results) return { key: resultsKey(Number(results[1])), owner: null };
  return null;
}

/**
 * An output cache for the answers that look the same to everyone (a page's header account area is
 * filled in by the browser): a player's public profile page (`/users/{id}`, the same HTML for
 * everyone but its owner, who gets the avatar picker) and its API answer (`/api/users/{id}/profile`,
 * the same JSON for everyone but its owner, who gets the Lightning Address hint), and a tournament's results (`/tournament/{id}/results`). A page rendered for a visitor is answered again for `ttlMs`; a
 * profile's owner always gets a fresh render and never a kept one. On this process, a successful
 * write by a signed-in player (claiming an avatar, choosing the active one, changing the country)
 * forgets their profile at once, and a successful admin write (processing winners, sending a
 * prize, editing a tournament or an avatar) forgets every kept page; the Game API forgets a player's
 * profile when it stores their run (`forgetUser`); ranks moved by other players, and
 * other processes of a scaled-out arcade show within `ttlMs` (see the README, "Profiles").
 * Only 200 answers without a query string are kept; a kept answer says how old it is (`Age`).
 */
export function createPageCache({
  ttlMs = 10_000,
  maxBytes = 32 * 1024 * 1024,
  now,
}: PageCacheOptions = {}): PageCache {
  const clock = now ?? (() => performance.now());
  const pages = new LRUCache<string, CachedPage>({
    ttl: ttlMs,
    maxSize: maxBytes,
    sizeCalculation: (page) => page.body.byteLength + 256,
    // A clock of the tests' own is read every time (lru-cache otherwise keeps a reading for 1 ms).
    ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
  });
  const forgetUser = (userId: number) => {
    pages.delete(profileKey(userId));
    pages.delete(profileApiKey(userId));
  };
  const forgetAll = () => pages.clear();

  const step = onDemand(async ({ request, url, locals }, next) => {
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD') {
      const response = await next();
      if (locals.user && isApiPath(url.pathname) && response.status < 400) {
        forgetUser(locals.user.id);
        if (url.pathname.startsWith('/api/admin/')) forgetAll();
      }
      return response;
    }
    const page = keyOf(url.pathname);
    if (!page || url.search || (page.owner !== null && locals.user?.id === page.owner)) return next();

    const key = page.key;
    const kept = pages.get(key);
    if (kept) {
      const headers = new Headers(kept.headers);
      headers.set('age', String(Math.floor((clock() - kept.renderedAt) / 1000)));
      return new Response(method === 'HEAD' ? null : kept.body, { status: kept.status, headers });
    }

    const response = await next();
    if (response.status !== 200 || method === 'HEAD' || response.headers.has('set-cookie')) return response;
    const body = new Uint8Array(await response.arrayBuffer());
    const headers = [...response.headers].filter(([name]) => name !== 'set-cookie');
    pages.set(key, { status: response.status, headers, body, renderedAt: clock() });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  });

  return {
    step,
    forgetUser,
    forgetAll,
    get size() {
      return pages.size;
    },
  };
}

/** The running arcade's page cache: the middleware step, and the Game API forgetting a player's profile after their run. */
export const pageCache = createPageCache();
