import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/api/**/*.test.ts'],
    // PostgreSQL for the tests: the machine's own, else an embedded one (README, Commands)
    globalSetup: ['tests/support/pg-global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
