/**
 * Serves the built static files (prerendered pages, hashed assets, `public/`) from memory-held
 * metadata: the Brotli or gzip copy the build made when the browser accepts it, cache headers by
 * kind of file, the security headers of the on-demand answers, and each page's Content-Security-Policy
 * (Astro's, from the build's static headers). Everything else goes on to Astro.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import {
  cacheControlFor,
  preferredEncodings,
  REFERENCE_GAMES_PREFIX,
  referenceGameCsp,
  resourcePolicyFor,
} from './headers';
import { SESSION_COOKIE } from '../auth/cookies';

/**
 * Pages prerendered twice: the file for a browser that holds a session cookie, by the address both
 * are served at. The home page's HTML for a visitor holds the hero, the other names the product
 * while the island asks who is signed in (src/pages/home-session.astro). A variant is served only
 * at that address, never at its own.
 */
const SESSION_VARIANTS: Record<string, string> = { '/': '/home-session/index.html' };
const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;)\\s*(?:__Host-)?${SESSION_COOKIE}=[^;\\s]`);

/** Whether the request carries a (non-empty) session cookie; whether it is valid is the API's business. */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SESSION_COOKIE_PATTERN.test(cookieHeader);
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  // TypeScript (the Game SDK's arcade-sdk.d.ts): text a studio reads or saves, never run.
  '.ts': 'text/plain; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
};

interface Variant {
  path: string;
  size: number;
  etag: string;
}

interface StaticFile {
  identity: Variant;
  /** The answer held in memory (a game's page with the arcade's origin written in), instead of the file. */
  body?: Buffer;
  br?: Variant;
  gzip?: Variant;
  headers: Record<string, string>;
}

/** Astro's per-page static headers (`dist/_headers.json`, written when `staticHeaders` is on). */
type HeadersJson = Array<{ pathname: string; headers: Array<{ key: string; value: string }> }>;

function variant(path: string, tag: string): Variant | undefined {
  if (!existsSync(path)) return undefined;
  const stat = statSync(path);
  return { path, size: stat.size, etag: `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}${tag}"` };
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** A page's route for its file: `/about/index.html` is `/about`, `/404.html` is `/404`. */
function pageRoute(urlPath: string): string {
  const route = urlPath.replace(/\/index\.html$/, '').replace(/\.html$/, '');
  return route === '' ? '/' : route;
}

/** The CSP of every prerendered page, by route, as Astro computed it at build time. */
export function readPageCsp(headersFile: string): Map<string, string> {
  const csp = new Map<string, string>();
  if (!existsSync(headersFile)) return csp;
  for (const entry of JSON.parse(readFileSync(headersFile, 'utf8')) as HeadersJson) {
    const value = entry.headers.find((h) => h.key.toLowerCase() === 'content-security-policy')?.value;
    if (!value) continue;
    const route = entry.pathname.replace(/\/+$/, '') || '/';
    csp.set(route, value);
  }
  return csp;
}

export interface StaticFiles {
  /** Answers the request from the static files and returns true, or returns false to let Astro answer. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** The CSP of the prerendered 404 page, for the not-found answers Astro makes from it. */
  notFoundCsp: string | undefined;
}

/**
 * A reference game's page as the games' origin serves it: with `<meta name="arcade-origin">` naming
 * the arcade (read by the Game SDK's connect, games/sdk/arcade-sdk.js), written in at start
 * because SITE_URL is a run-time setting.
 */
export function withArcadeOrigin(html: string, arcadeOrigin: string): string {
  const meta = `<meta name="arcade-origin" content="${arcadeOrigin.replace(/[&"<>]/g, '')}" />`;
  const cleaned = html.replace(/\s*<meta name="arcade-origin"[^>]*>/g, '');
  return cleaned.replace(/<head>/i, (head) => `${head}\n    ${meta}`);
}

/**
 * Which static files one origin serves: the arcade's (everything but the reference games), or, with
 * `games`, the games' origin's (the reference games alone, framed by `games.arcadeOrigin` only).
 */
export interface StaticFilesOrigin {
  games?: { arcadeOrigin: string };
}

/**
 * Indexes `clientDir` once (the build does not change under a running server). `securityHeaders`
 * are the ones every answer carries (`securityHeadersFor` in headers.ts).
 */
export function createStaticFiles(
  clientDir: string,
  pageCsp: Map<string, string>,
  securityHeaders: Readonly<Record<string, string>>,
  { games }: StaticFilesOrigin = {},
): StaticFiles {
  const files = new Map<string, StaticFile>();
  for (const path of walk(clientDir)) {
    if (path.endsWith('.br') || path.endsWith('.gz')) continue;
    const urlPath = '/' + relative(clientDir, path).split(sep).join('/');
    // each origin its own files: the games never on the arcade's, the arcade's never on the games'
    if (urlPath.startsWith(REFERENCE_GAMES_PREFIX) !== Boolean(games)) continue;
    const ext = extname(path);
    const contentType = CONTENT_TYPES[ext] ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      ...securityHeaders,
      'x-frame-options': 'DENY',
      'cross-origin-resource-policy': resourcePolicyFor(contentType),
      'content-type': contentType,
      'cache-control': cacheControlFor(urlPath),
      vary: 'Accept-Encoding',
    };
    let body: Buffer | undefined;
    if (games) {
      // framed by the arcade, which X-Frame-Options cannot name: the CSP's frame-ancestors does
      delete headers['x-frame-options'];
      if (ext === '.html') {
        headers['content-security-policy'] = referenceGameCsp(games.arcadeOrigin);
        body = Buffer.from(withArcadeOrigin(readFileSync(path, 'utf8'), games.arcadeOrigin));
      }
    } else if (ext === '.html') {
      const csp = pageCsp.get(pageRoute(urlPath));
      if (csp) headers['content-security-policy'] = csp;
    }
    const identity = body
      ? { path, size: body.length, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"` }
      : variant(path, '')!;
    const file: StaticFile = {
      identity,
      br: body ? undefined : variant(`${path}.br`, '-br'),
      gzip: body ? undefined : variant(`${path}.gz`, '-gz'),
      body,
      headers,
    };
    files.set(urlPath, file);
    if (urlPath.endsWith('/index.html')) {
      const dirPath = urlPath.slice(0, -'index.html'.length);
      files.set(dirPath, file);
      if (dirPath !== '/') files.set(dirPath.slice(0, -1), file);
    }
  }

  const sessionVariants = new Map<string, StaticFile>();
  for (const [route, variantPath] of Object.entries(SESSION_VARIANTS)) {
    const base = files.get(route);
    const variant = files.get(variantPath);
    if (!base || !variant) continue;
    const dirPath = variantPath.replace(/\/index\.html$/, '');
    for (const path of [variantPath, `${dirPath}/`, dirPath]) files.delete(path);
    for (const file of [base, variant]) file.headers.vary = 'Accept-Encoding, Cookie';
    sessionVariants.set(route, variant);
  }

  function serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const rawPath = (req.url ?? '/').split(/[?#]/, 1)[0];
    let pathname: string;
    try {
      pathname = decodeURIComponent(rawPath);
    } catch {
      return false;
    }
    let file = files.get(pathname);
    if (!file) return false;
    const variant = sessionVariants.get(pathname);
    if (variant && hasSessionCookie(req.headers.cookie)) file = variant;

    let chosen = file.identity;
    let encoding: string | undefined;
    for (const coding of preferredEncodings(req.headers['accept-encoding'])) {
      const candidate = coding === 'br' ? file.br : file.gzip;
      if (candidate) {
        chosen = candidate;
        encoding = coding;
        break;
      }
    }
    const headers: Record<string, string | number> = { ...file.headers, etag: chosen.etag };
    if (encoding) headers['content-encoding'] = encoding;

    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === chosen.etag)) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    headers['content-length'] = chosen.size;
    res.writeHead(200, headers);
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    if (chosen === file.identity && file.body) {
      res.end(file.body);
      return true;
    }
    const stream = createReadStream(chosen.path);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
    return true;
  }

  return { serve, notFoundCsp: pageCsp.get('/404') };
}
