/**
 * Build step: a page's own module script (`<script type="module" src>`: the magic-link landing's
 * sign-in) runs as soon as the page is parsed, so everything it imports is preloaded: the browser
 * asks for the whole module graph at once instead of one level of imports after another.
 *
 * The islands' scripts are not preloaded: a page's first paint and its largest paint come from the
 * HTML and the stylesheet, and scripts fetched beside them would load and run before that paint
 * (README, "Pages (Lighthouse)"). The islands import them when they hydrate. The fonts' preloads
 * are not this step's either: the layout writes them, into the pages made on demand too
 * (src/layouts/BaseLayout.astro). Pages that are not Astro's (the reference games, copied from `games/`)
 * are left alone.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The preload links a page's HTML should carry, given how to read a built file: `modulepreload` for
 * every module the page's own module scripts import, directly or not.
 */
export function preloadLinks(html: string, readFile: (path: string) => string | undefined): string[] {
  const modules = new Set<string>();
  const visit = (path: string) => {
    const code = readFile(path);
    if (code === undefined) return;
    // static imports only (`import ... from"./x.js"`, `import"./x.js"`): what import() loads is loaded later
    for (const [, relative] of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+)["']/g)) {
      const imported = new URL(relative!, `http://page${path}`).pathname;
      if (modules.has(imported)) continue;
      modules.add(imported);
      visit(imported);
    }
  };
  for (const [, src] of html.matchAll(/<script\s+type="module"\s+src="([^"]+)"/g)) visit(src!);
  return [...modules].filter((m) => !html.includes(`href="${m}"`)).map((m) => `<link rel="modulepreload" href="${m}">`);
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
