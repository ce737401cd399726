import { describe, expect, it } from 'vitest';
import { compareRanked, RankedSet, type Ranked } from '~/server/leaderboards/ranked-set';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

describe('RankedSet', () => {
  it('orders by score, then who reached it first, then id', () => {
    const set = new RankedSet<Ranked>();
    const a = { id: 3, score: 100, at: 5 };
    const b = { id: 1, score: 100, at: 9 };
    const c = { id: 2, score: 100, at: 5 };
    const d = { id: 4, score: 250, at: 99 };
    for (const entry of [a, b, c, d]) set.insert(entry);
    expect(set.toArray()).toEqual([d, c, a, b]);
    expect([d, c, a, b].map((e) => set.rankOf(e))).toEqual([1, 2, 3, 4]);
    expect(set.rankOf({ id: 9, score: 1, at: 1 })).toBeNull();
  });

  it('agrees with a sorted array through many inserts, moves and deletes', () => {
    const next = random(42);
    const set = new RankedSet<Ranked>();
    const live = new Map<number, Ranked>();
    for (let step = 0; step < 20_000; step++) {
      const id = Math.floor(next() * 3_000);
      const old = live.get(id);
      if (old && next() < 0.2) {
        expect(set.delete(old)).toBe(true);
        live.delete(id);
      } else if (old) {
        set.delete(old);
        old.score = Math.floor(next() * 500);
        old.at = step;
        set.insert(old);
      } else {
        const entry = { id, score: Math.floor(next() * 500), at: step };
        set.insert(entry);
        live.set(id, entry);
      }
    }
    const expected = [...live.values()].sort(compareRanked);
    expect(set.size).toBe(expected.length);
    expect(set.toArray()).toEqual(expected);
    for (let i = 0; i < expected.length; i += 37) expect(set.rankOf(expected[i]!)).toBe(i + 1);
    for (const offset of [0, 1, 1023, 1024, expected.length - 3]) {
      expect(set.slice(offset, 50)).toEqual(expected.slice(offset, offset + 50));
    }
    expect(set.slice(expected.length, 50)).toEqual([]);
  });

  it('builds from sorted entries and keeps ranks through deletes that empty blocks', () => {
    const sorted = Array.from({ length: 5_000 }, (_, i) => ({ id: i + 1, score: 10_000 - i, at: 0 }));
    const set = RankedSet.fromSorted(sorted);
    expect(set.rankOf(sorted[4_321]!)).toBe(4_322);
    expect(set.slice(4_998, 10).map((e) => e.id)).toEqual([4_999, 5_000]);
    for (const entry of sorted.slice(0, 1_500)) expect(set.delete(entry)).toBe(true);
    expect(set.size).toBe(3_500);
    expect(set.rankOf(sorted[1_500]!)).toBe(1);
    expect(set.slice(0, 1)[0]).toBe(sorted[1_500]);
    expect(set.delete(sorted[0]!)).toBe(false);
  });

  it('answers empty for an empty set', () => {
    const set = new RankedSet<Ranked>();
    expect(set.size).toBe(0);
    expect(set.slice(0, 50)).toEqual([]);
    expect(set.rankOf({ id: 1, score: 1, at: 1 })).toBeNull();
    expect(set.delete({ id: 1, score: 1, at: 1 })).toBe(false);
  });
});
