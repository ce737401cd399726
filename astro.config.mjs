// @ts-check
import { defineConfig } from 'astro/config';
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
  build: { inlineStylesheets: 'auto' },
  vite: {
    plugins: [tailwindcss()],
  },
});
