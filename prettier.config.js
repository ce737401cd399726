// @ts-check
/**
 * Prettier for the whole tree: TypeScript, React islands, Astro components (prettier-plugin-astro),
 * Tailwind class order (prettier-plugin-tailwindcss, which must come last), the reference games'
 * JavaScript and HTML, CSS, JSON and the site's Markdown content. The options follow how the code was
 * already written.
 *
 * prettier-plugin-astro stays on 0.14: the Tailwind plugin (0.8) does not understand the syntax tree
 * of its 1.x line (a new compiler) and silently leaves the classes of .astro files unsorted.
 * @type {import('prettier').Config & import('prettier-plugin-tailwindcss').PluginOptions}
 */
export default {
  // Lines run long here (JSX with Tailwind classes, zod schemas, test names that tell behaviour):
  // 94 % of today's lines fit in 120, where at 80 almost a quarter would be rewrapped.
  printWidth: 120,
  singleQuote: true,
  plugins: ['prettier-plugin-astro', 'prettier-plugin-tailwindcss'],
  // Tailwind 4 has no tailwind.config.js: the plugin reads the theme and daisyUI from the stylesheet.
  tailwindStylesheet: './src/styles/global.css',
  overrides: [
    { files: '*.astro', options: { parser: 'astro' } },
    // Front matter and prose keep their double quotes (the catalogue's YAML is written that way).
    { files: '*.md', options: { singleQuote: false } },
  ],
};
