// @ts-check
import { defineConfig, envField } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import icon from 'astro-icon';
import tailwindcss from '@tailwindcss/vite';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gamesOriginSetting, SETTING_NAMES, siteUrlSetting } from './src/server/shared/config';
import { frameSources, pageDirectives, REFERENCE_GAMES_PREFIX } from './src/server/static/headers';
import { addPreloads } from './scripts/build/preload';
import { pointIslandsAtChunks } from './scripts/build/island-chunks';
import { precompress } from './scripts/build/precompress';
import { copyReferenceGames, serveReferenceGames } from './scripts/build/reference-games';
import { catalogueFolders } from './scripts/build/catalogue-folders.mjs';

// the server's own rule (a local arcade without SITE_URL is on HOST and PORT), so its pages name the same address
const site = siteUrlSetting(process.env);
// the games' origin, by the same rule as the server's (README, "Settings": GAMES_ORIGIN); a public
// arcade without one is refused at start, and built here with a stand-in its server replaces
const builtGamesOrigin = new URL(gamesOriginSetting(process.env) ?? 'https://games.invalid').origin;

/** The catalogue's game URLs (the `url` of every entry, see catalogueFolders): the play page frames them. */
function catalogueGameUrls() {
  return catalogueFolders().flatMap((folder) => {
    const dir = new URL(`./${folder}/`, import.meta.url);
    return readdirSync(dir)
      .filter((name) => name.endsWith('.md'))
      .map((name) => /^url:\s*["']?([^"'\n]+?)["']?\s*$/m.exec(readFileSync(new URL(name, dir), 'utf8'))?.[1])
      .filter((url) => typeof url === 'string');
  });
}

/**
 * The Node adapter in middleware mode behind the arcade's own server entry
 * (src/server/entry.ts), which serves the static files compressed and with their headers.
 */
function nodeBehindStaticServer() {
  const integration = node({ mode: 'middleware', staticHeaders: true });
  const configDone = integration.hooks['astro:config:done'];
  integration.hooks['astro:config:done'] = (params) =>
    configDone?.({
      ...params,
      setAdapter: (adapter) =>
        params.setAdapter({
          ...adapter,
          serverEntrypoint: fileURLToPath(new URL('./src/server/entry.ts', import.meta.url)),
        }),
    });
  return integration;
}

/**
 * @type {import('astro').AstroIntegration}
 * After the build: the reference games (games/) join the static files at /arcade-games/, then module
 * preloads for a page's own script (the magic-link landing's), then the built pages' islands load
 * their shared chunk directly (not the chunk that only re-exports it), then Brotli and gzip copies of the
 * static files, the games' included, made once here rather than at every answer. (Every page's font
 * preloads come from its layout, src/layouts/BaseLayout.astro.) `npm run dev` serves the games from
 * games/ itself (`serveReferenceGames` below).
 */
const deliveryBuildSteps = {
  name: 'sats-arcade:delivery',
  hooks: {
    'astro:build:done': async ({ dir, logger }) => {
      const games = await copyReferenceGames(fileURLToPath(dir), REFERENCE_GAMES_PREFIX);
      logger.info(`${games} reference game files copied to ${REFERENCE_GAMES_PREFIX}`);
      const pages = await addPreloads(fileURLToPath(dir));
      logger.info(`module preload links added to ${pages} pages`);
      const pointed = await pointIslandsAtChunks(fileURLToPath(dir));
      logger.info(`islands of ${pointed} pages load their shared chunks directly`);
      const { files, bytes, brotliBytes } = await precompress(fileURLToPath(dir));
      logger.info(
        `${files} files compressed: ${Math.round(bytes / 1024)} KB, ${Math.round(brotliBytes / 1024)} KB with Brotli`,
      );
    },
  },
};

/**
 * @type {import('astro').AstroIntegration}
 * `client:paint`: islands hydrate once the page has painted for the first time, so their scripts
 * never hold up the first paint or the largest one (src/client/paint-directive.ts).
 */
const hydrateAfterPaint = {
  name: 'sats-arcade:client-paint',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({
        name: 'paint',
        entrypoint: fileURLToPath(new URL('./src/client/paint-directive.ts', import.meta.url)),
      });
    },
  },
};

/**
 * The browser's shared code, so that a page loads what its first render needs in a few requests and
 * nothing more (README, "Pages": JavaScript per page):
 * - `react`: React, React DOM and the scheduler, as Astro's renderer ships them;
 * - `arcade`: every page's islands (the header's account area and tournament menu, the toasts, the
 *   auth dialogs' host) and what they share: nanostores and the data layer, the session, the
 *   plain-fetch API client, dropdowns, the header's icons, and Vite's loader of lazy parts;
 * - `player`: what every page adds for a signed-in player (the header's account menu: avatar,
 *   Sign Out, and `query-wait.ts` and `failure.ts`, which run its actions), loaded with that menu;
 * - `games`: the games pages' islands (play buttons, play counts, the screenshot carousel) with
 *   their play links and counts; `numbers` (en-US number formatting) on its own, which the games
 *   pages and the tournament cards need at once; `cross-tab` (the home page's listener);
 * - `tournament-cards`: what the tournament lists' cards hydrate with (date and time formatting,
 *   countdowns' clock, reward avatars);
 * - `data` and `boards`: the live boards' data layer and the boards themselves (below);
 * - `app`: everything else that more than one island or lazy part imports (schemas, forms,
 *   dialogs, the admin's and the account's stores), which only the pages and parts that use it load.
 * `arcade`, `player` and `games` take only the modules named here. An island in `arcade` or `games`
 * keeps a chunk of its own that only re-exports it (about 90 bytes), which Astro's island loads:
 * one larger chunk compresses better than several small ones (about 1 KB less on every page).
 * Other islands stay their own chunks. Modules that an island of some page needs at its first
 * render (`firstRenderOnSome`) stay out of `app`, in small chunks of their own, or that page would
 * load all of `app`. `npm run bench:pages` fails when a static page passes its JavaScript budget.
 */
/** Vite's module that wraps every `import()` of the browser's code. */
const PRELOAD_HELPER = '\0vite/preload-helper.js';

const sep = String.raw`[\\/]`;
const anyOf = (/** @type {string[]} */ patterns) => new RegExp(patterns.join('|'));
const everyPage = anyOf([
  `node_modules${sep}(nanostores|@nanostores${sep}query|nanoevents)${sep}`,
  // Vite's wrapper of every import(), which the header's and the dialogs' lazy parts use
  `vite${sep}preload-helper`,
  `src${sep}lib${sep}(query|request|time|stores${sep}(session|toast|modal|auth-dialog))\\.ts$`,
  `src${sep}ui${sep}(PixelIcon|useHydratedStore|useDropdown|useLoaded|pixel-icons)\\.tsx?$`,
  `src${sep}ui${sep}icons${sep}(chevron-down|trophy|chart-bar|gamepad|message|close)\\.ts$`,
  `src${sep}islands${sep}(TournamentMenu|HeaderAccount|Toaster|AuthDialogs)\\.tsx$`,
]);
const everyPlayerPage = anyOf([
  `src${sep}ui${sep}(PlayerAvatar|useAction|useSignOut)\\.tsx?$`,
  // running an action and telling how it failed (useAction): a player's actions, the boards, the admin tools
  `src${sep}lib${sep}(query-wait|failure)\\.ts$`,
  `src${sep}ui${sep}icons${sep}(user|logout|shield|sliders)\\.ts$`,
]);
const gamePages = new RegExp(`src${sep}lib${sep}(play|stores${sep}game-stats)\\.ts$`);
/** Number formatting: the games pages' counts and the tournament cards' dates both need it at once. */
const numbers = new RegExp(`src${sep}lib${sep}numbers\\.ts$`);
/** The games pages' islands, in the `games` chunk with what they import. */
const gameIslands = new RegExp(`src${sep}islands${sep}(PlayButton|GamesPlayed|ScreenshotCarousel)\\.tsx$`);
/** What the tournament lists' cards hydrate with (countdowns, reward thumbnails): dates and times, reward avatars. */
const tournamentCards = anyOf([
  `src${sep}lib${sep}(format|tournament-time)\\.ts$`,
  `src${sep}ui${sep}(useNow|useBrokenImage)\\.ts$`,
  `src${sep}features${sep}tournaments${sep}RewardAvatars\\.tsx$`,
]);
/**
 * What the live boards' first render needs beyond `arcade`: the data layer's fetching and checking
 * (zod mini, ky, the API client, the React binding of nanostores) in `data`, which the forms and
 * the admin tools share too, and the boards themselves (the leaderboards page's and a tournament's)
 * in `boards`. The leaderboards page then evaluates neither the admin's, the account's nor the
 * tournaments' schemas and stores that `app` holds.
 */
const dataLayer = anyOf([
  `node_modules${sep}(zod|ky|@nanostores${sep}react)${sep}`,
  `src${sep}lib${sep}(api|countries)\\.ts$`,
  `src${sep}ui${sep}useTabs\\.ts$`,
]);
const boards = anyOf([
  `src${sep}features${sep}leaderboards${sep}(BoardNotices|LeaderboardRow|LeaderboardTable|LoadMorePlayers|PlayersAbove|useLeaderboard)\\.tsx?$`,
  `src${sep}lib${sep}(leaderboards|stores${sep}leaderboards|schemas${sep}leaderboards)\\.ts$`,
]);
const firstRenderOnSome = anyOf([
  gamePages.source,
  numbers.source,
  tournamentCards.source,
  `src${sep}ui${sep}icons${sep}`,
]);
const island = new RegExp(`src${sep}islands${sep}`);
/** A module's file name without its extension: the name of its chunk. */
const ownName = (/** @type {string} */ id) => id.replace(/^.*[\\/]/, '').replace(/\.\w+$/, '');
const chunkGroups = [
  {
    name: 'react',
    test: new RegExp(`node_modules${sep}(react|react-dom|scheduler|@astrojs${sep}react)${sep}`),
    priority: 4,
  },
  { name: 'arcade', test: everyPage, priority: 3 },
  { name: 'player', test: everyPlayerPage, minShareCount: 2, priority: 2 },
  // the cross-tab sign-in's protocol and its listening half (the home page, the sign-in dialog)
  { name: 'cross-tab', test: new RegExp(`src${sep}lib${sep}cross-tab(-listen)?\\.ts$`), priority: 2 },
  // the games pages' islands with their play links and counts
  { name: 'games', test: anyOf([gamePages.source, gameIslands.source]), priority: 2 },
  { name: 'tournament-cards', test: tournamentCards, minShareCount: 2, priority: 2 },
  { name: 'numbers', test: numbers, priority: 3 },
  { name: ownName, test: firstRenderOnSome, minShareCount: 2, priority: 1 },
  { name: 'data', test: dataLayer, minShareCount: 2, priority: 2 },
  { name: 'boards', test: boards, minShareCount: 2, priority: 2 },
  // signing in with a link or a code: the magic-link landing's page script loads this at once,
  // with none of `app` (the sign-in dialog's code entry shares it)
  {
    name: 'sign-in',
    test: anyOf([
      `src${sep}lib${sep}(cross-tab-announce|stores${sep}verify-link)\\.ts$`,
      `src${sep}features${sep}account${sep}magic-link-landing\\.ts$`,
    ]),
    priority: 1,
  },
  {
    name: 'app',
    test: (/** @type {string} */ id) => !island.test(id) && !firstRenderOnSome.test(id),
    minShareCount: 2,
    priority: 1,
  },
];

/** Stands for a worker's built address in the server's code until its file name is known. */
const WORKER_PLACEHOLDER = '__SATS_ARCADE_WORKER_';

/**
 * @type {import('vite').Plugin}
 * The server's worker threads (`new URL('./x-worker.ts', import.meta.url)`, started with `new Worker`
 * as the report renderer's or given to a pool as the replay pool's): Vite builds such workers for
 * the browser only, so in the server build each becomes
 * `dist/server/workers/x-worker.mjs`, bundled from its source, and the address in the code that
 * starts it points there (a file URL of Rollup's would make it a public asset of the client). In
 * development and tests the source file runs as it is (Node strips its types; the replay pool adds tsx).
 */
const serverWorkers = {
  name: 'sats-arcade:server-workers',
  apply: 'build',
  applyToEnvironment: (environment) => environment.name === 'ssr',
  transform: {
    filter: { code: /-worker\.ts['"]/ },
    async handler(code, id) {
      const workerUrl = /new URL\(\s*(['"])(\.{1,2}\/[^'"]+-worker\.ts)\1\s*,\s*import\.meta\.url\s*\)/g;
      let out = '';
      let last = 0;
      for (const match of code.matchAll(workerUrl)) {
        const resolved = await this.resolve(match[2], id);
        if (!resolved) this.error(`The worker ${match[2]} of ${id} was not found.`);
        const name = match[2].replace(/^.*\//, '').replace(/\.\w+$/, '');
        const ref = this.emitFile({ type: 'chunk', id: resolved.id, fileName: `workers/${name}.mjs` });
        out += `${code.slice(last, match.index)}new URL("${WORKER_PLACEHOLDER}${ref}__", import.meta.url)`;
        last = match.index + match[0].length;
      }
      return last === 0 ? undefined : { code: out + code.slice(last), map: null };
    },
  },
  renderChunk(code, chunk) {
    if (!code.includes(WORKER_PLACEHOLDER)) return null;
    const from = chunk.fileName.split('/').slice(0, -1);
    return code.replace(new RegExp(`${WORKER_PLACEHOLDER}(\\w+)__`, 'g'), (_, ref) => {
      const target = this.getFileName(ref);
      return `${from.length === 0 ? './' : '../'.repeat(from.length)}${target}`;
    });
  },
};

/** The origins the play page frames: the pages' `frame-src`, and the server's Permissions-Policy (`__ARCADE_FRAME_SOURCES__`). */
const frames = frameSources(catalogueGameUrls(), site, builtGamesOrigin);

// Pages are prerendered unless they opt out with `export const prerender = false`;
// the Node adapter serves both the static files and the on-demand routes.
export default defineConfig({
  site,
  output: 'static',
  adapter: nodeBehindStaticServer(),
  integrations: [react(), icon({ include: { pixelarticons: ['*'] } }), hydrateAfterPaint, deliveryBuildSteps],
  // Sessions live in the arcade's own database, not in Astro's session store.
  session: false,
  // Astro's origin check only covers form posts; the arcade checks every state-changing
  // /api request itself in its middleware.
  security: {
    checkOrigin: false,
    // Astro hashes its own inline scripts and styles into script-src and style-src; no inline
    // script runs without its hash. Inline style attributes (React islands set a few) are allowed.
    csp: {
      directives: pageDirectives(frames),
      styleDirective: {
        resources: [{ resource: "'unsafe-inline'", kind: 'attribute' }],
      },
    },
  },
  trailingSlash: 'ignore',
  // Server settings, read at run time (see README, "Settings"); all optional with safe defaults.
  env: {
    schema: Object.fromEntries(
      SETTING_NAMES.map((name) => [name, envField.string({ context: 'server', access: 'secret', optional: true })]),
    ),
    validateSecrets: true,
  },
  // No code blocks in the content; Shiki's inline styles would also need an unsafe CSP.
  markdown: { syntaxHighlight: false },
  build: { inlineStylesheets: 'auto' },
  vite: {
    define: {
      __ARCADE_FRAME_SOURCES__: JSON.stringify(frames),
      __ARCADE_BUILT_GAMES_ORIGIN__: JSON.stringify(builtGamesOrigin),
    },
    plugins: [
      tailwindcss(),
      serverWorkers,
      serveReferenceGames(REFERENCE_GAMES_PREFIX, { arcade: new URL(site).origin, games: builtGamesOrigin }),
      {
        // The parts loaded on demand (the account dialogs and menu, the dashboard, the fishing
        // results) fetch their own imports when they first open: no dependency lists in the pages,
        // and Vite's wrapper of every import() (which would also fetch a lazy part's CSS; the
        // arcade's lazy parts have none, all CSS is the page's) is a plain call.
        name: 'sats-arcade:no-dynamic-preload',
        enforce: 'pre',
        configEnvironment: (name) => (name === 'client' ? { build: { modulePreload: false } } : undefined),
        resolveId: (id) => (id === PRELOAD_HELPER ? id : undefined),
        load: (id) =>
          id === PRELOAD_HELPER
            ? `export const __vitePreload = (load, deps) => { if (deps && deps.length) throw new Error('A lazy part has CSS of its own: ' + deps); return load(); };`
            : undefined,
      },
    ],
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: { groups: chunkGroups },
            },
          },
        },
      },
    },
  },
});
