/**
 * The built server's entry point (`dist/server/entry.mjs`): a Node HTTP server that answers static
 * files itself (compressed copies, cache and security headers, each page's CSP; see
 * `static/static-files.ts`) and hands every other request to Astro (the Node adapter in middleware mode).
 * Listens on HOST (default localhost) and PORT (default 4321).
 */
import { createServer } from 'node:http';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { handler as astroHandler, options } from '@astrojs/node/server.js';
import { appConfig, securitySettings, services, stopServices } from './app';
import { gamesListenHosts } from './shared/config';
import { cspWithGamesOrigin, REFERENCE_GAMES_PREFIX, securityHeadersFor } from './static/headers';
import { createStaticFiles, readPageCsp } from './static/static-files';

/**
 * The client folder next to this server folder. The adapter's options hold the build machine's
 * absolute paths; only their relation is kept, so the built `dist/` can move.
 */
function resolveClientDir(): string {
  const serverFolder = basename(fileURLToPath(options.server));
  const fromServer = relative(fileURLToPath(options.server), fileURLToPath(options.client));
  let dir = dirname(fileURLToPath(import.meta.url));
  while (basename(dir) !== serverFolder) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`the server entry is not inside a "${serverFolder}" folder`);
    dir = parent;
  }
  return join(dir, fromServer);
}

// Read the settings first: a wrong one stops the process here, before it listens, with its message.
const SECURITY_HEADERS = securityHeadersFor(securitySettings());
const { siteUrl, gamesOrigin, gamesPort } = appConfig();
const clientDir = resolveClientDir();
// The pages' frame-src names the games' origin the build knew; the running one replaces it.
const pageCsp = new Map(
  [...readPageCsp(join(clientDir, '..', '_headers.json'))].map(([route, csp]) => [
    route,
    cspWithGamesOrigin(csp, __ARCADE_BUILT_GAMES_ORIGIN__, gamesOrigin),
  ]),
);
const staticFiles = createStaticFiles(clientDir, pageCsp, SECURITY_HEADERS);
/** The games' origin (GAMES_ORIGIN): the reference games alone, never a page or an API of the arcade. */
const gameFiles = createStaticFiles(clientDir, new Map(), SECURITY_HEADERS, { games: { arcadeOrigin: siteUrl } });
/** The Host a request for the games' origin names (`games.arcade.example`, `localhost:4322`). */
const gamesHost = new URL(gamesOrigin).host;

/**
 * What is wrong with a request's address, checked before anything reads it, or null: a broken
 * percent-encoding, or a control character (`%00`, `%0A`…) that no path, id or query of the arcade
 * holds (PostgreSQL cannot even store NUL, so a run id like `a%00b` was a 500 there).
 */
function invalidAddress(url: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURI(url);
  } catch {
    return 'it has a broken percent-encoding (such as %ff or a lone %)';
  }
  return /\p{Cc}/u.test(decoded) ? 'it holds a control character (such as %00 or %0A)' : null;
}

/**
 * What a streamed answer awaits between its pieces (`locals.responseDrained`): the moment `res`
 * has handed what was written to the connection, or the client left. Astro's writer does not wait
 * for that itself, so a long file to a slow reader would otherwise pile up in memory.
 */
function drainedOf(res: import('node:http').ServerResponse): () => Promise<void> {
  return () =>
    !res.writableNeedDrain || res.destroyed
      ? Promise.resolve()
      : new Promise<void>((done) => {
          const go = () => {
            res.off('drain', go);
            res.off('close', go);
            done();
          };
          res.on('drain', go);
          res.on('close', go);
        });
}

/**
 * True when the request's path, decoded once, would still change if decoded again (`%2561` is
 * `%61` once, `a` twice). A path is decoded exactly once; Astro's router decodes until nothing
 * changes, so `/api/%252561dmin/users` reached the admin routes. Such a path names nothing here.
 */
function encodedTwice(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0]!;
  const once = decodeURI(path);
  try {
    return decodeURI(once) !== once;
  } catch {
    return false;
  }
}

/** Methods no route of the arcade answers, refused before anything else looks at the request. */
const REFUSED_METHODS = new Set(['TRACE', 'TRACK']);

/** An answer in JSON with the security headers, never cached. */
function jsonAnswer(res: import('node:http').ServerResponse, status: number, body: object, extra = {}) {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...extra,
  });
  res.end(JSON.stringify(body));
}

/**
 * The games' origin: the reference games' files (GET and HEAD), and a 404 for anything else, so a
 * game's script finds neither the arcade's pages nor its session-bearing API on its own origin.
 */
function answerGames(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    jsonAnswer(
      res,
      405,
      { error: `${req.method} is not allowed here: this origin only serves the arcade's games.` },
      { allow: 'GET, HEAD' },
    );
    return;
  }
  if (gameFiles.serve(req, res)) return;
  jsonAnswer(res, 404, { error: `This origin only serves the arcade's games; the arcade is at ${siteUrl}.` });
}

/** `/arcade-games/…` on the arcade's origin: the old address of a game, sent on to the games' origin. */
function isGamePath(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0]!;
  return path === REFERENCE_GAMES_PREFIX.slice(0, -1) || path.startsWith(REFERENCE_GAMES_PREFIX);
}

const answer =
  (forGames: boolean) => (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    if (REFUSED_METHODS.has(req.method ?? '')) {
      res.writeHead(405, {
        ...SECURITY_HEADERS,
        allow: 'GET, HEAD, POST, PUT, DELETE, OPTIONS',
        'content-type': 'application/json',
      });
      res.end(JSON.stringify({ error: `${req.method} is not allowed here.` }));
      return;
    }
    const addressProblem = invalidAddress(req.url ?? '/');
    if (addressProblem) {
      res.writeHead(400, {
        ...SECURITY_HEADERS,
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      });
      res.end(JSON.stringify({ error: `This address is not valid: ${addressProblem}.` }));
      return;
    }
    if (encodedTwice(req.url ?? '/')) {
      jsonAnswer(res, 404, { error: 'Nothing is at this address: its path is percent-encoded more than once.' });
      return;
    }
    if (forGames || req.headers.host?.toLowerCase() === gamesHost) {
      answerGames(req, res);
      return;
    }
    if (isGamePath(req.url ?? '/') && (req.method === 'GET' || req.method === 'HEAD')) {
      res.writeHead(308, { ...SECURITY_HEADERS, location: `${gamesOrigin}${req.url}`, 'cache-control': 'no-store' });
      res.end();
      return;
    }
    if (staticFiles.serve(req, res)) return;
    // Astro's answers: the middleware sets these again on on-demand routes; the not-found page
    // Astro makes from the prerendered 404 also needs its CSP.
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    if (staticFiles.notFoundCsp) {
      const csp = staticFiles.notFoundCsp;
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
      res.writeHead = ((...args: unknown[]) => {
        const type = String(res.getHeader('content-type') ?? '');
        const headersArg = args.find((a) => a && typeof a === 'object') as Record<string, unknown> | undefined;
        const typeInArgs = headersArg
          ? String(Object.entries(headersArg).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '')
          : '';
        if (
          args[0] === 404 &&
          (type || typeInArgs).startsWith('text/html') &&
          !res.hasHeader('content-security-policy')
        ) {
          res.setHeader('content-security-policy', csp);
        }
        return writeHead(...args);
      }) as typeof res.writeHead;
    }
    void astroHandler(req, res, undefined, { responseDrained: drainedOf(res) } satisfies Partial<App.Locals>);
  };

const host = process.env.HOST ?? 'localhost';
const port = Number(process.env.PORT ?? 4321);
const server = createServer(answer(false));
/** The games' own port (GAMES_PORT, or the next port on this machine), when there is one: one server per address. */
const gamesHosts = gamesPort === undefined ? [] : gamesListenHosts(host, gamesOrigin);
const gamesServers = gamesHosts.map(() => createServer(answer(true)));
const servers = [server, ...gamesServers];

for (const each of servers) {
  // Idle connections stay open longer than clients and proxies keep theirs, so it is always the
  // client that closes one, never the server while a request is on its way (ECONNRESET).
  each.keepAliveTimeout = 65_000;
  each.headersTimeout = 66_000;
}

// Node's parser refuses a method it does not know (TRACK, for one) before any handler runs: answer
// that with a 405 too, and anything else it cannot parse with a 400, instead of closing the socket.
for (const each of servers)
  each.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const status = error.code === 'HPE_INVALID_METHOD' ? '405 Method Not Allowed' : '400 Bad Request';
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${JSON.stringify({ error: status.slice(4) })}`,
    );
  });

const shown = (name: string) => (name.includes(':') ? `[${name}]` : name);
server.listen(port, host, () => {
  if (process.env.ASTRO_NODE_LOGGING !== 'disabled') console.log(`Server listening on http://${shown(host)}:${port}`);
});
gamesServers.forEach((gamesServer, i) => {
  const address = gamesHosts[i]!;
  gamesServer.listen(gamesPort, address, () => {
    if (process.env.ASTRO_NODE_LOGGING !== 'disabled')
      console.log(`Games listening on http://${shown(address)}:${gamesPort} (GAMES_ORIGIN ${gamesOrigin})`);
  });
  gamesServer.on('error', (error: NodeJS.ErrnoException) => {
    // A machine without IPv6 has no ::1: the games stay on the other address of `localhost`.
    if (i > 0 && (error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT')) return;
    console.error(
      `[arcade] cannot serve the games on port ${gamesPort}: ${error.message}. Set GAMES_PORT (or GAMES_ORIGIN) to a free port.`,
    );
    process.exit(1);
  });
});

/** How long a graceful stop waits for the requests under way before it ends them. */
const STOP_GRACE_MS = 10_000;

/**
 * Stop gently on SIGTERM (a process manager, a deploy) or SIGINT (Ctrl-C): take no new connections,
 * answer the requests under way (a run being stored is committed and acknowledged, not cut off),
 * close idle keep-alive connections and each busy one once its answer is out, then close the
 * database and exit 0. After STOP_GRACE_MS whatever is still open is ended; a second signal ends
 * the process at once.
 */
let stopping = false;
function stopGently(signal: NodeJS.Signals) {
  if (stopping) process.exit(1);
  stopping = true;
  console.log(`[arcade] ${signal}: finishing the requests under way, then stopping`);
  let ending = false;
  const done = () => {
    if (ending) return;
    ending = true;
    stopServices()
      .catch((error: unknown) => console.error('[arcade] could not close the database:', error))
      .finally(() => process.exit(0));
  };
  let open = servers.length;
  for (const each of servers) {
    each.close(() => {
      open -= 1;
      if (open === 0) done();
    });
    each.closeIdleConnections();
  }
  // A connection that answered its request while stopping is idle now: close it too.
  const idle = setInterval(() => servers.forEach((each) => each.closeIdleConnections()), 100);
  idle.unref();
  setTimeout(() => {
    console.warn(`[arcade] requests still open after ${STOP_GRACE_MS / 1000} s: ending them`);
    servers.forEach((each) => each.closeAllConnections());
    done();
  }, STOP_GRACE_MS).unref();
}
process.on('SIGTERM', stopGently);
process.on('SIGINT', stopGently);

export { server };

// Start the services now, not at the first request (the settings were read above: a wrong one,
// say a public SITE_URL without SMTP_URL, has stopped the process already); a database that is not
// up yet is tried again by the first request.
services().catch((error: unknown) => console.error('The arcade could not start its services yet:', error));
