// @ts-check
/**
 * ESLint for the whole tree (flat config): JavaScript and TypeScript (typescript-eslint), Astro
 * components (eslint-plugin-astro, with jsx-a11y for their markup), React islands (hooks and
 * jsx-a11y). Formatting is Prettier's job: eslint-config-prettier comes last and turns off every
 * rule that would argue with it.
 *
 * Not type-aware: on a two-core machine typescript-eslint's type-checked rules cost three times the CPU
 * (40 s against 14 s) and 2.2 GB against 1 GB, and `astro check` already type-checks the tree in CI.
 */
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import prettier from 'eslint-config-prettier/flat';
import astro from 'eslint-plugin-astro';
// @ts-expect-error -- eslint-plugin-jsx-a11y ships no types (and @types/eslint-plugin-jsx-a11y brings its own ESLint 9)
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Code that runs in the browser: islands and what they use, the games, page.evaluate() in e2e. */
const BROWSER = [
  'src/client/**',
  'src/components/**',
  'src/features/**',
  'src/islands/**',
  'src/layouts/**',
  'src/lib/**',
  'src/ui/**',
  'public/arcade-games/**',
  'games/**',
  'examples/*/main.js',
  'tests/e2e/**',
];
/** Code that runs in Node: the server, routes, middleware, scripts, tests and the tools' configs. */
const NODE = [
  'src/server/**',
  'src/pages/**',
  'src/*.ts',
  'src/lib/**',
  'scripts/**',
  'tests/**',
  'examples/*/server.mjs',
  '*.{js,mjs,ts}',
  'handbook/*.mjs',
];

export default defineConfig(
  // The same list as .prettierignore: built or run-time output, and files that tools write.
  globalIgnores([
    'dist/',
    '.astro/',
    'data/',
    'test-results/',
    'playwright-report/',
    '.tools/',
    'src/ui/icons/',
    'src/ui/pixel-icons.ts',
    'handbook/dist/',
    'handbook/.astro/',
    'handbook/src/content/docs/studios/sdk-reference/',
  ]),
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs.recommended,
  astro.configs['jsx-a11y-recommended'],
  {
    files: ['**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
  },

  { files: BROWSER, languageOptions: { globals: globals.browser } },
  { files: NODE, languageOptions: { globals: globals.node } },

  {
    rules: {
      // `_name` marks a value left unused on purpose; `{ inputs: _log, ...rest }` drops fields from a copy.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // typescript-eslint turns prefer-const on for TypeScript; it keeps a `let` that a closure defined
    // before the assignment reads (src/client/paint-directive.ts's observer): as a const it would
    // still be in its temporal dead zone when that closure runs first.
    files: ['**/*.{ts,tsx,mts,cts}'],
    rules: { 'prefer-const': ['error', { ignoreReadBeforeAssign: true }] },
  },
  {
    files: ['**/*.tsx'],
    rules: {
      // A missing dependency is a stale value in an effect: an error, so CI (which fails on errors) stops it.
      'react-hooks/exhaustive-deps': 'error',
      // Off on purpose: islands read what only the browser knows (the address bar, the window, a
      // store's first answer) in an effect after hydration, so their first render matches the
      // prerendered HTML; the React Compiler this rule prepares for is not used here.
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    // useLoaded() hands back a part imported once when needed (README, src/ui/useLoaded.ts); its
    // identity never changes after it arrives, which the rule cannot see.
    files: ['src/islands/HeaderAccount.tsx', 'src/islands/HomeScreen.tsx', 'src/islands/Toaster.tsx'],
    rules: { 'react-hooks/static-components': 'off' },
  },
  {
    // Click-to-dismiss backdrops whose keyboard way out is Escape (the native <dialog>, a window listener).
    files: ['src/ui/ArcadeDialog.tsx', 'src/features/achievements/Celebration.tsx'],
    rules: { 'jsx-a11y/click-events-have-key-events': 'off', 'jsx-a11y/no-noninteractive-element-interactions': 'off' },
  },
  {
    // The free-text rules exist to match control characters.
    files: ['src/lib/schemas/text.ts'],
    rules: { 'no-control-regex': 'off' },
  },
  {
    // Tests read JSON response bodies as `any` and let expect() check their shape.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Playwright reads a fixture's needs from its first parameter: `async ({}, use) =>` needs none.
    files: ['tests/e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },

  prettier,
);
