// Captures the games' catalogue and detail screenshots from the games themselves (README, "Game
// screenshots"): each game is played in Chromium by a small autopilot that reads the game's own
// test snapshot (`__arcadeDebug`), and the moments worth showing are saved as lossless WebP in
// public/images/games/{game}/. What a visitor sees on a card is what the game shows.
//   npm run build && node scripts/start.mjs &   (or any running arcade)
//   node scripts/capture-screenshots.mjs http://localhost:4321
// The callbacks given to page.evaluate and waitForFunction run in the browser.
/* global window, document, KeyboardEvent, requestAnimationFrame */
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const base = process.argv[2] ?? 'http://localhost:4321';
const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'images', 'games');
/** The cards' pictures are 640 x 400 (GameCard.astro). */
const CARD = { width: 640, height: 400 };

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });

/** A fresh page showing `game` whose stage (the picture without the HUD) is `size`. */
async function open(game, size) {
  const page = await browser.newPage({ viewport: { width: size.width, height: size.height + 200 } });
  page.on('pageerror', (error) => console.error(`${game}: ${error.message}`));
  await page.goto(`${base}/arcade-games/${game}/`);
  // The HUD's height varies with the width: size the window so the stage is exactly `size`.
  const hud = await page.locator('.hud').evaluate((el) => el.getBoundingClientRect().height);
  await page.setViewportSize({ width: size.width, height: size.height + Math.round(hud) });
  await page.evaluate(() => document.fonts.ready);
  return page;
}

async function save(page, game, name) {
  const png = await page.locator('#stage').screenshot({ animations: 'allow' });
  const file = join(root, game, `${name}.webp`);
  mkdirSync(dirname(file), { recursive: true });
  const info = await sharp(png).webp({ lossless: true, effort: 6 }).toFile(file);
  console.log(`${file.slice(root.length + 1)}: ${info.width}x${info.height}, ${Math.round(info.size / 1024)} KB`);
}

const snapshot = (page) => page.evaluate(() => window.__arcadeDebug());

/** Wait until `test(snapshot)` holds, checked on each animation frame. */
async function until(page, test, timeout = 120_000) {
  await page.waitForFunction(test, null, { timeout, polling: 'raf' });
}

// ---------- REKT! ----------
/** Fly the bird: aim for the next gap, or for the coins of a formation on the way (as scripts/autoplay.ts). */
async function autopilot(page) {
  await page.evaluate(() => {
    window.__pilot = true;
    const fly = () => {
      const s = window.__arcadeDebug();
      if (s.phase === 'playing' && window.__pilot) {
        const target = s.coins.length ? s.coins[0].y + 6 : s.gapY === null ? 110 : s.gapY + 8;
        if (s.y > target && s.vy > -20) window.dispatchEvent(new KeyboardEvent('keydown', { code: 'Space' }));
      }
      requestAnimationFrame(fly);
    };
    requestAnimationFrame(fly);
  });
}

async function rekt() {
  const page = await open('rekt', CARD);
  await page.getByRole('button', { name: 'PLAY' }).click();
  await autopilot(page);
  await until(page, () => window.__arcadeDebug().coins.length >= 3);
  await save(page, 'rekt', 'shot-1');
  await until(page, () => window.__arcadeDebug().score >= 300);
  await until(page, () => {
    const s = window.__arcadeDebug();
    return s.gapX !== null && s.gapX > 20 && s.gapX < 40;
  });
  await save(page, 'rekt', 'shot-2');
  await until(page, () => Object.values(window.__arcadeDebug().achievements).filter(Boolean).length >= 2);
  await save(page, 'rekt', 'shot-3');
  await until(page, () => window.__arcadeDebug().level >= 5);
  await save(page, 'rekt', 'shot-4');
  await page.evaluate(() => (window.__pilot = false));
  await page.getByRole('button', { name: 'PLAY AGAIN' }).waitFor();
  await save(page, 'rekt', 'shot-5');
  await page.close();

  // The detail page's four: a phone held sideways (the world is 400 x 240 on every screen).
  const phone = await open('rekt', { width: 640, height: 360 });
  await save(phone, 'rekt', 'detail-1');
  await phone.getByRole('button', { name: 'PLAY' }).click();
  await autopilot(phone);
  await until(phone, () => window.__arcadeDebug().coins.length >= 2);
  await save(phone, 'rekt', 'detail-2');
  await until(phone, () => window.__arcadeDebug().level >= 3);
  await save(phone, 'rekt', 'detail-3');
  await phone.evaluate(() => (window.__pilot = false));
  await phone.getByRole('button', { name: 'PLAY AGAIN' }).waitFor();
  await save(phone, 'rekt', 'detail-4');
  await phone.close();
}

// ---------- Fishing for Sats! ----------
async function fishing() {
  const page = await open('fishing-for-sats', CARD);
  await save(page, 'fishing-for-sats', 'shot-1');
  await page.getByRole('button', { name: 'PLAY' }).click();
  const box = await page.locator('#screen').boundingBox();
  const cast = async (holdUntil) => {
    await until(page, () => window.__arcadeDebug().phase === 'aim');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.waitForFunction(holdUntil, null, { polling: 'raf' });
  };
  // A deep cast, caught on the power meter.
  await cast(() => window.__arcadeDebug().phase === 'charging');
  await page.waitForTimeout(2300);
  await save(page, 'fishing-for-sats', 'shot-2');
  await page.mouse.up();
  // The bite: strike, then reel while the tension stays low, and show the fight.
  await until(page, () => window.__arcadeDebug().phase === 'bite');
  await save(page, 'fishing-for-sats', 'shot-3');
  await page.mouse.down();
  await page.mouse.up();
  let shown = false;
  for (;;) {
    const next = await page.waitForFunction(
      () => {
        const { phase, tension } = window.__arcadeDebug();
        if (phase !== 'reeling') return phase;
        return tension !== null && tension < 0.62 ? 'reel' : false;
      },
      null,
      { polling: 'raf', timeout: 120_000 },
    );
    const what = await next.jsonValue();
    if (what !== 'reel') break;
    if (!shown && (await snapshot(page)).tension > 0.45) {
      await save(page, 'fishing-for-sats', 'shot-4');
      shown = true;
    }
    await page.mouse.down();
    await page.mouse.up();
  }
  if ((await snapshot(page)).phase === 'caught') {
    await page.getByRole('dialog', { name: 'Caught!' }).waitFor();
    await save(page, 'fishing-for-sats', 'shot-5');
  } else {
    console.error('fishing: the fish got away; run the script again for a catch');
  }
  await page.close();
}

// ---------- Mr Quiz ----------
async function quiz() {
  const page = await open('mr-quiz', CARD);
  await save(page, 'mr-quiz', 'shot-1');
  await page.getByRole('button', { name: 'PLAY' }).click();
  const answers = page.locator('.answer');
  await answers.first().waitFor();
  await page.waitForTimeout(1200);
  await save(page, 'mr-quiz', 'shot-2');
  // Answers picked in turn: the first right one and the first wrong one are shown.
  const shown = new Set();
  for (let round = 1; round <= 10; round++) {
    await page.waitForFunction((n) => document.body.dataset.question === String(n), round);
    await answers.nth(round % 4).click();
    const feedback = page.locator('#q-feedback[data-kind="ok"], #q-feedback[data-kind="error"]');
    const kind = await feedback.getAttribute('data-kind');
    const name = kind === 'ok' ? 'shot-3' : 'shot-4';
    if (!shown.has(name)) {
      await page.waitForTimeout(300);
      await save(page, 'mr-quiz', name);
      shown.add(name);
    }
  }
  await page.getByRole('button', { name: 'PLAY AGAIN' }).waitFor();
  await save(page, 'mr-quiz', 'shot-5');
  await page.close();
}

const only = process.argv[3];
for (const [name, run] of [
  ['rekt', rekt],
  ['fishing-for-sats', fishing],
  ['mr-quiz', quiz],
])
  if (!only || only === name) await run();
await browser.close();
