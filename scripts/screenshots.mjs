// Takes desktop and narrow screenshots of pages for a look by eye:
//   node scripts/screenshots.mjs http://127.0.0.1:4321 / /games /donate
// Signed in as a player of the server's development outbox (DATA_DIR as the server's, and the URL
// its SITE_URL, which a server on HOST=127.0.0.1 without one is on):
//   SIGN_IN=reel_queen@example.com DATA_DIR=./data node scripts/screenshots.mjs http://127.0.0.1:4321 / /achievements
// They land in test-results/screens/ (with a -signed-in suffix when signed in); console errors are printed.
import { chromium } from '@playwright/test';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Sign the browser context in with the 6-digit code of a fresh mail from the outbox. */
async function signIn(context, base, email, dataDir) {
  const headers = { origin: base };
  const outbox = join(dataDir, 'outbox');
  const mails = () => {
    try {
      return readdirSync(outbox)
        .filter((f) => f.endsWith(`-${email}.txt`))
        .sort();
    } catch {
      return [];
    }
  };
  const before = mails().length;
  const sent = await context.request.post(`${base}/api/auth/send-magic-link`, { data: { email }, headers });
  if (!sent.ok()) throw new Error(`send-magic-link answered ${sent.status()}`);
  for (let i = 0; i < 50 && mails().length <= before; i++) await new Promise((r) => setTimeout(r, 100));
  const text = readFileSync(join(outbox, mails().at(-1)), 'utf8');
  const code = /sign-in window: (\d{6})/.exec(text)?.[1];
  const verified = await context.request.post(`${base}/api/auth/verify-code`, { data: { email, code }, headers });
  if (!verified.ok()) throw new Error(`verify-code answered ${verified.status()}`);
}

const [base = 'http://localhost:4321', ...paths] = process.argv.slice(2);
const pages = paths.length
  ? paths
  : ['/', '/about', '/games', '/games/rekt', '/games/fishing-for-sats', '/games/mr-quiz', '/donate', '/help', '/nope'];
mkdirSync('test-results/screens', { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
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
});
const signedIn = process.env.SIGN_IN;
for (const [label, viewport] of [
  ['desktop', { width: 1366, height: 900 }],
  ['narrow', { width: 360, height: 780 }],
]) {
  const context = await browser.newContext({ viewport });
  if (signedIn) await signIn(context, base, signedIn, process.env.DATA_DIR || './data');
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log(`${label} ${page.url()}: ${m.text()}`));
  page.on('pageerror', (e) => console.log(`${label} ${page.url()}: ${e.message}`));
  for (const path of pages) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '_');
    await page.screenshot({
      path: `test-results/screens/${label}-${name}${signedIn ? '-signed-in' : ''}.png`,
      fullPage: process.env.FULL === '1',
    });
  }
  await context.close();
}
await browser.close();
console.log('screenshots in test-results/screens/');
