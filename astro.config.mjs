// @ts-check
import { defineConfig, envField } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import icon from 'astro-icon';
import tailwindcss from '@tailwindcss/vite';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { frameSources, pageDirectives } from './src/server/static/headers';
import { addPreloads } from './scripts/build/preload';
import { precompress } from './scripts/build/precompress';

const site = process.env.SITE_URL || 'http://localhost:4321';

/** The catalogue's game URLs (the `url` of src/content/games/*.md): the play page frames them. */
function catalogueGameUrls() {
  const dir = new URL('./src/content/games/', import.meta.url);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => /^url:\s*["']?([^"'\n]+?)["']?\s*$/m.exec(readFileSync(new URL(name, dir), 'utf8'))?.[1])
    .filter((url) => typeof url === 'string');
}

/**
 * The Node adapter in middleware mode behind the arcade's own server entry
 * (src/server/static/entry.ts), which serves the static files compressed and with their headers.
 */
function nodeBehindStaticServer() {
  const integration = node({ mode: 'middleware', staticHeaders: true });
  const configDone = integration.hooks['astro:config:done'];
  integration.hooks['astro:config:done'] = (params) =>
    configDone?.({
      ...params,
      setAdapter: (adapter) => params.setAdapter({ ...adapter, serverEntrypoint: fileURLToPath(new URL('./src/server/static/entry.ts', import.meta.url)) }),
    });
  return integration;
}

/**
 * @type {import('astro').AstroIntegration}
 * After the build: preload links in every page (its islands' modules, its fonts), then Brotli and
 * gzip copies of the static files, made once here rather than at every answer.
 */
const deliveryBuildSteps = {
  name: 'sats-arcade:delivery',
  hooks: {
    'astro:build:done': async ({ dir, logger }) => {
      const pages = await addPreloads(fileURLToPath(dir));
      logger.info(`preload links added to ${pages} pages`);
      const { files, bytes, brotliBytes } = await precompress(fileURLToPath(dir));
      logger.info(`${files} files compressed: ${Math.round(bytes / 1024)} KB, ${Math.round(brotliBytes / 1024)} KB with Brotli`);
    },
  },
};

// Pages are prerendered unless they opt out with `export const prerender = false`;
// the Node adapter serves both the static files and the on-demand routes.
export default defineConfig({
  site,
  output: 'static',
  adapter: nodeBehindStaticServer(),
  integrations: [react(), icon({ include: { pixelarticons: ['*'] } }), deliveryBuildSteps],
  // Sessions live in the arcade's own database, not in Astro's session store.
  session: false,
  // Astro's origin check only covers form posts; the arcade checks every state-changing
  // /api request itself in its middleware.
  security: {
    checkOrigin: false,
    // Astro hashes its own inline scripts and styles into script-src and style-src; no inline
    // script runs without its hash. Inline style attributes (React islands set a few) are allowed.
    csp: {
      directives: pageDirectives(frameSources(catalogueGameUrls(), site)),
      styleDirective: {
        resources: [{ resource: "'unsafe-inline'", kind: 'attribute' }],
      },
    },
  },
  trailingSlash: 'ignore',
  // Server settings, read at run time (see README, "Settings"); all optional with safe defaults.
  env: {
    schema: Object.fromEntries(
      ['DATA_DIR', 'DATABASE_URL', 'SITE_URL', 'SMTP_URL', 'MAIL_FROM', 'PRODUCT_NAME', 'ADMIN_USER_IDS', 'COUNTRY_HEADER', 'TRUST_PROXY', 'SECRET_KEY', 'RUNS_PER_MINUTE', 'MAIL_OUTBOX', 'METRICS_TOKEN'].map(
        (name) => [name, envField.string({ context: 'server', access: 'secret', optional: true })],
      ),
    ),
    validateSecrets: true,
  },
  // No code blocks in the content; Shiki's inline styles would also need an unsafe CSP.
  markdown: { syntaxHighlight: false },
  build: { inlineStylesheets: 'auto' },
  vite: {
    plugins: [
      tailwindcss(),
      {
        // The parts loaded on demand (the account dialogs, the fishing results) fetch their own
        // imports when they first open: no preload helper and dependency list in every page.
        name: 'sats-arcade:no-dynamic-preload',
        configEnvironment: (name) => (name === 'client' ? { build: { modulePreload: false } } : undefined),
      },
    ],
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              // Modules that more than one island imports (React, the stores, the API client...) go
              // into one chunk: a few larger requests instead of thirty small ones, and no list of
              // file names to keep up to date.
              codeSplitting: {
                groups: [{ name: 'arcade', minShareCount: 2 }],
              },
            },
          },
        },
      },
    },
  },
});
