// The Game SDK's types, `games/sdk/arcade-sdk.d.ts`, made from the JSDoc of `arcade-sdk.js` by the
// TypeScript compiler (strict, checking the module on the way): `npm run sdk:types`.
// `--check` writes nothing and fails when the file is not what the module makes (a unit test runs it).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = join(root, 'games/sdk/arcade-sdk.js');
const target = join(root, 'games/sdk/arcade-sdk.d.ts');
const HEADER =
  '// Types of the Sats Arcade Game SDK (arcade-sdk.js), made from its JSDoc by `npm run sdk:types`: do not edit.\n';

/** The declaration file the compiler makes of the SDK now, formatted as Prettier formats the tree. */
export async function sdkTypes() {
  const out = mkdtempSync(join(tmpdir(), 'arcade-sdk-types-'));
  try {
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const result = spawnSync(
      process.execPath,
      [
        tsc,
        '--ignoreConfig',
        '--allowJs',
        '--checkJs',
        '--strict',
        '--declaration',
        '--emitDeclarationOnly',
        '--skipLibCheck',
        '--target',
        'es2022',
        '--module',
        'esnext',
        '--lib',
        'es2022,dom,dom.iterable',
        '--outDir',
        out,
        source,
      ],
      { encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`tsc could not type the SDK:\n${result.stdout}${result.stderr}`);
    const types = HEADER + readFileSync(join(out, 'arcade-sdk.d.ts'), 'utf8');
    const options = await prettier.resolveConfig(target);
    return prettier.format(types, { ...options, filepath: target });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const made = await sdkTypes();
  if (process.argv.includes('--check')) {
    if (readFileSync(target, 'utf8') !== made) {
      console.error('games/sdk/arcade-sdk.d.ts is out of date: run npm run sdk:types');
      process.exit(1);
    }
  } else {
    writeFileSync(target, made);
    console.log('wrote games/sdk/arcade-sdk.d.ts');
  }
}
