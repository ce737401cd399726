// Starts the built arcade: `npm start`. Settings come from the environment (see the handbook: Operators, "Settings").
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Sats Arcade needs Node.js 24 or newer; this is ${process.version}. Use ./arcade start, which installs it.`,
  );
  process.exit(1);
}
const entry = resolve('dist/server/entry.mjs');
if (!existsSync(entry)) {
  console.error('The arcade is not built yet: run `npm run build` first (./arcade start does both).');
  process.exit(1);
}
process.env.HOST ??= 'localhost';
process.env.PORT ??= '4321';
process.env.DATA_DIR ??= 'data';
mkdirSync(resolve(process.env.DATA_DIR), { recursive: true });
await import(pathToFileURL(entry).href);
