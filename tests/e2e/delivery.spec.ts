import { request } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { expect, gamesOrigin, pastResultsPath, test } from './support';

// the prerendered pages (/about counts the arcade's figures from its data, so it is made per request)
const publicPages = ['/', '/games', '/games/rekt', '/leaderboards', '/donate', '/help', '/play', '/account'];

/** A raw request, so the test sees the bytes and headers the server sent (not the browser's decoding). */
function raw(baseURL: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ response: { status: number; headers: Headers }; body: Buffer }>((resolve, reject) => {
    request(new URL(path, baseURL), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          if (value !== undefined) responseHeaders.set(name, String(value));
        resolve({ response: { status: res.statusCode ?? 0, headers: responseHeaders }, body: Buffer.concat(chunks) });
      });
    })
      .on('error', reject)
      .end();
  });
}

test.describe('delivery of the static site', () => {
  test('pages come Brotli- or gzip-compressed as the browser asks, revalidated, with the security headers and a CSP', async ({
    baseURL,
  }) => {
    for (const path of publicPages) {
      const { response, body } = await raw(baseURL!, path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-encoding'), path).toBe('br');
      expect(brotliDecompressSync(body).toString()).toMatch(/^<!doctype html>/i);
      expect(response.headers.get('cache-control'), path).toBe('public, max-age=0, must-revalidate');
      expect(response.headers.get('vary'), path).toContain('Accept-Encoding');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("frame-ancestors 'self'");
      expect(csp, path).toMatch(/script-src 'self'( 'sha256-[^']+')*;/);
      expect(csp, path).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
    const gzip = await raw(baseURL!, '/help', { 'accept-encoding': 'gzip' });
    expect(gzip.response.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toMatch(/^<!doctype html>/i);
    const plain = await raw(baseURL!, '/help', { 'accept-encoding': 'identity' });
    expect(plain.response.headers.get('content-encoding')).toBeNull();
    expect(plain.body.toString()).toMatch(/^<!doctype html>/i);
  });

  test('a page already held is answered 304 Not Modified', async ({ baseURL }) => {
    const first = await raw(baseURL!, '/games', { 'accept-encoding': 'br' });
    const etag = first.response.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await raw(baseURL!, '/games', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.response.status).toBe(304);
  });

  test('hashed scripts and styles are cached for a year and compressed', async ({ page, baseURL }) => {
    for (const path of ['/', '/games']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const assets = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((url) => new URL(url).pathname.startsWith('/_astro/')),
      );
      expect(assets.length).toBeGreaterThan(0);
      // the islands load their shared chunks, not the chunks that only re-export them (scripts/build/island-chunks.ts)
      expect(
        assets.filter((u) => /\/(TournamentMenu|HeaderAccount|PlayButton)\./.test(u)),
        path,
      ).toEqual([]);
      for (const url of assets.filter((u) => /\.(js|css)$/.test(u))) {
        const { response } = await raw(baseURL!, new URL(url).pathname, { 'accept-encoding': 'br, gzip' });
        expect(response.headers.get('cache-control'), url).toBe('public, max-age=31536000, immutable');
        // every file Brotli makes smaller comes compressed; one it would make larger (the renderer's
        // 46-byte chunk that only re-exports React's) comes as it is
        const { body } = await raw(baseURL!, new URL(url).pathname);
        const smaller = brotliCompressSync(body).length < body.length * 0.95;
        expect(response.headers.get('content-encoding'), url).toBe(smaller ? 'br' : null);
      }
    }
  });

  test('a page fetches the small subset fonts, not the full Latin files they stand in for', async ({ page }) => {
    await page.goto('/about');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
    const fonts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.endsWith('.woff2')),
    );
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((f) => f.includes('-latin-'))).toEqual([]);
  });

  /** Open `path` in a browser of its own, with nothing cached (someone following a link a player shared): how its fonts came. */
  async function coldVisit(browser: Browser, baseURL: string, path: string) {
    const context = await browser.newContext({ baseURL });
    try {
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      return await page.evaluate(async () => {
        await document.fonts.ready;
        return {
          heading: [...document.fonts]
            .filter((face) => face.family.replaceAll('"', '') === 'Press Start 2P')
            .map((face) => face.status),
          fetchedBy: [
            ...new Set(
              performance
                .getEntriesByType('resource')
                .filter((e) => e.name.endsWith('.woff2'))
                .map((e) => (e as PerformanceResourceTiming).initiatorType),
            ),
          ],
        };
      });
    } finally {
      await context.close();
    }
  }

  // The heading's face is loaded, and every face was asked for with the page (its preload links,
  // initiator "link"), not once the stylesheet turned out to need it ("css"): with
  // `font-display: optional` only a face asked for that early is there for the first paint. (Which
  // face the first paint used is left to the browser's clock, so it is not what this checks.)
  const fontsWithThePage = { heading: ['loaded'], fetchedBy: ['link'] };

  test("a player's profile, opened cold from a shared link, asks for its pixel fonts with the page", async ({
    browser,
    baseURL,
  }) => {
    expect(await coldVisit(browser, baseURL!, '/users/1')).toEqual(fontsWithThePage);
  });

  test("a tournament's results, opened cold from a shared link, ask for their pixel fonts with the page", async ({
    browser,
    baseURL,
  }) => {
    const path = await pastResultsPath(browser);
    expect(await coldVisit(browser, baseURL!, path)).toEqual(fontsWithThePage);
  });

  test('the reference games, on their own origin, may be framed by the arcade, and by nobody else', async ({
    baseURL,
  }) => {
    const { response } = await raw(gamesOrigin(), '/arcade-games/rekt/', { 'accept-encoding': 'br' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-frame-options')).toBeNull();
    expect(response.headers.get('content-security-policy')).toContain(`frame-ancestors ${new URL(baseURL!).origin};`);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  test('the not-found page carries the same headers and CSP', async ({ baseURL }) => {
    const { response } = await raw(baseURL!, '/no-such-page');
    expect(response.status).toBe(404);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  });

  // No page breaks its Content-Security-Policy or finds a feature it does not know in its
  // Permissions-Policy: page-health.spec.ts watches for both on its one visit of every page.
});
