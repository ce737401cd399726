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
import { rewriteBuiltPages, type BuiltFileReader } from './built-pages';

/**
 * The preload links a page's HTML should carry, given how to read a built file: `modulepreload` for
 * every module the page's own module scripts import, directly or not.
 */
export function preloadLinks(html: string, readFile: BuiltFileReader): string[] {
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

/** Adds the preload links to every Astro page under `clientDir`; returns how many pages changed. */
export async function addPreloads(clientDir: string, assetsPrefix = '/_astro/'): Promise<number> {
  return rewriteBuiltPages(
    clientDir,
    (html, read) => {
      if (!html.includes(assetsPrefix)) return html;
      const links = preloadLinks(html, read);
      // after the stylesheet, which the first paint needs most
      const at = html.indexOf('</head>');
      if (links.length === 0 || at < 0) return html;
      return html.slice(0, at) + links.join('') + html.slice(at);
    },
    assetsPrefix,
  );
}
