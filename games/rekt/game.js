/**
 * REKT! game rules, free of the DOM: the one simulation the browser game and the server's replay
 * share (README, "Fair play"). Fixed step (STEP), every random choice from the seeded `random` the
 * world is made with; the run's only input is the steps at which the bird flapped.
 * World units are virtual pixels; the view is 240 px tall; time in seconds.
 */
import { mulberry32, ReplayError } from '../shared/prng.js';

export { ReplayError };

export const FORMATIONS = [
  'long line',
  'double arc',
  'jump trajectory',
  'spiral',
  'long wave',
  'big diamond',
  'zigzag',
  'mega circle',
];
/** The first eight formations of a run come easy to hard; later ones are shuffled. */
const FIRST_ORDER = [
  'long line',
  'jump trajectory',
  'double arc',
  'zigzag',
  'long wave',
  'spiral',
  'big diamond',
  'mega circle',
];

export const H = 240;
export const GROUND_Y = 216;
export const BIRD_X = 44;
export const GRAVITY = 620;
export const FLAP_V = -168;
export const MAX_FALL = 290;
export const BIRD_R = 5;
export const PICK_R = 13;
export const PILLAR_W = 24;
export const SPACING = 118;
export const COIN_POINTS = 10;
export const PILLAR_POINTS = 25;
export const FORMATION_BONUS = 250;
export const STEP = 1 / 120;
const LABELS = ['CPI', 'M2', 'FED', 'QE', 'TAX', '9%', 'IMF', 'ECB', 'USD', 'EUR', 'PPI', 'GDP'];

/**
 * The rules' version (README, "REKT! rules"). 1: speed and gaps stop changing at level 12, after
 * which a run is endurance. 2 (runs whose ticket was issued since the arcade took it up,
 * `src/server/games/rules.ts`): past level 12 the speed keeps rising and the gaps narrowing, and
 * each level has a pattern of its own. Levels 1 to 12 are the same in both.
 */
export const RULES = 2;
/** The level from which the rules of version 2 differ: the first one whose pillars have a pattern. */
export const PATTERN_FROM = 13;
export const speedFor = (level, rules = RULES) =>
  rules < 2 || level < PATTERN_FROM ? Math.min(60 + 6 * (level - 1), 126) : Math.min(126 + 2.5 * (level - 12), 176);
export const gapFor = (level, rules = RULES) =>
  rules < 2 || level < PATTERN_FROM ? Math.max(78 - 2 * (level - 1), 58) : Math.max(58 - 0.5 * (level - 12), 50);
/**
 * A level's pattern from level 13 on (rules 2), drawn with the seed: how its pillars' gaps move
 * and what it does to the speed and the gap. Never the same twice in a row.
 * - steady: gaps wander as before (up to 62 px from one to the next, less as the speed grows past 126);
 * - swings: wider jumps, up to 74 px (as steady, less when faster);
 * - stairs: every gap 22-34 px higher (or lower) than the last, turning at the edges;
 * - rush: 14 px/s faster, gaps 6 px wider;
 * - squeeze: 12 px/s slower, gaps 5 px narrower.
 */
export const PATTERNS = ['steady', 'swings', 'stairs', 'rush', 'squeeze'];
const PATTERN_SPEED = { steady: 0, swings: 0, stairs: 0, rush: 14, squeeze: -12 };
const PATTERN_GAP = { steady: 0, swings: 0, stairs: 0, rush: 6, squeeze: -5 };
/** A level's pattern (rules 2, from level 13; 'steady' before, and under rules 1). */
export const patternOf = (w, level) => w.patterns[level] ?? 'steady';
/** A level's speed in this world, its pattern's included. */
export const speedAt = (w, level) => speedFor(level, w.rules) + PATTERN_SPEED[patternOf(w, level)];
/** A level's gap in this world, its pattern's included. */
export const gapAt = (w, level) => gapFor(level, w.rules) + PATTERN_GAP[patternOf(w, level)];
export const levelFor = (pillars) => 1 + Math.floor(pillars / 10);
/**
 * Points are worth more the higher the level: x1 on levels 1-4, x2 on 5-8, x3 on 9-12 and so on
 * (README, "REKT! scoring"), so the score tiers from 5,000 to 250,000 spread over a run's minutes.
 */
export const multiplierFor = (level) => 1 + Math.floor((level - 1) / 4);
const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));

/**
 * A formation's shape. Static shapes are stretched with the speed (s = v / 60) so they feel the
 * same at every level. 'spiral' rolls as the bird flies through its middle; 'flip' shapes turn
 * around their horizontal axis, edge-on when the bird passes their centre line.
 */
export function makeFormation(name, v) {
  const s = v / 60;
  const pts = [];
  let kind = 'static';
  const extra = {};
  if (name === 'long line') {
    for (let i = 0; i < 13; i++) pts.push([(i - 6) * 11 * s, 0]);
  } else if (name === 'double arc') {
    for (let a = 0; a < 2; a++)
      for (let i = 0; i < 6; i++) pts.push([(-70 + a * 76 + (i / 5) * 64) * s, -26 * Math.sin((Math.PI * i) / 5)]);
  } else if (name === 'jump trajectory') {
    for (let i = 0; i < 11; i++) {
      const u = i / 10;
      pts.push([(-60 + 120 * u) * s, 203.5 * u * u - 193.5 * u + 20 - 5]);
    }
  } else if (name === 'long wave') {
    for (let i = 0; i < 17; i++) {
      const u = i / 16;
      pts.push([(-96 + 192 * u) * s, 18 * Math.sin(2 * Math.PI * 1.5 * u)]);
    }
  } else if (name === 'zigzag') {
    const ys = [18, 0, -18, 0, 18, 0, -18, 0, 18, 0, -18, 0, 18];
    ys.forEach((y, i) => pts.push([(i - 6) * 12 * s, y]));
  } else if (name === 'spiral') {
    kind = 'spiral';
    extra.rMin = 6;
    extra.rMax = 44;
    extra.a = (extra.rMax - extra.rMin) / (2.4 * Math.PI);
    for (let k = 0; k < 13; k++) {
      const r = extra.rMin + (k * (extra.rMax - extra.rMin)) / 12;
      pts.push([r, 0]);
    }
  } else if (name === 'big diamond') {
    kind = 'flip';
    extra.R = 46;
    extra.c = 0.45;
    const a = 46;
    const b = 32;
    const corners = [
      [-a, 0],
      [0, -b],
      [a, 0],
      [0, b],
    ];
    for (let e = 0; e < 4; e++) {
      const [x0, y0] = corners[e];
      const [x1, y1] = corners[(e + 1) % 4];
      for (let i = 0; i < 4; i++) pts.push([x0 + ((x1 - x0) * i) / 4, y0 + ((y1 - y0) * i) / 4]);
    }
  } else if (name === 'mega circle') {
    kind = 'flip';
    extra.R = 40;
    extra.c = 0.35;
    for (let k = 0; k < 16; k++) {
      const th = Math.PI + (2 * Math.PI * k) / 16;
      pts.push([40 * Math.cos(th), 40 * Math.sin(th)]);
    }
  }
  const r = extra.rMax;
  const coins = pts.map(([ox, oy], i) => ({ ox, oy, i, taken: false, takenAt: 0 }));
  // Every formation and coin has all its fields from the start, in one order, so the step's loops
  // meet objects of one shape (faster property reads); a field a kind does not use is undefined.
  return {
    name,
    kind,
    rMin: extra.rMin,
    rMax: extra.rMax,
    a: extra.a,
    R: extra.R,
    c: extra.c,
    coins,
    /** The coins from left to right (a static or flipping coin keeps its x), and the first not yet behind the bird's reach. */
    byX: [...coins].sort((p, q) => p.ox - q.ox),
    next: 0,
    minX: r ? -r : Math.min(...pts.map((p) => p[0])),
    maxX: r ? r : Math.max(...pts.map((p) => p[0])),
    minY: r ? -r : Math.min(...pts.map((p) => p[1])),
    maxY: r ? r : Math.max(...pts.map((p) => p[1])),
    // where the bird should enter and leave: the centre line for turning shapes, else the end coins
    entryY: kind === 'static' ? pts[0][1] : 0,
    exitY: kind === 'static' ? pts[pts.length - 1][1] : 0,
    total: pts.length,
    collected: 0,
    /** Its centre in the world, set where it is placed. */
    cx: 0,
    cy: 0,
    /** Passed: every coin taken (complete) or the bird beyond it. */
    done: false,
    complete: false,
  };
}

/**
 * Where a formation coin is now (offset from the formation centre), given d = centre x - bird x.
 * Returns [x, y, depth] (depth > 0 is behind, for shading).
 */
export function coinOffset(f, c, d) {
  if (f.kind === 'spiral') {
    const dd = clamp(d, f.rMin, f.rMax);
    const th = Math.PI + (c.ox - dd) / f.a;
    return [c.ox * Math.cos(th), c.ox * Math.sin(th), 0];
  }
  if (f.kind === 'flip') {
    const phi = Math.PI / 2 + (f.c * d) / f.R;
    return [c.ox, c.oy * Math.cos(phi), c.oy * Math.sin(phi)];
  }
  return [c.ox, c.oy, 0];
}

export function createWorld(random = Math.random, rules = RULES) {
  const w = {
    random,
    rules,
    /** Each level's pattern, by level, drawn as its first pillar is built (rules 2, from level 13). */
    patterns: {},
    /** The way 'stairs' climbs: 1 down, -1 up. */
    stairs: 1,
    t: 0,
    /** Fixed steps taken since the run started (the input log counts in them). */
    steps: 0,
    camX: 0,
    bird: { y: 96, vy: FLAP_V, alive: true, deadT: 0, flapT: 0 },
    pillars: [],
    coins: [],
    formations: [],
    nextX: BIRD_X + 190,
    lastGapY: 110,
    spawned: 0,
    queue: [...FIRST_ORDER],
    lastFormation: '',
    score: 0,
    coinCount: 0,
    pillarsPassed: 0,
    level: 1,
    achievements: Object.fromEntries(FORMATIONS.map((n) => [n, false])),
    events: [],
  };
  generate(w);
  return w;
}

export const birdWorldX = (w) => w.camX + BIRD_X;
export const speedOf = (w) => speedAt(w, w.level);

function nextFormationName(w) {
  if (!w.queue.length) {
    const list = [...FORMATIONS];
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(w.random() * (i + 1));
      [list[i], list[j]] = [list[j], list[i]];
    }
    if (list[0] === w.lastFormation) list.push(list.shift());
    w.queue = list;
  }
  const name = w.queue.shift();
  w.lastFormation = name;
  return name;
}

/** Keep the world built 720 px ahead of the camera. */
function generate(w) {
  while (w.nextX < w.camX + 720) {
    const index = w.spawned++;
    const level = levelFor(index);
    if (w.rules >= 2 && level >= PATTERN_FROM && index % 10 === 0) drawPattern(w, level);
    const pattern = patternOf(w, level);
    const gapH = gapAt(w, level);
    const lo = 18 + gapH / 2;
    const hi = GROUND_Y - 18 - gapH / 2;
    let gapY;
    if (pattern === 'stairs') {
      let next = w.lastGapY + w.stairs * (22 + w.random() * 12);
      if (next < lo || next > hi) {
        w.stairs = -w.stairs;
        next = w.lastGapY + w.stairs * (22 + w.random() * 12);
      }
      gapY = clamp(next, lo, hi);
    } else {
      // Past 126 px/s the jumps shrink with the speed, so a gap below can still be reached by falling.
      const reach = (pattern === 'swings' ? 74 : 62) * Math.min(1, 126 / speedAt(w, level));
      gapY = clamp(w.lastGapY + (w.random() * 2 - 1) * reach, lo, hi);
    }
    const x = w.nextX;
    w.pillars.push({ x, gapY, gapH, passed: false, label: LABELS[index % LABELS.length], index });
    w.coins.push({ x: x + PILLAR_W / 2, y: gapY, taken: false, f: null });
    w.lastGapY = gapY;
    w.nextX = x + SPACING + Math.floor(w.random() * 16);
    if (index % 3 === 1) {
      // a formation in a widened stretch after this pillar
      const v = speedAt(w, level);
      const f = makeFormation(nextFormationName(w), v);
      const left = x + PILLAR_W + 40 * (v / 60);
      f.cx = left - f.minX;
      const target = gapY - f.entryY + (w.random() * 2 - 1) * 14;
      f.cy = clamp(target, 16 - f.minY, GROUND_Y - 16 - f.maxY);
      w.formations.push(f);
      w.nextX = f.cx + f.maxX + 46 * (v / 60);
      w.lastGapY = f.cy + f.exitY;
    }
  }
  // forget what is far behind
  const behind = w.camX - 80;
  if (w.pillars.length && w.pillars[0].x < behind) w.pillars = w.pillars.filter((p) => p.x > behind);
  if (w.coins.length && w.coins[0].x < behind) w.coins = w.coins.filter((c) => c.x > behind);
  if (w.formations.length && w.formations[0].cx + 120 < behind)
    w.formations = w.formations.filter((f) => f.cx + 120 > behind);
}

/** Draw the pattern of `level` (its first pillar is being built): not the one before it. */
function drawPattern(w, level) {
  let pattern = PATTERNS[Math.floor(w.random() * PATTERNS.length)];
  if (pattern === w.patterns[level - 1]) pattern = PATTERNS[(PATTERNS.indexOf(pattern) + 1) % PATTERNS.length];
  w.patterns[level] = pattern;
  if (pattern === 'stairs') w.stairs = w.random() < 0.5 ? -1 : 1;
}

/** Current world position of a formation coin. */
export function formationCoinPos(w, f, c) {
  const d = f.cx - birdWorldX(w);
  const [x, y, z] = coinOffset(f, c, d);
  return [f.cx + x, f.cy + y, z];
}

function hitsPillar(p, bx, by, r) {
  if (bx + r <= p.x || bx - r >= p.x + PILLAR_W) return false;
  const top = p.gapY - p.gapH / 2;
  const bottom = p.gapY + p.gapH / 2;
  if (by - r >= top && by + r <= bottom) return false;
  // circle vs the two rectangles
  const nx = clamp(bx, p.x, p.x + PILLAR_W);
  const nyTop = Math.min(by, top);
  const nyBottom = Math.max(by, bottom);
  const dTop = (bx - nx) ** 2 + (by - nyTop) ** 2;
  const dBottom = (bx - nx) ** 2 + (by - nyBottom) ** 2;
  return dTop < r * r || dBottom < r * r;
}

/**
 * Advance the world by one fixed step. `flap` applies an upward kick first.
 * Pushes events into w.events: {type:'flap'|'coin'|'pillar'|'level'|'formation'|'formation-missed'|'dead', ...}.
 */
export function step(w, flap = false) {
  const dt = STEP;
  const b = w.bird;
  w.t += dt;
  w.steps += 1;
  if (!b.alive) {
    b.deadT += dt;
    b.vy = Math.min(b.vy + GRAVITY * dt, MAX_FALL * 1.2);
    b.y = Math.min(b.y + b.vy * dt, GROUND_Y - BIRD_R);
    return;
  }
  if (flap) {
    b.vy = FLAP_V;
    b.flapT = w.t;
    w.events.push({ type: 'flap' });
  }
  b.vy = Math.min(b.vy + GRAVITY * dt, MAX_FALL);
  b.y += b.vy * dt;
  if (b.y < 6) {
    b.y = 6;
    b.vy = Math.max(b.vy, 0);
  }
  const v = speedOf(w);
  w.camX += v * dt;
  generate(w);
  const bx = birdWorldX(w);

  // pillars: pass or crash
  for (const p of w.pillars) {
    if (p.x > bx + 40) break;
    if (!p.passed && p.x + PILLAR_W < bx - BIRD_R) {
      p.passed = true;
      w.pillarsPassed += 1;
      const points = PILLAR_POINTS * multiplierFor(w.level);
      w.score += points;
      w.events.push({ type: 'pillar', x: p.x + PILLAR_W / 2, y: p.gapY, points });
      const level = levelFor(w.pillarsPassed);
      if (level !== w.level) {
        w.level = level;
        w.events.push({
          type: 'level',
          level,
          pattern: w.rules >= 2 && level >= PATTERN_FROM ? patternOf(w, level) : null,
        });
      }
    }
    if (hitsPillar(p, bx, b.y, BIRD_R - 0.5)) return die(w, 'pillar');
  }
  if (b.y + BIRD_R >= GROUND_Y) {
    b.y = GROUND_Y - BIRD_R;
    return die(w, 'ground');
  }

  // loose coins (in x order: none past the first one ahead of the bird's reach)
  const r2 = PICK_R * PICK_R;
  for (const c of w.coins) {
    if (c.x > bx + 20) break;
    if (c.taken || c.x < bx - 20) continue;
    if ((c.x - bx) ** 2 + (c.y - b.y) ** 2 < r2) {
      c.taken = true;
      w.coinCount += 1;
      const points = COIN_POINTS * multiplierFor(w.level);
      w.score += points;
      w.events.push({ type: 'coin', x: c.x, y: c.y, points });
    }
  }
  // formation coins
  for (const f of w.formations) {
    if (f.done) continue;
    // Formations come in x order, and no coin of this one is within a pick radius yet (a spiral's
    // coins stay within its radius, -minX, of the centre; a pixel more for rounding).
    if (f.cx + f.minX - PICK_R - 1 > bx) break;
    // A coin a whole pick radius away on x cannot be picked, so it is passed over without more work.
    if (f.kind === 'spiral') {
      // A spiral's coin stays within its radius (c.ox) of the centre, plus a pixel for rounding.
      const d = f.cx - bx;
      for (const c of f.coins) {
        if (c.taken || d - c.ox >= PICK_R + 1 || -d - c.ox >= PICK_R + 1) continue;
        const [x, y] = formationCoinPos(w, f, c);
        if ((x - bx) ** 2 + (y - b.y) ** 2 < r2) takeFormationCoin(w, f, c, x, y);
      }
    } else {
      // A static or flipping formation's coin keeps its x (the sum formationCoinPos makes), and the
      // bird only moves right: the coins from left to right, from the first not yet behind its reach.
      const byX = f.byX;
      while (f.next < byX.length && bx - (f.cx + byX[f.next].ox) >= PICK_R) f.next += 1;
      for (let k = f.next; k < byX.length; k++) {
        const c = byX[k];
        const x = f.cx + c.ox;
        if (x - bx >= PICK_R) break;
        if (c.taken) continue;
        const y = f.kind === 'static' ? f.cy + c.oy : formationCoinPos(w, f, c)[1];
        if ((x - bx) ** 2 + (y - b.y) ** 2 < r2) takeFormationCoin(w, f, c, x, y);
      }
    }
    if (!f.done && f.cx + f.maxX + PICK_R + 2 < bx) {
      f.done = true;
      w.events.push({ type: 'formation-missed', name: f.name, collected: f.collected, total: f.total });
    }
  }
}

/** The bird takes coin `c` of formation `f` at (x, y); the last one completes the formation. */
function takeFormationCoin(w, f, c, x, y) {
  c.taken = true;
  c.takenAt = w.t;
  f.collected += 1;
  w.coinCount += 1;
  const multiplier = multiplierFor(w.level);
  w.score += COIN_POINTS * multiplier;
  w.events.push({ type: 'coin', x, y, formation: f.name, collected: f.collected, total: f.total });
  if (f.collected === f.total) {
    f.done = true;
    f.complete = true;
    const bonus = FORMATION_BONUS * multiplier;
    w.score += bonus;
    const first = !w.achievements[f.name];
    w.achievements[f.name] = true;
    w.events.push({ type: 'formation', name: f.name, first, x: f.cx, y: f.cy, bonus });
  }
}

function die(w, cause) {
  w.bird.alive = false;
  w.bird.vy = Math.min(w.bird.vy, -60);
  w.events.push({ type: 'dead', cause });
}

/**
 * Replay a run: a new world from `seed`, flapping at the steps in `flaps` (strictly increasing step
 * numbers, each counted before its step), until the bird dies. Throws a `ReplayError` for a log
 * no run can have (unordered, past the bird's death, or longer than `maxSteps` steps), or whose
 * replay takes more than `budgetMs` by `clock` (milliseconds; the server gives its thread's CPU
 * time, so a busy machine does not refuse an honest run, see src/server/games/replay.ts).
 * Returns the result the run reached and how many steps it took.
 */
export function replay(seed, flaps, maxSteps, budgetMs = Infinity, rules = RULES, clock = () => performance.now()) {
  const w = createWorld(mulberry32(seed), rules);
  const deadline = clock() + budgetMs;
  let next = 0;
  while (w.bird.alive) {
    if (w.steps >= maxSteps) throw new ReplayError('too-long', `The run goes on for more than ${maxSteps} steps.`);
    if ((w.steps & 4095) === 4095 && clock() > deadline)
      throw new ReplayError('budget', `The replay took more than ${budgetMs} ms.`);
    const flap = next < flaps.length && flaps[next] === w.steps;
    if (flap) next += 1;
    else if (next < flaps.length && flaps[next] < w.steps)
      throw new ReplayError('bad-log', 'The flap steps must be whole numbers in increasing order.');
    step(w, flap);
    // Nothing reads the events here. Most steps have none, and setting an array's length is not free.
    if (w.events.length !== 0) w.events.length = 0;
  }
  if (next < flaps.length)
    throw new ReplayError('bad-log', `The input log has flaps after the bird was REKT (step ${w.steps}).`);
  return { score: w.score, level: w.level, achievements: { ...w.achievements }, steps: w.steps };
}
