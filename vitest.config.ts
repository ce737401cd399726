import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // The `~/` import alias (`~/lib/format` is src/lib/format), read from tsconfig.json's `paths`
    // as Astro's own Vite config does, so the alias is written down once.
    tsconfigPaths: true,
    // Services that read the catalogue run in the integration tests on a stand-in collection.
    alias: { 'astro:content': fileURLToPath(new URL('./tests/support/astro-content.ts', import.meta.url)) },
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/api/**/*.test.ts'],
    // PostgreSQL for the tests: the machine's own, else an embedded one (README, Commands)
    globalSetup: ['tests/support/pg-global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
