import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Test files that hold the arcade to a time (health answering within 200 ms during an export, a
 * replay inside its 1 s budget, runs seen by a second process within two seconds, replays measured
 * against wall-clock budgets): they run after the rest, one at a time, with the machine to
 * themselves. A report's rendering budget is CPU time, which a busy machine does not use up sooner
 * (the slow reports take four times theirs), so tests/api/report-rendering.test.ts runs with the rest.
 */
const ALONE = [
  'tests/api/account-export.test.ts',
  'tests/api/metrics.test.ts',
  'tests/api/scale-out.test.ts',
  'tests/integration/fair-play.test.ts',
];

export default defineConfig({
  resolve: {
    // The `~/` import alias (`~/lib/format` is src/lib/format), read from tsconfig.json's `paths`
    // as Astro's own Vite config does, so the alias is written down once.
    tsconfigPaths: true,
    // Services that read the catalogue run in the integration tests on a stand-in collection.
    alias: { 'astro:content': fileURLToPath(new URL('./tests/support/astro-content.ts', import.meta.url)) },
  },
  test: {
    // PostgreSQL for the tests: the machine's own, else an embedded one (README, Commands), and the
    // migrated templates every test's database is copied from (tests/support/test-databases.ts)
    globalSetup: ['tests/support/pg-global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 120_000,
    // Every run takes each file's tests in a new random order: no test may lean on what another
    // test of its file wrote (handbook, Tests: "Every test in any order"). The seed is printed at
    // the top of the run; `--sequence.seed=N` takes the same order again. Files keep the runner's
    // own order (the slowest first), which only decides which files run side by side.
    sequence: { shuffle: { files: false, tests: true } },
    projects: [
      {
        extends: true,
        test: {
          name: 'tests',
          include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/api/**/*.test.ts'],
          exclude: ALONE,
          // Two test files at a time on two cores: most of a file's time is spent waiting on the
          // server it started, PostgreSQL or the test Lightning network, in other processes.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: { name: 'timed', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
