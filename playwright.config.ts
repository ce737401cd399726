import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * The system's Chromium: this project never downloads a browser build. Its headless shell
 * (`chromium-headless-shell`, what `./arcade chromium` installs) when there, else the full browser.
 */
const executablePath =
  process.env.CHROMIUM_PATH ||
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ||
  '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  // Playwright empties its output folder as it starts: its own, so the reports of Vitest's files,
  // which run beside it (scripts/test-all.mjs, test-results/reports/), stay.
  outputDir: 'test-results/playwright',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Limits, not waits: every step waits for what the page or the server signals and goes on the
  // moment it does. They are set for a machine twice as slow as a quiet two-core one, where a page
  // of islands can take seconds to hydrate (README, "Tests on a slow machine").
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    // baseURL: every worker's own arcade (tests/e2e/support.ts)
    // A trace records every step of every test (snapshots, a screencast) and costs the browser a
    // good part of its time. CI keeps only what it prints (the error and the page's accessibility
    // snapshot); a developer's run keeps the traces of failed tests.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // The arcade's endless animations (the TOURNAMENT button's glow in every page's header, live
    // badges, spinners) repaint every frame for as long as a page is open, and the browser pays for
    // it in every test. Players who ask for reduced motion get them stopped (src/styles/global.css),
    // and so does the suite; a test about an animation asks for motion itself (the confetti).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } },
      grepInvert: /@narrow/,
    },
    // A phone's screen, 360 px wide, with touch, drawn at one device pixel per CSS pixel: the
    // Pixel 7's 2.6 would make the browser paint about seven times the pixels of every page for
    // the same layout (the narrow tests took 18% less CPU at 1). No page or test depends on it.
    {
      name: 'narrow',
      use: { ...devices['Pixel 7'], viewport: { width: 360, height: 780 }, deviceScaleFactor: 1 },
      grep: /@narrow/,
    },
  ],
});
