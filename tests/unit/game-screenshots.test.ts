import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

// The games' screenshots are captures of the games themselves (README, "Game screenshots"; made by
// scripts/capture-screenshots.mjs): every picture a game's page names is there, a WebP of the size
// the page draws it at, and no drawing of a game stands in for it.
const GAMES = ['rekt', 'fishing-for-sats', 'mr-quiz'];

function named(game: string): string[] {
  const text = readFileSync(join('src/content/games', `${game}.md`), 'utf8');
  return [...text.matchAll(/src: "(\/images\/games\/[^"]+\/(?:shot|detail)-\d+\.[a-z]+)"/g)].map((m) => m[1]!);
}

describe('game screenshots', () => {
  it.each(GAMES)('%s: every screenshot is a captured WebP at the size its page shows it', async (game) => {
    const paths = named(game);
    expect(paths.filter((p) => p.includes('/shot-'))).toHaveLength(5);
    for (const path of paths) {
      const meta = await sharp(join('public', path)).metadata();
      const size = path.includes('/detail-') ? [640, 360] : [640, 400];
      expect({ path, format: meta.format, size: [meta.width, meta.height] }).toEqual({ path, format: 'webp', size });
    }
  });

  it.each(GAMES)('%s: no screenshot lies in its folder unnamed, and none is a drawing', (game) => {
    const files = readdirSync(join('public/images/games', game)).filter((f) => /^(shot|detail)-/.test(f));
    expect(files.map((f) => `/images/games/${game}/${f}`).sort()).toEqual(named(game).sort());
    expect(files.filter((f) => f.endsWith('.svg'))).toEqual([]);
  });
});
