// Regenerates every pixel-art SVG in public/images (and public/favicon.svg).
// Usage: node scripts/art/generate.mjs
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emblem, wordmark, trophy } from './brand.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'public');
const out = (rel, canvas, title, scale = 2) => {
  const file = join(root, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, canvas.toSVG({ title, width: canvas.w * scale, height: canvas.h * scale }));
};

const em = emblem();
out('images/logo.svg', em, 'Sats Arcade emblem: a pixel arcade cabinet showing a glowing Bitcoin symbol');
out('favicon.svg', em, 'Sats Arcade', 1);
out('images/wordmark.svg', wordmark(), 'SATS ARCADE');
out('images/trophy.svg', trophy(), 'Gold pixel trophy');
