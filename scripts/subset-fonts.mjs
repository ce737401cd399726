// Regenerates the subset pixel fonts in src/styles/fonts/ (committed, like the artwork): printable
// ASCII, the typographic marks the copy uses, and every other character found in src/, cut from
// the @fontsource Latin files. Needs Python's fontTools with Brotli (Debian: apt-get install
// python3-fonttools python3-brotli; PYTHON names another interpreter). Run after copy with new
// characters lands, and copy the printed unicode-range into src/styles/global.css:
//   node scripts/subset-fonts.mjs
// Characters outside the subset still show in the pixel font: global.css keeps the full Latin
// file as a fallback face, which the browser fetches only for a page that needs it.
import { execFileSync } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// `dataOnly`: the face for numbers, dates and usernames (font-data), which only ever shows
// printable ASCII and a few marks, so it keeps just those.
const FONTS = [
  { from: '@fontsource/press-start-2p/files/press-start-2p-latin-400-normal.woff2', to: 'press-start-2p-400.woff2' },
  { from: '@fontsource/pixelify-sans/files/pixelify-sans-latin-400-normal.woff2', to: 'pixelify-sans-400.woff2' },
  { from: '@fontsource/pixelify-sans/files/pixelify-sans-latin-700-normal.woff2', to: 'pixelify-sans-700.woff2' },
  {
    from: '@fontsource/jetbrains-mono/files/jetbrains-mono-latin-400-normal.woff2',
    to: 'jetbrains-mono-400.woff2',
    dataOnly: true,
  },
  {
    from: '@fontsource/jetbrains-mono/files/jetbrains-mono-latin-700-normal.woff2',
    to: 'jetbrains-mono-700.woff2',
    dataOnly: true,
  },
];

/** Printable ASCII and the marks copy and formatting commonly bring (quotes, dashes, ellipsis, arrows). */
const BASE = [
  [0x20, 0x7e],
  [0xa0],
  [0xa9],
  [0xb7],
  [0xd7],
  [0x2013],
  [0x2014],
  [0x2018],
  [0x2019],
  [0x201c],
  [0x201d],
  [0x2022],
  [0x2026],
  [0x2190, 0x2193],
  [0x2605],
];

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(astro|tsx?|md|json|css)$/.test(name)) yield path;
  }
}

const codes = new Set();
for (const [from, to = from] of BASE) for (let c = from; c <= to; c++) codes.add(c);
const baseCodes = [...codes];
// emoji are never in a pixel font: the system's emoji font draws them
for (const file of sourceFiles('src'))
  for (const ch of readFileSync(file, 'utf8'))
    if (ch.codePointAt(0) > 0x7e && ch.codePointAt(0) < 0x1f000) codes.add(ch.codePointAt(0));
const asList = (list) =>
  [...list]
    .sort((a, b) => a - b)
    .map((c) => `U+${c.toString(16).toUpperCase()}`)
    .join(',');

for (const { from, to, dataOnly } of FONTS) {
  const unicodes = asList(dataOnly ? baseCodes : codes);
  // the data face keeps its tabular figures and slashed zero; screens need no TrueType hinting
  const features = dataOnly ? ['--layout-features+=tnum,zero', '--no-hinting', '--desubroutinize'] : [];
  execFileSync(
    process.env.PYTHON || 'python3',
    [
      '-m',
      'fontTools.subset',
      join('node_modules', from),
      `--unicodes=${unicodes}`,
      ...features,
      '--flavor=woff2',
      `--output-file=${join('src/styles/fonts', to)}`,
    ],
    { stdio: 'inherit' },
  );
  console.log(
    `${to}: ${statSync(join('src/styles/fonts', to)).size} bytes (from ${statSync(join('node_modules', from)).size})`,
  );
  // the reference games (games/, served at /arcade-games/) use the same data face
  if (dataOnly) copyFileSync(join('src/styles/fonts', to), join('games/shared/fonts', to));
}
console.log(`unicode-range for global.css (pixel faces): ${unicodeRange([...codes])}`);
console.log(`unicode-range for global.css (data face): ${unicodeRange(baseCodes)}`);

/** The code points as a CSS unicode-range, runs joined (U+20-7E). */
function unicodeRange(list) {
  const sorted = [...new Set(list)].sort((a, b) => a - b);
  const parts = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    const hex = (c) => c.toString(16).toUpperCase();
    parts.push(i === j ? `U+${hex(sorted[i])}` : `U+${hex(sorted[i])}-${hex(sorted[j])}`);
    i = j;
  }
  return parts.join(', ');
}
