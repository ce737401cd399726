import { describe, expect, it } from 'vitest';
import * as Fishing from '~games/fishing-for-sats/game.js';
import { mulberry32 } from '~games/shared/prng.js';
import { playFishing, type ReelStrategy } from '../../scripts/autoplay';

// Fishing for Sats!'s reel under rules 2 (notes/games.md): each fish its own sweet band and pull
// pattern, so reading the meter beats any one tapping rule, and no single fish makes a trip.

const T0 = Date.UTC(2026, 10, 28, 12);

/** `trips` trips fished with `reel` (deep casts, where the big fish are). */
function fish(reel: ReelStrategy, rules = 2, trips = 60) {
  const plays = Array.from({ length: trips }, (_, i) =>
    playFishing(1000 + i * 7919, T0 + i * 600_000, { powers: [0.9, 0.8, 0.9, 0.7, 0.95], rules, reel }),
  );
  const fishes = plays.flatMap((p) => p.fish);
  return {
    plays,
    landed: fishes.length,
    top: fishes.filter((f) => f.quality >= 4).length,
    mean: plays.reduce((sum, p) => sum + p.score, 0) / trips,
  };
}

describe('Fishing for Sats! rules of version 2', () => {
  it('give every fish a band of its own, narrow enough to need care, and a pull pattern', () => {
    const bands = new Set(Fishing.FISH.map((f) => f.reel.band.join('-')));
    expect(bands.size).toBe(Fishing.FISH.length);
    for (const f of Fishing.FISH) {
      const [lo, hi] = f.reel.band;
      expect(hi - lo, f.name).toBeLessThanOrEqual(0.24);
      // a tap of the heaviest fish still fits inside the band
      expect(hi - lo, f.name).toBeGreaterThan(0.12);
      expect(hi, f.name).toBeLessThan(Fishing.RED);
      expect(Fishing.PATTERNS).toContain(f.reel.pattern);
    }
    expect(new Set(Fishing.FISH.map((f) => f.reel.pattern)).size).toBe(Fishing.PATTERNS.length);
  });

  it('reel a tap in fully only inside the band, less outside it, and not at all in the red', () => {
    const eel = Fishing.FISH.find((f) => f.name === 'Lightning Eel')!;
    const tapAt = (tension: number) => {
      const r = Fishing.hook2(eel, 0.5, mulberry32(1));
      r.tension = tension - r.tapTension;
      const before = r.dist;
      Fishing.reelTap2(r);
      return before - r.dist;
    };
    const full = tapAt(0.33);
    expect(full).toBeGreaterThan(0);
    expect(tapAt(0.2)).toBeCloseTo(full * Fishing.BELOW_BAND);
    expect(tapAt(0.6)).toBeCloseTo(full * Fishing.ABOVE_BAND);
    expect(tapAt(0.85)).toBe(0);
  });

  it('warn of a run before it starts: the fish thrashes (tell) for a moment, then runs and takes line', () => {
    const hammerhead = Fishing.FISH.find((f) => f.name === 'Hash Hammerhead')!;
    const random = mulberry32(7);
    const r = Fishing.hook2(hammerhead, 0.9, random);
    const events: (string | null)[] = [];
    for (let i = 0; i < 60 * 6 && !events.includes('surge'); i++) {
      r.tension = 0.4; // held in the band by hand
      events.push(Fishing.reelStep2(r, Fishing.TRIP_STEP, random));
    }
    const tell = events.indexOf('tell');
    const surge = events.indexOf('surge');
    expect(tell).toBeGreaterThanOrEqual(0);
    expect((surge - tell) * Fishing.TRIP_STEP).toBeCloseTo(0.6, 1);
    const dist = r.dist;
    Fishing.reelStep2(r, Fishing.TRIP_STEP, random);
    expect(r.dist).toBeGreaterThan(dist);
  });

  it('end a fight nobody wins within a minute: the fish is gone', () => {
    const sardine = Fishing.FISH.find((f) => f.name === 'Sat Sardine')!; // steady: it never runs
    const random = mulberry32(3);
    const r = Fishing.hook2(sardine, 0.3, random);
    for (let i = 0; i < 60 * 61 && !r.result; i++) {
      r.tension = 0.3;
      Fishing.reelStep2(r, Fishing.TRIP_STEP, random);
    }
    expect(r.result).toBe('escaped');
    expect(r.time).toBeCloseTo(Fishing.FIGHT_LIMIT_2, 1);
  });

  it('make reeling a skill: reading the meter beats the old 0.62 rule, and every other single threshold, clearly', () => {
    const skilled = fish({ kind: 'skilled' });
    const old = fish({ kind: 'threshold', threshold: 0.62 });
    // Under rules 1 the 0.62 rule landed nearly every fish, nearly all at quality 4-5.
    const before = fish({ kind: 'threshold', threshold: 0.62 }, 1);
    expect(before.landed).toBeGreaterThan(0.85 * 300);
    expect(before.top).toBeGreaterThan(0.95 * before.landed);
    // Under rules 2 it lands fewer, none at quality 4-5 on most fish, and scores far less.
    expect(old.landed).toBeLessThan(0.6 * skilled.landed);
    expect(old.mean).toBeLessThan(0.4 * skilled.mean);
    expect(skilled.top).toBeGreaterThan(0.9 * skilled.landed);
    for (const threshold of [0.25, 0.35, 0.45, 0.55]) {
      const rule = fish({ kind: 'threshold', threshold });
      expect(rule.mean, `the ${threshold} rule`).toBeLessThan(0.7 * skilled.mean);
    }
  });

  it('let no single fish make a best trip', () => {
    const { plays } = fish({ kind: 'skilled' }, 2, 120);
    const best = [...plays].sort((a, b) => b.score - a.score).slice(0, 10);
    for (const play of best) expect(Math.max(...play.fish.map((f) => f.points)) / play.score).toBeLessThan(0.45);
    // (Under rules 1 one whale made most of a best trip.)
    const whale = Fishing.FISH.find((f) => f.name === 'Whale')!;
    const most = Math.round(whale.reel.base * 1.2 * 1.2);
    expect(most).toBeLessThan(0.5 * best[0]!.score);
  });

  it('keep the rules of version 1 for the trips played by them', () => {
    const play = playFishing(5, T0, { rules: 1 });
    expect(Fishing.replayTrip(5, T0, play.inputs, 60 * 600, Infinity, 1)).toMatchObject({ score: play.score });
    expect(Fishing.createTrip(5, T0).rules).toBe(Fishing.RULES);
    expect(Fishing.RULES).toBe(2);
  });
});
