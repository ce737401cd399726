// Takes desktop and narrow screenshots of pages for a look by eye:
//   node scripts/screenshots.mjs http://127.0.0.1:4321 / /games /donate
// They land in test-results/screens/.
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const [base = 'http://localhost:4321', ...paths] = process.argv.slice(2);
const pages = paths.length ? paths : ['/', '/about', '/games', '/games/rekt', '/games/fishing-for-sats', '/games/mr-quiz', '/donate', '/help', '/nope'];
mkdirSync('test-results/screens', { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const [label, viewport] of [['desktop', { width: 1366, height: 900 }], ['narrow', { width: 360, height: 780 }]]) {
  const page = await browser.newPage({ viewport });
  for (const path of pages) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '_');
    await page.screenshot({ path: `test-results/screens/${label}-${name}.png`, fullPage: process.env.FULL === '1' });
  }
  await page.close();
}
await browser.close();
console.log('screenshots in test-results/screens/');
