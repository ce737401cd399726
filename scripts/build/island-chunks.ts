/**
 * Build step: an island whose module the bundler put in a shared chunk (`arcade`, `games`: see
 * astro.config.mjs, `chunkGroups`) keeps a chunk of its own that only re-exports it, about 47
 * bytes (`export{r as default}from"./arcade.X.js"`), and Astro's island loads that chunk, which
 * then loads the shared one: a request more per island, one round trip more before it hydrates,
 * and a file too small to compress (Brotli makes it larger). In the built pages each such island
 * loads the shared chunk itself, naming the export (`component-export`), as Astro's island allows.
 * Pages made on demand keep the re-exporting chunks (they stay in the build).
 */
import { rewriteBuiltPages, type BuiltFileReader } from './built-pages';

/** A chunk that only re-exports one module's default from another chunk beside it. */
const REEXPORT = /^export\s*\{\s*([\w$]+)\s+as\s+default\s*\}\s*from\s*"\.\/([\w.-]+\.js)";?\s*$/;

/** `{ url, name }` of what a re-exporting chunk's code re-exports, or null for any other chunk. */
export function reexported(code: string): { file: string; name: string } | null {
  const match = REEXPORT.exec(code.trim());
  return match ? { name: match[1]!, file: match[2]! } : null;
}

/**
 * The page's islands pointed at the chunks their re-exporting chunks name, given how to read a
 * built file; a page with none is answered unchanged.
 */
export function pointIslands(html: string, readFile: BuiltFileReader): string {
  return html.replace(
    /component-url="(\/[^"]*\/)([\w.-]+\.js)" component-export="default"/g,
    (whole, dir: string, file: string) => {
      const code = readFile(`${dir}${file}`);
      const target = code === undefined ? null : reexported(code);
      return target ? `component-url="${dir}${target.file}" component-export="${target.name}"` : whole;
    },
  );
}

/** Points the islands of every built page under `clientDir` at their chunks; returns how many pages changed. */
export async function pointIslandsAtChunks(clientDir: string, assetsPrefix = '/_astro/'): Promise<number> {
  return rewriteBuiltPages(clientDir, pointIslands, assetsPrefix);
}
