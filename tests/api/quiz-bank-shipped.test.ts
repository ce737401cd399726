import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BANK_WHY, QUIZ_BANK } from '~/server/games/quiz-bank';

// The Mr Quiz bank (src/content/mr-quiz/bank.json) stays on the server (README, "Mr Quiz"): no file
// the built arcade sends to browsers holds a bank question, answer or explanation.

/** Every file below `dir`. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('the Mr Quiz bank in the build', () => {
  it('is in the server bundle only: no file of dist/client holds a question of it', () => {
    if (!existsSync('dist/client')) throw new Error('dist/ is missing: run `npm run build` before the server tests');
    // Long enough to name one question: the texts (not the short answers, "Paris" could be anywhere).
    const texts = [...QUIZ_BANK.map((b) => b[1]), ...Object.values(BANK_WHY)];
    const shipped = files('dist/client')
      .filter((path) => !/\.(br|gz|png|webp|avif|jpe?g|woff2?|ico)$/.test(path))
      .flatMap((path) => {
        const content = readFileSync(path, 'utf8');
        return texts.filter((text) => content.includes(text)).map((text) => `${path}: ${text}`);
      });
    expect(shipped).toEqual([]);
    // The scan finds what is there: the server's bundle holds the bank.
    const first = QUIZ_BANK[0]![1];
    expect(files('dist/server').some((path) => readFileSync(path, 'utf8').includes(first))).toBe(true);
  });
});
