/**
 * The reference games' room (`games/`, see its README) as the arcade serves it, under one URL prefix
 * (`/arcade-games/`). The games are plain files with no build of their own, served as they are:
 * - `npm run build` copies them into the client output, before the delivery steps, so they get
 *   their Brotli and gzip copies and their cache headers like every other static file;
 * - `npm run dev` serves them from the room itself (`serveReferenceGames`), on the games' origin
 *   (GAMES_ORIGIN, by default the dev server's port + 1) as the built server does.
 */
import { createReadStream } from 'node:fs';
import { cp, readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The room's folder. */
export const GAMES_DIR = fileURLToPath(new URL('../../games/', import.meta.url));

/** What the room holds about itself rather than for the browser: never served. */
const NOT_SERVED = new Set([join(GAMES_DIR, 'README.md')]);

/** The folder under `clientDir` that answers `urlPrefix` (`/arcade-games/` -> `<clientDir>/arcade-games`). */
function folderFor(clientDir: string, urlPrefix: string): string {
  return join(clientDir, ...urlPrefix.split('/').filter(Boolean));
}

/**
 * Copies the games into the built client folder, at the folder that answers `urlPrefix`; returns
 * how many files were copied.
 */
export async function copyReferenceGames(clientDir: string, urlPrefix: string): Promise<number> {
  let files = 0;
  await cp(GAMES_DIR, folderFor(clientDir, urlPrefix), {
    recursive: true,
    filter: async (source) => {
      if (NOT_SERVED.has(source)) return false;
      if ((await stat(source)).isFile()) files += 1;
      return true;
    },
  });
  return files;
}

/**
 * The content types of the kinds of file the games hold, as Vite answered them from `public/`; a
 * file of another kind goes on to Astro (a 404), so a new kind is noticed here first.
 */
const DEV_CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html;charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.woff2': 'font/woff2',
};

/** The games' page with the arcade's origin written in (src/server/static/static-files.ts does the same). */
function withArcadeOrigin(html: string, arcadeOrigin: string): string {
  const meta = `<meta name="arcade-origin" content="${arcadeOrigin.replace(/[&"<>]/g, '')}" />`;
  return html.replace(/\s*<meta name="arcade-origin"[^>]*>/g, '').replace(/<head>/i, (head) => `${head}\n    ${meta}`);
}

/**
 * Answers `urlPrefix` from the room with the headers Vite gives the files of `public/` (revalidated
 * at every use, so an edited game shows on the next reload). A folder's address answers its
 * `index.html`; what is not a file of the room goes to `next`. With `arcadeOrigin`, the pages name
 * it (their meta and CSP), as the games' origin of the built server does.
 */
function answerFromRoom(
  urlPrefix: string,
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
  arcadeOrigin?: string,
) {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url?.startsWith(urlPrefix)) return next();
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(req.url, 'http://dev').pathname);
  } catch {
    return next();
  }
  const file = resolve(
    GAMES_DIR,
    `.${sep}${pathname.slice(urlPrefix.length)}`,
    pathname.endsWith('/') ? 'index.html' : '',
  );
  const contentType = DEV_CONTENT_TYPES[extname(file)];
  if (!file.startsWith(GAMES_DIR) || NOT_SERVED.has(file) || !contentType) return next();
  stat(file).then(
    async (found) => {
      if (!found.isFile()) return next();
      const headers: Record<string, string | number> = {
        'content-type': contentType,
        'last-modified': found.mtime.toUTCString(),
        'cache-control': 'no-cache',
      };
      if (arcadeOrigin && extname(file) === '.html') {
        const body = withArcadeOrigin(await readFile(file, 'utf8'), arcadeOrigin);
        res.writeHead(200, {
          ...headers,
          'content-security-policy': `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src ${arcadeOrigin}; frame-ancestors ${arcadeOrigin}`,
        });
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      }
      const etag = `W/"${found.size}-${found.mtime.getTime()}"`;
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304);
        res.end();
        return;
      }
      res.writeHead(200, { ...headers, 'content-length': found.size, etag });
      if (req.method === 'HEAD') res.end();
      else
        createReadStream(file)
          .on('error', () => res.destroy())
          .pipe(res);
    },
    () => next(),
  );
}

/**
 * `astro dev`: answers `urlPrefix` from the room on the dev server itself, and, when `origins` name
 * a games' origin on this machine, on that origin's port too (the play page frames that one), its
 * pages naming the arcade as the built server's games' origin does.
 */
export function serveReferenceGames(urlPrefix: string, origins?: { arcade: string; games: string }): Plugin {
  return {
    name: 'sats-arcade:reference-games',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => answerFromRoom(urlPrefix, req, res, next));
      const games = origins ? new URL(origins.games) : null;
      if (!origins || !games || !/^(localhost|127\.0\.0\.1|\[::1\])$/.test(games.hostname) || !games.port) return;
      const gamesServer = createServer((req, res) =>
        answerFromRoom(
          urlPrefix,
          req,
          res,
          () => {
            res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
            res.end("This origin only serves the arcade's games.");
          },
          origins.arcade,
        ),
      );
      gamesServer.on('error', (error) =>
        server.config.logger.warn(`the games' dev origin ${origins.games}: ${error.message}`),
      );
      gamesServer.listen(Number(games.port), games.hostname.replace(/^\[|\]$/g, ''));
      server.httpServer?.on('close', () => gamesServer.close());
    },
  };
}
