// @ts-check
import { defineConfig, envField } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import icon from 'astro-icon';
import tailwindcss from '@tailwindcss/vite';

// Pages are prerendered unless they opt out with `export const prerender = false`;
// the Node adapter serves both the static files and the on-demand routes.
export default defineConfig({
  site: process.env.SITE_URL || 'http://localhost:4321',
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), icon({ include: { pixelarticons: ['*'] } })],
  // Sessions live in the arcade's own database, not in Astro's session store.
  session: false,
  // Astro's origin check only covers form posts; the arcade checks every state-changing
  // /api request itself in its middleware.
  security: { checkOrigin: false },
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
  build: { inlineStylesheets: 'auto' },
  vite: {
    plugins: [tailwindcss()],
  },
});
