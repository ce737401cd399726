// Page budget: `npm run bench:pages` (after `npm run build`). Starts the built server on a fresh
// database with the demo players, runs Lighthouse (mobile preset: simulated slow 4G and a 4x slower
// CPU) on every public page in the system Chromium, and prints one row per page. JS gzip is every
// script the page loaded, gzipped here at level 9, so builds that serve scripts compressed and
// builds that do not compare alike; "JS over React" leaves out React's own runtime (the `react`
// chunk, with Astro's renderer entry and the bundler's helpers for React's CommonJS modules).
// Exits non-zero when a page misses the budget (BUDGET_* below).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { APP_PAGES, PUBLIC_PAGES } from '../tests/support/pages';
import { startServer } from '../tests/support/server';

/** `PAGES=/games,/about` measures only those (a re-run of the pages that missed). */
const PAGES = process.env.PAGES ? process.env.PAGES.split(',').map((page) => page.trim()) : PUBLIC_PAGES;

/** The budget every page must meet (Lighthouse scores 0-100). */
const BUDGET_PERFORMANCE = Number(process.env.BUDGET_PERFORMANCE ?? 98);
const BUDGET_ACCESSIBILITY = Number(process.env.BUDGET_ACCESSIBILITY ?? 100);
/** KB (gzip) of JavaScript a static page (not one of APP_PAGES) may load beyond React's runtime. */
const BUDGET_JS_OVER_REACT_KB = Number(process.env.BUDGET_JS_OVER_REACT_KB ?? 10);
/** React's own runtime as the build ships it (see astro.config.mjs, `chunkGroups`). */
const REACT_RUNTIME = /\/_astro\/(react|client|rolldown-runtime)\.[\w-]+\.js$/;
/** Lighthouse runs per page; the row is the run with the median performance score. */
const RUNS = Math.max(1, Number(process.env.RUNS ?? 1));

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  requests: number;
  totalKB: number;
  jsRequests: number;
  jsKB: number;
  jsGzipKB: number;
  /** The same without React's runtime. */
  jsOverReactKB: number;
  /** The element Lighthouse took as the largest paint, as HTML. */
  lcpElement: string;
}

const gzipCache = new Map<string, number>();
async function gzipBytes(url: string): Promise<number> {
  const known = gzipCache.get(url);
  if (known !== undefined) return known;
  const body = Buffer.from(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
  const size = gzipSync(body, { level: 9 }).length;
  gzipCache.set(url, size);
  return size;
}

/** The LCP element's HTML from the LCP breakdown insight (a node in a list in Lighthouse 13). */
function lcpSnippet(details: unknown): string {
  const find = (value: unknown): string | undefined => {
    if (!value || typeof value !== 'object') return undefined;
    const { node, type, snippet } = value as { node?: { snippet?: string }; type?: string; snippet?: string };
    if (type === 'node' && snippet) return snippet;
    if (node?.snippet) return node.snippet;
    for (const child of Object.values(value)) {
      const found = find(child);
      if (found) return found;
    }
    return undefined;
  };
  return (find(details) ?? '?').slice(0, 120);
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

async function measure(port: number, base: string, page: string): Promise<Row> {
  const result = await lighthouse(`${base}${page}`, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // the 404 page is measured as the visitor of a missing address sees it
    ignoreStatusCode: true,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
  const { lhr } = result;
  if (process.env.LHR_DIR)
    writeFileSync(`${process.env.LHR_DIR}/${page.replace(/\W+/g, '_') || 'home'}.json`, JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${page}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = (
    (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? []
  ).filter((r) => r.url.startsWith(base));
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  let jsGzip = 0;
  let reactGzip = 0;
  for (const script of scripts) {
    const bytes = await gzipBytes(script.url);
    jsGzip += bytes;
    if (REACT_RUNTIME.test(new URL(script.url).pathname)) reactGzip += bytes;
  }
  return {
    page,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
    requests: requests.length,
    totalKB: kb(audit('total-byte-weight')),
    jsRequests: scripts.length,
    jsKB: kb(scripts.reduce((n, r) => n + (r.resourceSize ?? 0), 0)),
    jsGzipKB: kb(jsGzip),
    jsOverReactKB: kb(jsGzip - reactGzip),
    lcpElement: lcpSnippet(lhr.audits['lcp-breakdown-insight']?.details),
  };
}

async function main() {
  const server = await startServer({ ASTRO_NODE_LOGGING: 'disabled' });
  const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const rows: Row[] = [];
  try {
    const demo = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/demo.ts'], {
      env: { ...process.env, DATA_DIR: server.dataDir },
      encoding: 'utf8',
    });
    if (demo.status !== 0) console.error(`Demo data not loaded (the leaderboards stay empty):\n${demo.stderr}`);
    // Warm up: the first request of a fresh server loads the rankings.
    for (const page of PAGES) await fetch(`${server.url}${page}`);
    for (const page of PAGES) {
      const runs: Row[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(chrome.port, server.url, page));
      runs.sort((a, b) => a.performance - b.performance);
      const row = runs[Math.floor(runs.length / 2)];
      rows.push(row);
      console.error(`${page}: performance ${row.performance}, LCP ${row.lcpMs} ms on ${row.lcpElement}`);
    }
  } finally {
    chrome.kill();
    await server.stop();
  }

  console.log(
    '\n| page | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | requests | total KB | JS requests | JS KB | JS gzip KB | JS over React gzip KB |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    console.log(
      `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.requests} | ${r.totalKB} | ${r.jsRequests} | ${r.jsKB} | ${r.jsGzipKB} | ${r.jsOverReactKB} |`,
    );
  }
  const tooMuchJs = (r: Row) => !APP_PAGES.includes(r.page) && r.jsOverReactKB > BUDGET_JS_OVER_REACT_KB;
  const misses = rows.filter(
    (r) => r.performance < BUDGET_PERFORMANCE || r.accessibility < BUDGET_ACCESSIBILITY || tooMuchJs(r),
  );
  console.log(
    `\nBudget: performance >= ${BUDGET_PERFORMANCE}, accessibility >= ${BUDGET_ACCESSIBILITY}, static pages' JavaScript <= ${BUDGET_JS_OVER_REACT_KB} KB (gzip) over React's. ${misses.length ? `Missed by: ${misses.map((r) => r.page).join(', ')}` : 'Every page meets it.'}`,
  );
  process.exit(misses.length ? 1 : 0);
}

await main();
