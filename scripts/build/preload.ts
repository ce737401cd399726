/**
 * Build step: lets each page's HTML name everything its first render needs, so the browser asks
 * for it at once instead of discovering it import by import. Adds to every built page
 * `<link rel="modulepreload">` for the islands that hydrate on load, their renderer and every module
 * those import statically, and `<link rel="preload" as="font">` for the fonts its stylesheets
 * declare. Pages that are not Astro's (the reference games in `public/`) are left alone.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, posix } from 'node:path';

/** Static `import … from "x"` / `export … from "x"` / `import "x"` of a built module (not `import()`). */
const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g;

/** The module URLs (site paths) a built module imports statically, itself included, depth first. */
export function moduleClosure(entry: string, readModule: (path: string) => string | undefined, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  const source = readModule(entry);
  if (source === undefined) return seen;
  seen.add(entry);
  for (const match of source.matchAll(STATIC_IMPORT)) {
    const specifier = match[1];
    if (!specifier.startsWith('.') && !specifier.startsWith('/')) continue;
    moduleClosure(specifier.startsWith('/') ? specifier : posix.join(posix.dirname(entry), specifier), readModule, seen);
  }
  return seen;
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The preload links a page's HTML should carry (modules first, then fonts), given how to read a built file. */
export function preloadLinks(html: string, readFile: (path: string) => string | undefined): string[] {
  const entries: string[] = [];
  for (const [island] of html.matchAll(/<astro-island\s[^>]*>/g)) {
    const renderer = attr(island, 'renderer-url');
    if (renderer) entries.push(renderer);
    // islands that wait (client:visible, client:idle) load later on purpose
    const component = attr(island, 'component-url');
    if (component && attr(island, 'client') === 'load') entries.push(component);
  }
  for (const [, src] of html.matchAll(/<script\s+type="module"\s+src="([^"]+)"/g)) entries.push(src);
  const modules = new Set<string>();
  for (const entry of entries) moduleClosure(entry, readFile, modules);

  // Of faces for the same family, weight and style the browser tries the last declared first (the
  // subset fonts come after the full fallback files): only that one is preloaded.
  const fonts = new Map<string, string>();
  const styles = [...html.matchAll(/<link\s+rel="stylesheet"\s+href="([^"]+)"/g)].map(([, href]) => readFile(href) ?? '');
  styles.push(...[...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(([, css]) => css));
  for (const css of styles) {
    for (const [face] of css.matchAll(/@font-face\s*{[^}]*}/g)) {
      const woff2 = /url\(["']?([^"')]+\.woff2)["']?\)/.exec(face)?.[1];
      const descriptor = (name: string) => new RegExp(`${name}\\s*:\\s*([^;}]+)`).exec(face)?.[1].trim() ?? '';
      if (woff2) fonts.set(`${descriptor('font-family')}|${descriptor('font-weight')}|${descriptor('font-style')}`, woff2);
    }
  }
  return [
    ...[...modules].filter((m) => !html.includes(`href="${m}"`)).map((m) => `<link rel="modulepreload" href="${m}">`),
    ...[...fonts.values()].map((f) => `<link rel="preload" href="${f}" as="font" type="font/woff2" crossorigin>`),
  ];
}

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith('.html')) yield path;
  }
}

/** Adds the preload links to every Astro page under `clientDir`; returns how many pages changed. */
export async function addPreloads(clientDir: string, assetsPrefix = '/_astro/'): Promise<number> {
  const cache = new Map<string, string | undefined>();
  const read = (path: string) => {
    if (!path.startsWith(assetsPrefix)) return undefined;
    if (!cache.has(path)) {
      const file = join(clientDir, path);
      cache.set(path, existsSync(file) ? readFileSync(file, 'utf8') : undefined);
    }
    return cache.get(path);
  };
  let pages = 0;
  for await (const path of htmlFiles(clientDir)) {
    const html = await readFile(path, 'utf8');
    if (!html.includes(assetsPrefix)) continue;
    const links = preloadLinks(html, read);
    if (links.length === 0) continue;
    // after the stylesheet, which the first paint needs most
    const at = html.indexOf('</head>');
    if (at < 0) continue;
    await writeFile(path, html.slice(0, at) + links.join('') + html.slice(at));
    pages += 1;
  }
  return pages;
}
