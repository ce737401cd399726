/**
 * Fishing for Sats! rules, free of the DOM: the fish table, which fish bites at which depth,
 * the reel (tension) model, weight, quality and points, and the trip itself (casts, bites, fights)
 * as a fixed-step simulation: the one the browser game and the server's replay share (README,
 * "Fair play"). Every random choice comes from the trip's seeded `random`; the inputs are presses
 * and releases of the button (and the NEXT CAST / END TRIP buttons), each at a step number.
 */
import { mulberry32, ReplayError } from '../shared/prng.js';

export { ReplayError };

/**
 * depth = [min, max] cast power (0 shallow .. 1 abyss) where the fish lives; w = how common;
 * kg = weight range; base = points; pull = steady pull on the line; surge = how hard its runs are.
 */
export const FISH = [
  {
    name: 'Sat Sardine',
    depth: [0, 0.5],
    w: 5,
    kg: [0.05, 0.3],
    base: 10,
    pull: 0.05,
    surge: 0.6,
    look: 'slim',
    color: '#9fe8ff',
    accent: '#f7931a',
    len: 9,
    reel: { band: [0.2, 0.44], pattern: 'steady', pull: 0.05, base: 10 },
  },
  {
    name: 'Coin Carp',
    depth: [0, 0.6],
    w: 4,
    kg: [1, 8],
    base: 25,
    pull: 0.08,
    surge: 0.7,
    look: 'round',
    color: '#ffb13b',
    accent: '#ffd23f',
    len: 12,
    reel: { band: [0.4, 0.56], pattern: 'tiring', pull: 0.12, base: 25 },
  },
  {
    name: 'Rugpull Puffer',
    depth: [0.1, 0.6],
    w: 2,
    kg: [0.3, 2.5],
    base: 15,
    pull: 0.08,
    surge: 1.1,
    look: 'puffer',
    color: '#ff3c8e',
    accent: '#ffd23f',
    len: 10,
    reel: { band: [0.14, 0.3], pattern: 'pulse', pull: 0.1, base: 30 },
  },
  {
    name: 'Mempool Mackerel',
    depth: [0.2, 0.75],
    w: 3.5,
    kg: [0.5, 3.5],
    base: 40,
    pull: 0.1,
    surge: 0.9,
    look: 'striped',
    color: '#2de2e6',
    accent: '#1c4f9c',
    len: 13,
    reel: { band: [0.46, 0.62], pattern: 'darts', pull: 0.1, base: 45 },
  },
  {
    name: 'Lightning Eel',
    depth: [0.3, 0.85],
    w: 2.5,
    kg: [1, 9],
    base: 70,
    pull: 0.12,
    surge: 1.4,
    look: 'eel',
    color: '#ffd23f',
    accent: '#39ff88',
    len: 18,
    reel: { band: [0.26, 0.4], pattern: 'darts', pull: 0.12, base: 70 },
  },
  {
    name: 'HODL Halibut',
    depth: [0.45, 1],
    w: 2,
    kg: [5, 60],
    base: 100,
    pull: 0.16,
    surge: 0.8,
    look: 'flat',
    color: '#b89a6a',
    accent: '#f7931a',
    len: 16,
    reel: { band: [0.52, 0.68], pattern: 'tiring', pull: 0.16, base: 90 },
  },
  {
    name: 'Hash Hammerhead',
    depth: [0.6, 1],
    w: 1.4,
    kg: [40, 250],
    base: 160,
    pull: 0.18,
    surge: 1.1,
    look: 'hammer',
    color: '#8a9ab8',
    accent: '#2de2e6',
    len: 20,
    reel: { band: [0.36, 0.5], pattern: 'dives', pull: 0.16, base: 125 },
  },
  {
    name: 'Satoshi Swordfish',
    depth: [0.7, 1],
    w: 0.9,
    kg: [30, 180],
    base: 220,
    pull: 0.2,
    surge: 1.2,
    look: 'sword',
    color: '#4a6cff',
    accent: '#f7931a',
    len: 20,
    reel: { band: [0.3, 0.44], pattern: 'pulse', pull: 0.18, base: 150 },
  },
  {
    name: 'Whale',
    depth: [0.85, 1],
    w: 0.35,
    kg: [800, 4000],
    base: 600,
    pull: 0.22,
    surge: 1.0,
    look: 'whale',
    color: '#3b5b9a',
    accent: '#9fc3ff',
    len: 30,
    reel: { band: [0.56, 0.7], pattern: 'dives', pull: 0.2, base: 240 },
    rare: true,
  },
];

export const CASTS_PER_TRIP = 5;
export const BITE_WINDOW = 1.2;
export const RED = 0.8;
export const SWEET = 0.42;
export const SNAP_AFTER = 1.0;
export const SLACK_AFTER = 3.0;
/** How fast the drag lets tension go when you stop reeling (per second). */
export const RELAX = 0.5;

/** The fish "in season" now: the population changes every 10 minutes (never the whale). */
export function inSeason(now = Date.now()) {
  return FISH[Math.floor(now / 600_000) % (FISH.length - 1)];
}

/** Which fish bites a cast of this power. */
export function pickFish(power, random = Math.random, now = Date.now()) {
  const season = inSeason(now);
  const options = FISH.filter((f) => power >= f.depth[0] && power <= f.depth[1]);
  const weights = options.map((f) => f.w * (f === season ? 2.5 : 1));
  let r = random() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < options.length; i++) {
    r -= weights[i];
    if (r <= 0) return options[i];
  }
  return options[options.length - 1];
}

/** A hooked fish: the reel state. */
export function hook(fish, power, random = Math.random) {
  const [lo, hi] = fish.kg;
  const kg = Math.max(0.1, Math.round((lo + (hi - lo) * random() ** 1.6) * 10) / 10);
  const heavy = Math.min(1, Math.log10(kg + 1) / Math.log10(4001));
  const dist = Math.round(12 + power * 60);
  return {
    fish,
    kg,
    wn: hi > lo ? (kg - lo) / (hi - lo) : 0.5,
    heavy,
    startDist: dist,
    dist,
    tension: 0.45,
    reelStep: 4 * (1 - 0.25 * heavy),
    tapTension: 0.08 + heavy * 0.04,
    surgeIn: 1 + random() * 1.5,
    surgeLeft: 0,
    redFor: 0,
    redTotal: 0,
    slackFor: 0,
    sweet: 0,
    time: 0,
    result: null, // 'caught' | 'snapped' | 'escaped' | 'slack'
  };
}

/** One tap of the reel. */
export function reelTap(r) {
  if (r.result) return;
  r.tension = Math.min(1, r.tension + r.tapTension);
  if (r.tension < RED) r.dist = Math.max(0, r.dist - r.reelStep);
  if (r.dist <= 0) r.result = 'caught';
}

/** Advance the fight by dt seconds. Returns 'surge' when the fish starts a run. */
export function reelStep(r, dt, random = Math.random) {
  if (r.result) return null;
  let event = null;
  r.time += dt;
  r.surgeIn -= dt;
  if (r.surgeIn <= 0 && r.surgeLeft <= 0) {
    r.surgeLeft = 0.5 + random() * 0.4 * r.fish.surge;
    r.surgeIn = (1.4 + random() * 2) / r.fish.surge + r.surgeLeft;
    event = 'surge';
  }
  r.tension -= RELAX * dt;
  r.tension += r.fish.pull * dt;
  if (r.surgeLeft > 0) {
    r.surgeLeft -= dt;
    r.tension += 0.5 * r.fish.surge * dt;
    r.dist += 2.5 * r.fish.surge * dt;
  }
  r.tension = Math.max(0, Math.min(1, r.tension));
  if (r.tension >= RED) {
    r.redFor += dt * (r.tension >= 1 ? 2 : 1);
    r.redTotal += dt;
    if (r.redFor >= SNAP_AFTER) r.result = 'snapped';
  } else {
    r.redFor = Math.max(0, r.redFor - dt * 2);
    if (r.tension >= SWEET) r.sweet += dt;
  }
  if (r.tension < 0.05) {
    r.slackFor += dt;
    if (r.slackFor >= SLACK_AFTER) r.result = 'slack';
  } else r.slackFor = 0;
  if (r.dist > r.startDist + 25) r.result = 'escaped';
  return event;
}

/** The catch record (as the arcade stores it) of a landed fish. */
export function landed(r) {
  const frac = r.time > 0 ? r.sweet / r.time : 1;
  let quality = 1 + Math.round(4 * Math.min(1, frac * 1.15)) - (r.redTotal > 0.4 ? 1 : 0);
  quality = Math.max(1, Math.min(5, quality));
  const points = Math.round(r.fish.base * (0.7 + 0.6 * r.wn) * (0.6 + 0.2 * quality));
  return { name: r.fish.name, points, weight: r.kg, quality };
}

// ---------- the reel of rules version 2 ----------

/**
 * The rules' version (README, "Fishing for Sats! rules"). 1: one tension game for every fish (any
 * tension under the red reels in, quality counts the time over 0.42). 2 (trips whose ticket was
 * issued since the arcade took it up, `src/server/games/rules.ts`): each fish has its own sweet
 * band (`reel.band`, drawn on the meter) and pull pattern (`reel.pattern`), a tap reels in fully
 * only inside the band, quality is the share of the fight spent in it, and points weigh quality
 * more and size less (`reel.base`), so no one fish makes a trip.
 */
export const RULES = 2;
/** Rules 2: how fast the drag lets tension go when you stop reeling (per second). */
export const RELAX_2 = 0.55;
/** Rules 2: seconds in the red that snap the line (twice as fast at full tension). */
export const SNAP_AFTER_2 = 0.8;
/** Rules 2: seconds of slack line (tension under 0.05) after which the fish spits the hook. */
export const SLACK_AFTER_2 = 2.5;
/** Rules 2: how far (m) past where it was hooked a fish may swim before it is gone. */
export const ESCAPE_AFTER_2 = 20;
/** Rules 2: seconds a fight may last: a fish not landed by then has worn the hook out and is gone. */
export const FIGHT_LIMIT_2 = 60;
/** Rules 2: the share of a tap's reel-in below the band (loose line) and above it (the drag slips). */
export const BELOW_BAND = 0.55;
export const ABOVE_BAND = 0.35;
/**
 * Rules 2, the pull patterns: what a fish does between the taps.
 * - steady: the same pull all along;
 * - pulse: the pull swells and ebbs (a 2 s wave, from none to four times as strong and back);
 * - darts: short hard runs (0.4-0.6 s) every 1.3-2.6 s, shown 0.4 s before (the fish thrashes);
 * - dives: long deep runs (0.9-1.4 s) that take line, every 2.8-4.4 s, shown 0.6 s before;
 * - tiring: pulls hard at first, less and less as it comes in.
 */
export const PATTERNS = ['steady', 'pulse', 'darts', 'dives', 'tiring'];
const RUNS = {
  darts: { tell: 0.4, every: [1.3, 1.3], length: [0.4, 0.2], tension: 0.9, line: 1.5 },
  dives: { tell: 0.6, every: [2.8, 1.6], length: [0.9, 0.5], tension: 0.55, line: 4 },
};

/** A hooked fish under rules 2: the reel state (`tell` > 0: a run comes in that many seconds). */
export function hook2(fish, power, random = Math.random) {
  const [lo, hi] = fish.kg;
  const kg = Math.max(0.1, Math.round((lo + (hi - lo) * random() ** 1.6) * 10) / 10);
  const heavy = Math.min(1, Math.log10(kg + 1) / Math.log10(4001));
  const dist = Math.round(12 + power * 60);
  const runs = RUNS[fish.reel.pattern];
  return {
    rules: 2,
    fish,
    kg,
    wn: hi > lo ? (kg - lo) / (hi - lo) : 0.5,
    heavy,
    band: fish.reel.band,
    pattern: fish.reel.pattern,
    startDist: dist,
    dist,
    tension: 0.3,
    reelStep: 1.8 * (1 - 0.3 * heavy),
    tapTension: 0.09 + heavy * 0.03,
    /** Seconds into the pulse's wave (pulse). */
    wave: random() * 2,
    /** Seconds until the next run's tell (darts, dives). */
    runIn: runs ? 1 + random() * runs.every[1] : Infinity,
    tell: 0,
    surgeLeft: 0,
    redFor: 0,
    redTotal: 0,
    slackFor: 0,
    sweet: 0,
    time: 0,
    result: null,
  };
}

/** Rules 2: the fish's pull on the line now (tension per second), before any run. */
export function pullNow(r) {
  const { pull } = r.fish.reel;
  // a triangle wave (no Math.sin: the same numbers in every JavaScript engine)
  if (r.pattern === 'pulse') return pull * 4 * (1 - Math.abs(r.wave - 1));
  if (r.pattern === 'tiring') return pull * (1.8 - 1.3 * Math.max(0, Math.min(1, 1 - r.dist / r.startDist)));
  return pull;
}

/** Rules 2: where the tension is for this fish: -1 under its band, 0 in it, 1 over it. */
export const bandOf = (r, tension = r.tension) => (tension < r.band[0] ? -1 : tension > r.band[1] ? 1 : 0);

/** Rules 2: one tap of the reel: all of a reel-in inside the band, part of one outside it, none in the red. */
export function reelTap2(r) {
  if (r.result) return;
  r.tension = Math.min(1, r.tension + r.tapTension);
  if (r.tension < RED) {
    const where = bandOf(r);
    r.dist = Math.max(0, r.dist - r.reelStep * (where === 0 ? 1 : where < 0 ? BELOW_BAND : ABOVE_BAND));
  }
  if (r.dist <= 0) r.result = 'caught';
}

/** Rules 2: advance the fight by dt seconds. Returns 'tell' as a run shows, 'surge' as it starts. */
export function reelStep2(r, dt, random = Math.random) {
  if (r.result) return null;
  let event = null;
  r.time += dt;
  r.wave = (r.wave + dt) % 2;
  const runs = RUNS[r.pattern];
  if (runs && r.surgeLeft <= 0) {
    if (r.tell > 0) {
      r.tell -= dt;
      if (r.tell <= 0) {
        r.tell = 0;
        r.surgeLeft = runs.length[0] + random() * runs.length[1];
        r.runIn = runs.every[0] + random() * runs.every[1];
        event = 'surge';
      }
    } else {
      r.runIn -= dt;
      if (r.runIn <= 0) {
        r.tell = runs.tell;
        event = 'tell';
      }
    }
  }
  r.tension += (pullNow(r) - RELAX_2) * dt;
  if (r.surgeLeft > 0) {
    r.surgeLeft -= dt;
    r.tension += runs.tension * dt;
    r.dist += runs.line * dt;
  }
  r.tension = Math.max(0, Math.min(1, r.tension));
  if (r.tension >= RED) {
    r.redFor += dt * (r.tension >= 1 ? 2 : 1);
    r.redTotal += dt;
    if (r.redFor >= SNAP_AFTER_2) r.result = 'snapped';
  } else {
    r.redFor = Math.max(0, r.redFor - dt * 2);
    if (bandOf(r) === 0) r.sweet += dt;
  }
  if (r.tension < 0.05) {
    r.slackFor += dt;
    if (r.slackFor >= SLACK_AFTER_2) r.result = 'slack';
  } else r.slackFor = 0;
  if (r.dist > r.startDist + ESCAPE_AFTER_2 || r.time >= FIGHT_LIMIT_2) r.result = 'escaped';
  return event;
}

/** Rules 2: the catch record of a landed fish: quality is the share of the fight in the band. */
export function landed2(r) {
  const frac = r.time > 0 ? r.sweet / r.time : 0;
  let quality = 1 + Math.floor(4 * Math.min(1, frac * 1.15)) - (r.redTotal > 0.3 ? 1 : 0);
  quality = Math.max(1, Math.min(5, quality));
  const points = Math.round(r.fish.reel.base * (0.8 + 0.4 * r.wn) * (0.2 + 0.2 * quality));
  return { name: r.fish.name, points, weight: r.kg, quality };
}

// ---------- the trip: a fixed-step simulation ----------

/** One fixed step of a trip, in seconds. */
export const TRIP_STEP = 1 / 60;
/** Inputs of the log: [step, code]. */
export const INPUT = { press: 0, release: 1, next: 2, end: 3 };
const INPUT_NAMES = ['press', 'release', 'next', 'end'];
/** How long a lost fish's message stays before the next cast. */
export const LOST_FOR = 1.7;
/** Phases in which END TRIP ends the trip. */
export const ACTIVE_PHASES = ['aim', 'charging', 'flying', 'sinking', 'waiting', 'bite', 'reeling', 'lost'];

/** The cast power (0.04 .. 1) after charging for `t` seconds: it swings up and down. */
export function powerAt(t) {
  const u = (t / 0.75) % 2;
  return Math.max(0.04, u < 1 ? u : 2 - u);
}

/**
 * A new trip from the run's seed. `startedAt` (ms since the epoch) picks the fish in season: the
 * run ticket's start time, so the replay agrees with the game.
 */
export function createTrip(seed, startedAt, rules = RULES) {
  return {
    random: mulberry32(seed),
    rules,
    startedAt,
    steps: 0,
    phase: 'aim',
    phaseT: 0,
    casts: 0,
    catches: [],
    score: 0,
    cast: null,
    events: [],
  };
}

function setTripPhase(trip, phase) {
  trip.phase = phase;
  trip.phaseT = 0;
  trip.events.push({ type: 'phase', phase });
}

/** Apply one input ('press' | 'release' | 'next' | 'end') before the next step. */
export function tripInput(trip, kind) {
  const p = trip.phase;
  if (kind === 'press') {
    if (p === 'aim') setTripPhase(trip, 'charging');
    else if (p === 'bite') {
      trip.cast.reel = (trip.rules >= 2 ? hook2 : hook)(trip.cast.fish, trip.cast.power, trip.random);
      setTripPhase(trip, 'reeling');
      trip.events.push({ type: 'hooked' });
    } else if (p === 'reeling') {
      (trip.rules >= 2 ? reelTap2 : reelTap)(trip.cast.reel);
      trip.events.push({ type: 'tap' });
      if (trip.cast.reel.result) resolveReel(trip);
    } else if (p === 'waiting' || p === 'sinking') trip.events.push({ type: 'too-early' });
  } else if (kind === 'release') {
    if (p !== 'charging') return;
    const power = powerAt(trip.phaseT);
    trip.casts += 1;
    trip.cast = {
      power,
      fish: pickFish(power, trip.random, trip.startedAt),
      wait: 1.4 + trip.random() * 2.6,
      reel: null,
    };
    setTripPhase(trip, 'flying');
    trip.events.push({ type: 'cast' });
  } else if (kind === 'next') {
    if (p === 'caught') afterCast(trip);
  } else if (kind === 'end') {
    if (ACTIVE_PHASES.includes(p)) endTrip(trip);
  }
}

function resolveReel(trip) {
  const r = trip.cast.reel;
  if (r.result === 'caught') {
    const record = (trip.rules >= 2 ? landed2 : landed)(r);
    trip.catches.push(record);
    trip.score += record.points;
    setTripPhase(trip, 'caught');
    trip.events.push({ type: 'caught', record, fish: trip.cast.fish });
  } else lose(trip, r.result);
}

function lose(trip, why) {
  setTripPhase(trip, 'lost');
  trip.events.push({ type: 'lost', why });
}

function afterCast(trip) {
  trip.cast = null;
  if (trip.casts >= CASTS_PER_TRIP) endTrip(trip);
  else setTripPhase(trip, 'aim');
}

function endTrip(trip) {
  trip.cast = null;
  setTripPhase(trip, 'over');
  trip.events.push({ type: 'over' });
}

/** Advance the trip by one fixed step. */
export function tripStep(trip) {
  const dt = TRIP_STEP;
  trip.steps += 1;
  if (trip.phase === 'over') return;
  trip.phaseT += dt;
  const { phase, phaseT, cast } = trip;
  if (phase === 'flying' && phaseT >= 0.7) setTripPhase(trip, 'sinking');
  else if (phase === 'sinking' && phaseT >= 0.3 + cast.power * 0.9) setTripPhase(trip, 'waiting');
  else if (phase === 'waiting' && phaseT >= cast.wait) setTripPhase(trip, 'bite');
  else if (phase === 'bite' && phaseT >= BITE_WINDOW) lose(trip, 'slow');
  else if (phase === 'reeling') {
    const event = (trip.rules >= 2 ? reelStep2 : reelStep)(cast.reel, dt, trip.random);
    if (event) trip.events.push({ type: event });
    if (cast.reel.result) resolveReel(trip);
  } else if (phase === 'lost' && phaseT >= LOST_FOR) afterCast(trip);
}

/**
 * Replay a trip: `inputs` is the log [[step, code], ...] (steps in order; code from INPUT), each
 * applied before its step. Steps on until the trip is over (a last lost fish ends it by itself) or
 * `maxSteps`. Throws a `ReplayError` for a log no trip can have, or when the replay takes more
 * than `budgetMs` by `clock` (milliseconds; the server gives its thread's CPU time); `rules` is the
 * version of the rules the trip was played by. Returns the trip's result.
 */
export function replayTrip(
  seed,
  startedAt,
  inputs,
  maxSteps,
  budgetMs = Infinity,
  rules = RULES,
  clock = () => performance.now(),
) {
  const trip = createTrip(seed, startedAt, rules);
  const deadline = clock() + budgetMs;
  let i = 0;
  while (trip.phase !== 'over') {
    if (trip.steps >= maxSteps) throw new ReplayError('too-long', `The trip goes on for more than ${maxSteps} steps.`);
    if ((trip.steps & 4095) === 4095 && clock() > deadline)
      throw new ReplayError('budget', `The replay took more than ${budgetMs} ms.`);
    while (i < inputs.length && inputs[i][0] === trip.steps) {
      tripInput(trip, INPUT_NAMES[inputs[i][1]]);
      i += 1;
      if (trip.phase === 'over') break;
    }
    if (i < inputs.length && inputs[i][0] < trip.steps)
      throw new ReplayError('bad-log', 'The inputs must be in the order of their steps.');
    if (trip.phase === 'over') break;
    tripStep(trip);
    trip.events.length = 0;
  }
  if (i < inputs.length)
    throw new ReplayError('bad-log', `The input log goes on after the trip was over (step ${trip.steps}).`);
  return { score: trip.score, fish: trip.catches.map((c) => ({ ...c })), steps: trip.steps };
}
