import { describe, expect, it } from 'vitest';
import * as Rekt from '~games/rekt/game.js';
import { mulberry32 } from '~games/shared/prng.js';
import { playRekt } from '../../scripts/autoplay';

// REKT! scoring (README, "REKT! scoring"): every point is worth more the higher the level, in
// steps of four levels, so the score tiers from 5,000 to 250,000 spread over a run's minutes.
const MULTIPLIER_BY_LEVEL: Record<number, number> = { 1: 1, 4: 1, 5: 2, 8: 2, 9: 3, 12: 3, 13: 4, 17: 5, 33: 9 };

describe('REKT! scoring', () => {
  it('multiplies by one more every four levels', () => {
    for (const [level, multiplier] of Object.entries(MULTIPLIER_BY_LEVEL))
      expect(Rekt.multiplierFor(Number(level))).toBe(multiplier);
  });

  it('pays each pillar and coin by the level it is reached at, and the score is their sum', () => {
    const seed = 20261126;
    const { flaps } = playRekt(seed, { maxSteps: 120 * 150 });
    const w = Rekt.createWorld(mulberry32(seed)) as unknown as {
      bird: { alive: boolean };
      steps: number;
      level: number;
      score: number;
      events: { type: string; points?: number; bonus?: number; formation?: string }[];
    };
    const flapAt = new Set(flaps);
    let sum = 0;
    const seen = new Set<number>();
    while (w.bird.alive) {
      const level = w.level;
      const multiplier = level >= 9 ? 3 : level >= 5 ? 2 : 1;
      Rekt.step(w, flapAt.has(w.steps));
      for (const ev of w.events) {
        if (ev.type === 'pillar') {
          expect(ev.points).toBe(25 * multiplier);
          sum += ev.points!;
          seen.add(multiplier);
        } else if (ev.type === 'coin') sum += ev.points ?? 10 * multiplier;
        else if (ev.type === 'formation') {
          expect(ev.bonus).toBe(250 * multiplier);
          sum += ev.bonus!;
        }
      }
      w.events.length = 0;
    }
    expect(w.score).toBe(sum);
    // Two and a half minutes of flawless flight reach level 5 or more: the doubled points were paid.
    expect(seen).toContain(2);
  });

  it('a flawless two minutes pass 5,000 points, the first score tier', () => {
    const { score, steps } = playRekt(7, { maxSteps: 120 * 120 });
    expect(steps).toBeGreaterThanOrEqual(120 * 120);
    expect(score).toBeGreaterThan(5000);
  });
});
