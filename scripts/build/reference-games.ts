/**
 * The reference games' room (`games/`, see its README) as the arcade serves it, under one URL prefix
 * (`/arcade-games/`). The games are plain files with no build of their own, served as they are:
 * - `npm run build` copies them into the client output, before the delivery steps, so they get
 *   their Brotli and gzip copies and their cache headers like every other static file;
 * - `npm run dev` serves them from the room itself (`serveReferenceGames`).
 * The prefix is a parameter, so the room can later be served from an origin of its own.
 */
import { createReadStream } from 'node:fs';
import { cp, stat } from 'node:fs/promises';
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

/**
 * `astro dev`: answers `urlPrefix` from the room with the headers Vite gives the files of `public/`
 * (revalidated at every use, so an edited game shows on the next reload). A folder's address
 * answers its `index.html`; what is not a file of the room goes on to Astro.
 */
export function serveReferenceGames(urlPrefix: string): Plugin {
  return {
    name: 'sats-arcade:reference-games',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
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
          (found) => {
            if (!found.isFile()) return next();
            const etag = `W/"${found.size}-${found.mtime.getTime()}"`;
            if (req.headers['if-none-match'] === etag) {
              res.writeHead(304);
              res.end();
              return;
            }
            res.writeHead(200, {
              'content-type': contentType,
              'content-length': found.size,
              'last-modified': found.mtime.toUTCString(),
              etag,
              'cache-control': 'no-cache',
            });
            if (req.method === 'HEAD') res.end();
            else
              createReadStream(file)
                .on('error', () => res.destroy())
                .pipe(res);
          },
          () => next(),
        );
      });
    },
  };
}
