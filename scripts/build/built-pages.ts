/**
 * The walk the build steps that rewrite Astro's built pages share (island-chunks.ts, preload.ts):
 * every `.html` file under the client folder, and a cached reader of the built assets it names.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Reads a built file by its URL path (`/_astro/x.js`): undefined outside the assets or when absent. */
export type BuiltFileReader = (path: string) => string | undefined;

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith('.html')) yield path;
  }
}

/**
 * Gives every built page under `clientDir` to `rewrite` with a reader of the assets under
 * `assetsPrefix`, and writes back each page it changes; returns how many pages changed.
 */
export async function rewriteBuiltPages(
  clientDir: string,
  rewrite: (html: string, read: BuiltFileReader) => string,
  assetsPrefix = '/_astro/',
): Promise<number> {
  const cache = new Map<string, string | undefined>();
  const read: BuiltFileReader = (path) => {
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
    const rewritten = rewrite(html, read);
    if (rewritten === html) continue;
    await writeFile(path, rewritten);
    pages += 1;
  }
  return pages;
}
