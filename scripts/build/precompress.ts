/**
 * Build step: writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every compressible static file,
 * at the highest settings, so the server never compresses a static file while answering.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing (images such as PNG and fonts such as WOFF2 are compressed already). */
export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest']);

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** Compresses every compressible file under `dir`; returns how many files and bytes before and after (Brotli). */
export async function precompress(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const paths: string[] = [];
  for await (const path of walk(dir)) if (COMPRESSIBLE.has(extname(path))) paths.push(path);
  let bytes = 0;
  let brotliBytes = 0;
  let files = 0;
  const queue = [...paths];
  const worker = async () => {
    for (let path = queue.pop(); path; path = queue.pop()) {
      const body = await readFile(path);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        }),
        gzipAsync(body, { level: 9 }),
      ]);
      // a copy that saves almost nothing is not worth a second file: below about 100 bytes (an
      // island's chunk that only re-exports it from a shared one, 47 bytes) Brotli and gzip make a
      // file larger, and it is sent as it is; from a little over 100 bytes up a copy is smaller
      if (br.length < body.length * 0.95) await writeFile(`${path}.br`, br);
      if (gz.length < body.length * 0.95) await writeFile(`${path}.gz`, gz);
      files += 1;
      bytes += body.length;
      brotliBytes += Math.min(br.length, body.length);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return { files, bytes, brotliBytes };
}
