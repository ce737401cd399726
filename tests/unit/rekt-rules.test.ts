import { describe, expect, it } from 'vitest';
import * as Rekt from '~games/rekt/game.js';
import { mulberry32 } from '~games/shared/prng.js';
import { playRekt } from '../../scripts/autoplay';

// REKT!'s rules past level 12 (README, "REKT! rules"): version 2 keeps the speed rising and the gaps
// narrowing, and gives each level a pattern drawn from the seed; levels 1-12 are version 1's.

describe('REKT! rules of version 2', () => {
  it('keep the challenge growing past level 12, where version 1 stops', () => {
    for (let level = 1; level <= 12; level++) {
      expect(Rekt.speedFor(level, 2)).toBe(Rekt.speedFor(level, 1));
      expect(Rekt.gapFor(level, 2)).toBe(Rekt.gapFor(level, 1));
    }
    // Version 1: the same speed and gap from level 12 on (a run became endurance).
    expect(Rekt.speedFor(40, 1)).toBe(Rekt.speedFor(12, 1));
    expect(Rekt.gapFor(40, 1)).toBe(Rekt.gapFor(12, 1));
    // Version 2: faster and narrower level after level up to 32 and 28.
    for (let level = 13; level <= 32; level++)
      expect(Rekt.speedFor(level, 2)).toBeGreaterThan(Rekt.speedFor(level - 1, 2));
    for (let level = 13; level <= 28; level++) expect(Rekt.gapFor(level, 2)).toBeLessThan(Rekt.gapFor(level - 1, 2));
    expect(Rekt.speedFor(32, 2)).toBe(176);
    expect(Rekt.gapFor(28, 2)).toBe(50);
  });

  it('give each level from 13 on a pattern from the seed, never the same twice in a row, and vary the runs', () => {
    const patternsSeen = new Set<string>();
    for (const seed of [11, 12, 13]) {
      const play = playRekt(seed, { maxSteps: 120 * 60 * 12 });
      expect(play.level).toBeGreaterThan(20);
      const w = Rekt.createWorld(mulberry32(seed)) as unknown as { patterns: Record<number, string> };
      // replay the flight to read the patterns its world drew
      const world = w as unknown as Parameters<typeof Rekt.step>[0];
      let next = 0;
      while ((world as unknown as { bird: { alive: boolean } }).bird.alive) {
        const flap = play.flaps[next] === (world as unknown as { steps: number }).steps;
        if (flap) next++;
        Rekt.step(world, flap);
      }
      const levels = Object.keys(w.patterns)
        .map(Number)
        .sort((a, b) => a - b);
      expect(levels[0]).toBe(13);
      for (const level of levels) {
        expect(Rekt.PATTERNS).toContain(w.patterns[level]);
        if (w.patterns[level - 1]) expect(w.patterns[level]).not.toBe(w.patterns[level - 1]);
        patternsSeen.add(w.patterns[level]!);
      }
      // under version 1 no level has a pattern
      const old = Rekt.createWorld(mulberry32(seed), 1) as unknown as { patterns: Record<number, string> };
      expect(old.patterns).toEqual({});
    }
    expect([...patternsSeen].sort()).toEqual([...Rekt.PATTERNS].sort());
  });

  it('are the same as version 1 for a run that ends before level 13, and differ for one that goes past it', () => {
    const short = playRekt(5, { until: 3000 });
    expect(short.level).toBeLessThan(13);
    expect(Rekt.replay(5, short.flaps, 1e7, Infinity, 1)).toEqual(Rekt.replay(5, short.flaps, 1e7, Infinity, 2));
    const long = playRekt(5, { until: 40_000, maxSteps: 120 * 60 * 15, rules: 1 });
    expect(long.level).toBeGreaterThan(13);
    expect(Rekt.replay(5, long.flaps, 1e7, Infinity, 1)).toMatchObject({ score: long.score, level: long.level });
    expect(() => Rekt.replay(5, long.flaps, 1e7, Infinity, 2).score).not.toThrow(/never/);
    let v2: number | string;
    try {
      v2 = Rekt.replay(5, long.flaps, 1e7, Infinity, 2).score;
    } catch {
      v2 = 'refused';
    }
    expect(v2).not.toBe(long.score);
  });
});
