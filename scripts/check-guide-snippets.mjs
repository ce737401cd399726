// The guide's own code, type-checked: every ```js and ```ts snippet of the handbook's guide
// (handbook/src/content/docs/studios/bring-your-own-game.md)
// is compiled (strict, as `// @ts-check` does for a studio) against the Game SDK's types, each as
// its own module next to a copy of the SDK, as the guide tells a studio to place it. The names a
// snippet takes from the surrounding game (`arcade`, `hud`, `show`, the signed result's fields) are
// declared once in PRELUDE. `node scripts/check-guide-snippets.mjs` prints the errors and fails;
// a unit test runs it (tests/unit/guide-snippets.test.ts), so `npm test` and CI do.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
export const GUIDE_PATH = 'handbook/src/content/docs/studios/bring-your-own-game.md';
export const GUIDE = join(root, GUIDE_PATH);

/** What the snippets use without making it: the game around them. */
const PRELUDE = `import type { ArcadeConnection } from './arcade-sdk.js';
declare global {
  /** the game's connection (step 1) */
  const arcade: ArcadeConnection;
  /** an element of the game's page */
  const hud: HTMLElement;
  /** the game's own way to say something to the player */
  function show(text: string): void;
  /** what the game's server decided and signed (steps 4 and 5) */
  const body: string;
  const signature: string;
  const userId: number;
  const runId: string;
  const score: number;
  const level: number;
  const secret: string;
}
export {};
`;

/**
 * The ```js / ```ts snippets of a Markdown text, with the line each starts on (1-based, the first
 * line of code).
 * @param {string} markdown
 * @returns {{ lang: 'js' | 'ts', line: number, code: string }[]}
 */
export function snippetsOf(markdown) {
  /** @type {{ lang: 'js' | 'ts', line: number, code: string }[]} */
  const found = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(js|ts|javascript|typescript)\s*$/.exec(lines[i]);
    if (!open) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !lines[end].startsWith('```')) end++;
    const lang = open[1].startsWith('t') ? 'ts' : 'js';
    found.push({ lang, line: start + 1, code: lines.slice(start, end).join('\n') });
    i = end;
  }
  return found;
}

/**
 * Type-check the snippets of `markdown` (the guide by default): the errors, each with the guide's
 * line, empty when all hold.
 * @param {string} [markdown]
 * @param {string} [name] what to call the text in the messages
 * @returns {string[]}
 */
export function checkGuideSnippets(markdown = readFileSync(GUIDE, 'utf8'), name = GUIDE_PATH) {
  const snippets = snippetsOf(markdown);
  const dir = mkdtempSync(join(tmpdir(), 'guide-snippets-'));
  try {
    copyFileSync(join(root, 'games/sdk/arcade-sdk.js'), join(dir, 'arcade-sdk.js'));
    copyFileSync(join(root, 'games/sdk/arcade-sdk.d.ts'), join(dir, 'arcade-sdk.d.ts'));
    writeFileSync(join(dir, 'prelude.d.ts'), PRELUDE);
    const files = snippets.map((snippet, i) => {
      const file = join(dir, `snippet-${i}.${snippet.lang}`);
      // `export {}` makes each snippet a module of its own: its names shadow the prelude's.
      writeFileSync(file, `${snippet.code}\nexport {};\n`);
      return file;
    });
    const program = ts.createProgram([join(dir, 'prelude.d.ts'), ...files], {
      allowJs: true,
      checkJs: true,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: ['node'],
      typeRoots: [join(root, 'node_modules/@types')],
    });
    const errors = [];
    for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      const index = diagnostic.file ? files.indexOf(diagnostic.file.fileName) : -1;
      if (index < 0 || diagnostic.start === undefined) {
        errors.push(`${name}: ${message}`);
        continue;
      }
      const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      errors.push(`${name}:${snippets[index].line + line}: ${message}`);
    }
    return errors;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const errors = checkGuideSnippets();
  for (const error of errors) console.error(error);
  if (errors.length > 0) process.exit(1);
  console.log(`${snippetsOf(readFileSync(GUIDE, 'utf8')).length} snippets of the guide type-check`);
}
