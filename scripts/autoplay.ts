// Autoplayers for the arcade's deterministic games: they play a run from a ticket's seed with the
// very rules the browser game and the server's replay share, and give back the input log the game
// would submit (README, "Fair play"). Tests, the bench and the demo data use them to make real,
// replayable runs.
import * as Fishing from '~games/fishing-for-sats/game.js';
import { mulberry32 } from '~games/shared/prng.js';
import * as Rekt from '~games/rekt/game.js';

/** What the autoplayer reads of a REKT! world (the JavaScript module's objects, typed). */
interface RektWorld {
  bird: { alive: boolean; y: number; vy: number };
  steps: number;
  score: number;
  level: number;
  achievements: Record<string, boolean>;
  pillars: { x: number; gapY: number; gapH: number }[];
  formations: {
    done?: boolean;
    kind: string;
    cx: number;
    minX: number;
    maxX: number;
    coins: { taken: boolean; ox: number }[];
  }[];
  events: unknown[];
}

export interface RektPlay {
  flaps: number[];
  score: number;
  level: number;
  achievements: Record<string, boolean>;
  /** Steps until the bird was REKT. */
  steps: number;
}

/**
 * Fly REKT! from `seed` (with the rules of version `rules`): aim for the next gap (and the coins of
 * a formation on the way) until the score reaches `until` or `maxSteps` steps went by, then stop
 * flapping and fall.
 */
export function playRekt(seed: number, { until = Infinity, maxSteps = 120 * 120, rules = Rekt.RULES } = {}): RektPlay {
  const w = Rekt.createWorld(mulberry32(seed), rules) as unknown as RektWorld;
  const flaps: number[] = [];
  while (w.bird.alive) {
    let flap = false;
    // The bird flaps when it is below its target and not already rising fast: while it rises, the
    // target need not be worked out (the demo data flies thousands of runs with this).
    if (w.score < until && w.steps < maxSteps && w.bird.vy > -20) {
      const bx = Rekt.birdWorldX(w);
      const at = w.pillars.findIndex((p) => p.x + Rekt.PILLAR_W > bx - 6);
      const pillar = at < 0 ? undefined : w.pillars[at];
      let target = pillar ? pillar.gapY + 8 : 110;
      // Inside a candle's gap, already lean toward the next one (within this gap), as a good player
      // does when the candles come fast.
      const after = at < 0 ? undefined : w.pillars[at + 1];
      if (pillar && after && bx + Rekt.BIRD_R > pillar.x)
        target = Math.max(
          pillar.gapY - pillar.gapH / 2 + 31,
          Math.min(pillar.gapY + pillar.gapH / 2 - 8, after.gapY + 8),
        );
      const formation = w.formations.find(
        (f) => !f.done && f.cx + f.maxX > bx && f.cx + f.minX - 60 < bx + 30 && (!pillar || f.cx < pillar.x),
      );
      if (formation) {
        // the nearest coin not taken ahead of the bird (the first of equals)
        let nearest: [number, number, number] | null = null;
        for (const c of formation.coins) {
          if (c.taken) continue;
          // a static or turning formation's coin keeps its x: skip those out of reach before working out y
          const x = formation.cx + c.ox;
          if (formation.kind !== 'spiral' && (x <= bx - 2 || x >= bx + 40 || (nearest && x >= nearest[0]))) continue;
          const at = Rekt.formationCoinPos(w, formation, c) as [number, number, number];
          if (at[0] > bx - 2 && at[0] < bx + 40 && (!nearest || at[0] < nearest[0])) nearest = at;
        }
        if (nearest) target = nearest[1] + 6;
      }
      flap = w.bird.y > target;
    }
    if (flap) flaps.push(w.steps);
    Rekt.step(w, flap);
    w.events.length = 0;
  }
  return { flaps, score: w.score, level: w.level, achievements: { ...w.achievements }, steps: w.steps };
}

export interface FishingPlay {
  inputs: [number, number][];
  score: number;
  fish: { name: string; points: number; weight: number; quality: number }[];
  steps: number;
}

/** What the autoplayer reads of a hooked fish (the JavaScript module's reel state, typed). */
interface Reel {
  tension: number;
  tapTension: number;
  /** Rules 2: the fish's sweet band, and a run's tell and length left (seconds). */
  band?: [number, number];
  tell?: number;
  surgeLeft?: number;
}

/**
 * How the autoplayer reels. 'threshold': taps (at most 12 a second) while the tension is under
 * `threshold` (0.62: the one rule that landed nearly every fish at quality 4-5 under rules 1).
 * 'skilled' (rules 2): reads what the meter shows, as a good player does: taps (at most 10 a second)
 * toward the middle of the fish's band, never a tap that would leave it, and lets the tension fall
 * under the band's bottom while a run shows and lasts.
 */
export type ReelStrategy = { kind: 'threshold'; threshold: number } | { kind: 'skilled' };

/** Whether the autoplayer taps the reel now (at step `step`, `sinceTap` steps after its last tap). */
function tapsNow(strategy: ReelStrategy, r: Reel, step: number, sinceTap: number): boolean {
  if (strategy.kind === 'threshold' || !r.band) {
    const threshold = strategy.kind === 'threshold' ? strategy.threshold : 0.62;
    return step % 5 === 0 && r.tension < threshold;
  }
  if (sinceTap < 6) return false;
  const [lo, hi] = r.band;
  // a run shows: make room for the tension it brings; while it lasts, only keep the line tight
  const target = (r.tell ?? 0) > 0 ? lo - 0.08 : (r.surgeLeft ?? 0) > 0 ? lo - 0.04 : (lo + hi) / 2;
  return r.tension < target && r.tension + r.tapTension <= hi;
}

/**
 * Fish a trip from `seed` (the ticket's start time `startedAt` picks the fish in season) with the
 * rules of version `rules`: cast with `powers` (one per cast), strike at a bite, reel as `reel`
 * says (by default the skilled way under rules 2, the 0.62 rule under rules 1), and end the trip
 * after `casts` casts (at most five).
 */
export function playFishing(
  seed: number,
  startedAt: number,
  {
    powers = [0.3, 0.5, 0.7, 0.9, 0.45],
    casts = Fishing.CASTS_PER_TRIP,
    rules = Fishing.RULES,
    reel = (rules >= 2 ? { kind: 'skilled' } : { kind: 'threshold', threshold: 0.62 }) as ReelStrategy,
  } = {},
): FishingPlay {
  const trip = Fishing.createTrip(seed, startedAt, rules);
  const inputs: [number, number][] = [];
  let lastTap = -Infinity;
  const act = (kind: 'press' | 'release' | 'next' | 'end') => {
    const before = trip.events.length;
    Fishing.tripInput(trip, kind);
    if (trip.events.length > before) inputs.push([trip.steps, Fishing.INPUT[kind]]);
  };
  while (trip.phase !== 'over' && trip.steps < 60 * 600) {
    const { phase, phaseT } = trip;
    if (phase === 'aim') {
      if (trip.casts >= casts) act('end');
      else act('press');
    } else if (phase === 'charging' && Fishing.powerAt(phaseT) >= (powers[trip.casts % powers.length] ?? 0.5))
      act('release');
    else if (phase === 'bite' && phaseT >= 0.25) act('press');
    else if (
      phase === 'reeling' &&
      tapsNow(reel, (trip.cast as { reel: Reel } | null)!.reel, trip.steps, trip.steps - lastTap)
    ) {
      act('press');
      lastTap = trip.steps;
    } else if (phase === 'caught' && phaseT >= 0.5) act('next');
    if (trip.phase === 'over') break;
    Fishing.tripStep(trip);
    trip.events.length = 0;
  }
  return {
    inputs,
    score: trip.score,
    fish: trip.catches.map((c: FishingPlay['fish'][number]) => ({ ...c })),
    steps: trip.steps,
  };
}
