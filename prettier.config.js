// @ts-check
/**
 * Prettier for the whole tree: TypeScript, React islands, Astro components (prettier-plugin-astro),
 * Tailwind class order (prettier-plugin-tailwindcss, which must come last), the reference games'
 * JavaScript, CSS, JSON and Markdown. The options follow how the code was already written.
 * @type {import('prettier').Config & import('prettier-plugin-tailwindcss').PluginOptions}
 */
export default {
  // Lines run long here (JSX with Tailwind classes, zod schemas, test names that tell behaviour):
  // 120 keeps nine lines in ten as they are, where 80 would rewrap a fifth of the tree.
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
