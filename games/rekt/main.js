import { Arcade, focusSoon, formatCount, showScreen } from '../shared/arcade-client.js';
import {
  PAL,
  Particles,
  animate,
  bandedSky,
  createPixelCanvas,
  drawStars,
  drawText,
  makeStars,
  pixelTitle,
  rect,
  spriteCanvas,
  textWidth,
} from '../shared/pixel.js';
import { mulberry32 } from '../shared/prng.js';
import * as G from './game.js';

const arcade = new Arcade({ gameId: 'rekt', gameName: 'REKT!' });
const sfx = arcade.sound;
const canvas = document.getElementById('screen');
// Two views of the one world (the simulation never knows which; one shared leaderboard). Held
// sideways, and on a desktop, 400 virtual pixels wide, the rest of the screen letterboxed. On a screen
// taller than wide (a phone held upright) 240 wide, as tall as the screen is wide: drawn 1.67 times
// larger than the strip the wide view would make, with the bird further left and, at the right edge,
// a radar of the gaps of the candles that the wide view would show beyond the edge.
const VIEW_W = 400;
const UPRIGHT_W = 240;
/** A screen taller than wide: the page's CSS draws the canvas square at the top (index.html). */
const portrait = window.matchMedia('(orientation: portrait)');
/** How much further left the bird sits in the upright view (virtual pixels). */
const UPRIGHT_SHIFT = 20;
const px = createPixelCanvas(canvas, {
  height: G.H,
  minWidth: UPRIGHT_W,
  maxWidth: VIEW_W,
  width: () => (portrait.matches ? UPRIGHT_W : VIEW_W),
});
/** Virtual pixels the view starts to the right of the wide view's left edge (0 held sideways). */
const viewShift = () => (px.W < VIEW_W ? UPRIGHT_SHIFT : 0);
/** Where the bird is drawn across the view. */
const birdX = () => G.BIRD_X - viewShift();
const ctx = px.ctx;
const $ = (id) => document.getElementById(id);

document.querySelector('#screen-ready h1').prepend(pixelTitle('REKT!', { color: PAL.orange, shadow: PAL.red }));
document.querySelector('#screen-over h2').prepend(pixelTitle('REKT!', { color: PAL.red, shadow: PAL.pinkDark }));

// ---------- sprites ----------
const BIRD_COLORS = {
  k: PAL.ink,
  o: PAL.orange,
  d: PAL.orangeDark,
  g: PAL.gold,
  w: PAL.white,
  y: '#ffb000',
  p: PAL.pink,
  c: '#ffe7b0',
};
/** The bird, built from shapes: a round orange body, gold belly, big eye, beak, tail and a wing. */
function birdRows(wing, dead) {
  const W = 18;
  const Hh = 14;
  const g = Array.from({ length: Hh }, () => Array(W).fill('.'));
  const set = (x, y, c) => {
    if (x >= 0 && y >= 0 && x < W && y < Hh) g[y][x] = c;
  };
  for (let y = 0; y < Hh; y++)
    for (let x = 0; x < W; x++) {
      const dx = (x - 8.5) / 6.6;
      const dy = (y - 7) / 5.7;
      if (dx * dx + dy * dy <= 1) g[y][x] = y >= 8 && x >= 6 ? (y >= 11 ? 'c' : 'g') : 'o';
    }
  // tail feathers and crest
  for (const [x, y] of [
    [1, 5],
    [2, 5],
    [0, 6],
    [1, 6],
    [2, 6],
    [1, 7],
    [2, 7],
    [8, 1],
    [9, 1],
    [9, 0],
    [10, 1],
  ])
    set(x, y, 'd');
  // beak
  for (const [x, y] of [
    [15, 6],
    [16, 6],
    [15, 7],
    [16, 7],
    [17, 7],
    [15, 8],
  ])
    set(x, y, 'y');
  // eye
  for (let y = 3; y <= 6; y++) for (let x = 10; x <= 13; x++) set(x, y, 'w');
  if (dead) {
    set(11, 4, 'k');
    set(12, 5, 'k');
    set(13, 4, 'k');
    set(11, 6, 'k');
    set(13, 6, 'k');
  } else {
    set(12, 4, 'k');
    set(13, 4, 'k');
    set(12, 5, 'k');
    set(13, 5, 'k');
    set(12, 4, 'k');
  }
  set(13, 8, 'p');
  // wing
  const wings = [
    [
      [3, 4],
      [4, 4],
      [5, 4],
      [2, 5],
      [3, 5],
      [4, 5],
      [5, 5],
      [6, 5],
      [3, 6],
      [4, 6],
      [5, 6],
      [6, 6],
      [7, 6],
    ],
    [
      [3, 7],
      [4, 7],
      [5, 7],
      [6, 7],
      [7, 7],
      [2, 8],
      [3, 8],
      [4, 8],
      [5, 8],
      [6, 8],
      [7, 8],
      [3, 9],
      [4, 9],
      [5, 9],
    ],
    [
      [4, 8],
      [5, 8],
      [6, 8],
      [7, 8],
      [3, 9],
      [4, 9],
      [5, 9],
      [6, 9],
      [3, 10],
      [4, 10],
      [5, 10],
      [4, 11],
      [3, 11],
    ],
  ][wing];
  for (const [x, y] of wings) set(x, y, 'c');
  for (const [x, y] of wings) if (y === Math.max(...wings.map((w) => w[1]))) set(x, y, 'd');
  // outline
  const out = g.map((r) => [...r]);
  for (let y = 0; y < Hh; y++)
    for (let x = 0; x < W; x++) {
      if (g[y][x] !== '.') continue;
      const n = [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ].some(([ox, oy]) => g[y + oy]?.[x + ox] && g[y + oy][x + ox] !== '.');
      if (n) out[y][x] = 'k';
    }
  // wing edge
  for (const [x, y] of wings)
    for (const [ox, oy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ])
      if (out[y + oy]?.[x + ox] === 'o' || out[y + oy]?.[x + ox] === 'g') out[y + oy][x + ox] = 'd';
  return out.map((r) => r.join(''));
}
function birdFrame(wing, dead) {
  return spriteCanvas(birdRows(wing, dead), BIRD_COLORS);
}
const BIRD = [0, 1, 2, 1].map((w) => birdFrame(w, false));
const BIRD_DEAD = birdFrame(1, true);

function drawCoin(x, y, t, { dim = false, size = 8, sync = false } = {}) {
  // spinning coin: width follows |cos|
  const phase = Math.abs(Math.cos(t * 4 + (sync ? 0 : x * 0.05)));
  const w = Math.max(2, Math.round(size * (0.25 + 0.75 * phase)));
  const h = size;
  const x0 = Math.round(x - w / 2);
  const y0 = Math.round(y - h / 2);
  const outer = dim ? '#6b4a2a' : PAL.orangeDark;
  const inner = dim ? '#9a6a35' : PAL.orange;
  for (let r = 0; r < h; r++) {
    const e = (r + 0.5) / h - 0.5;
    const half = Math.max(0.5, (w / 2) * Math.sqrt(1 - 4 * e * e));
    const a = Math.round(x0 + w / 2 - half);
    const b = Math.round(x0 + w / 2 + half);
    rect(ctx, a, y0 + r, b - a, 1, outer);
    if (b - a > 2 && r > 0 && r < h - 1) rect(ctx, a + 1, y0 + r, b - a - 2, 1, inner);
  }
  if (w >= 6 && !dim) {
    rect(ctx, x0 + 2, y0 + 2, 1, 2, PAL.gold);
    rect(ctx, x0 + Math.floor(w / 2), y0 + 2, 1, 4, PAL.orangeDark);
    rect(ctx, x0 + Math.floor(w / 2) + 1, y0 + 2, 1, 1, PAL.orangeDark);
    rect(ctx, x0 + Math.floor(w / 2) + 1, y0 + 4, 1, 1, PAL.orangeDark);
  }
}

// ---------- background ----------
const stars = makeStars(90, 720, 150, 11);
function hash(n) {
  n = n ^ 61 ^ (n >>> 16);
  n = Math.imul(n, 9);
  n ^= n >>> 4;
  n = Math.imul(n, 0x27d4eb2d);
  return ((n ^ (n >>> 15)) >>> 0) / 4294967296;
}
function skyline(cam, factor, base, maxH, color, windows, seed) {
  const off = cam * factor;
  const bw = 14;
  const first = Math.floor(off / bw) - 1;
  for (let i = first; i < first + Math.ceil(px.W / bw) + 3; i++) {
    const h = Math.floor(maxH * (0.35 + 0.65 * hash(i * 7 + seed)));
    const w = bw - (hash(i * 13 + seed) < 0.3 ? 3 : 0);
    const x = Math.round(i * bw - off);
    rect(ctx, x, base - h, w, h, color);
    if (hash(i + seed * 3) < 0.25) rect(ctx, x + Math.floor(w / 2), base - h - 4, 1, 4, color);
    if (windows) {
      for (let wy = base - h + 3; wy < base - 3; wy += 4)
        for (let wx = x + 2; wx < x + w - 2; wx += 3) {
          const k = hash(i * 101 + wy * 7 + wx);
          if (k < 0.22) rect(ctx, wx, wy, 1, 2, k < 0.05 ? PAL.cyan : k < 0.12 ? '#c98a2a' : '#5a4a9a');
        }
    }
  }
}
function chartLine(cam) {
  // a faint, ever-rising red price chart: inflation in the sky
  const off = cam * 0.22;
  ctx.fillStyle = '#3a1640';
  let prevY = null;
  for (let x = 0; x < px.W; x += 2) {
    const wx = x + off;
    const y = Math.round(120 - ((wx * 0.08) % 70) + Math.sin(wx * 0.09) * 6 + hash(Math.floor(wx / 6)) * 5);
    if (prevY !== null) {
      const lo = Math.min(prevY, y);
      ctx.fillRect(x, lo, 2, Math.abs(prevY - y) + 1);
    }
    prevY = y;
  }
}
function drawMoon(t) {
  const mx = px.W - 40;
  const my = 34;
  for (let dy = -15; dy <= 15; dy++) {
    const half = Math.floor(Math.sqrt(225 - dy * dy));
    rect(ctx, mx - half, my + dy, half * 2 + 1, 1, dy < -8 ? '#ffe59a' : PAL.gold);
  }
  rect(ctx, mx - 10, my - 3, 3, 3, '#e8b830');
  rect(ctx, mx + 6, my + 6, 4, 3, '#e8b830');
  drawText(ctx, '$', mx - 2, my - 3, { color: '#d9a21c' });
  if (Math.sin(t * 1.3) > 0.95) rect(ctx, mx - 18, my - 14, 1, 1, PAL.white);
}
function drawGround(cam) {
  const y = G.GROUND_Y;
  rect(ctx, 0, y, px.W, G.H - y, '#1d1540');
  rect(ctx, 0, y, px.W, 2, PAL.green);
  rect(ctx, 0, y + 2, px.W, 1, PAL.greenDark);
  const off = Math.floor(cam) % 12;
  for (let x = -off; x < px.W; x += 12) {
    rect(ctx, x, y + 3, 1, 2, PAL.greenDark);
    rect(ctx, x + 6, y + 3, 1, 1, PAL.greenDark);
  }
  const off2 = Math.floor(cam) % 16;
  for (let row = 0; row < 3; row++) {
    const yy = y + 7 + row * 6;
    for (let x = -off2 + (row % 2) * 8; x < px.W; x += 16) rect(ctx, x, yy, 12, 4, '#271c52');
  }
}
function drawPillar(p, sx) {
  const top = Math.round(p.gapY - p.gapH / 2);
  const bottom = Math.round(p.gapY + p.gapH / 2);
  const W = G.PILLAR_W;
  const body = (y0, y1) => {
    if (y1 <= y0) return;
    rect(ctx, sx, y0, W, y1 - y0, '#5a0a1a');
    rect(ctx, sx + 1, y0, W - 2, y1 - y0, PAL.red);
    rect(ctx, sx + 3, y0, 3, y1 - y0, '#ff7a86');
    rect(ctx, sx + W - 6, y0, 4, y1 - y0, '#c81e3a');
    // price ticks
    for (let y = y0 + 6; y < y1 - 4; y += 10) rect(ctx, sx + 3, y, 3, 1, '#c81e3a');
  };
  body(-2, top - 6);
  body(bottom + 6, G.GROUND_Y);
  // candle caps (the lip at the gap)
  for (const [y, h] of [
    [top - 6, 6],
    [bottom, 6],
  ]) {
    rect(ctx, sx - 2, y, W + 4, h, '#5a0a1a');
    rect(ctx, sx - 1, y + 1, W + 2, h - 2, '#e0283e');
    rect(ctx, sx, y + 1, W, 1, '#ff8a95');
  }
  if (top - 24 > 2)
    drawText(ctx, p.label, sx + W / 2, top - 24, { color: '#ffd0d5', align: 'center', shadow: '#7a0f24' });
  if (G.GROUND_Y - (bottom + 6) > 24)
    drawText(ctx, p.label, sx + W / 2, bottom + 14, { color: '#ffd0d5', align: 'center', shadow: '#7a0f24' });
}

// ---------- game state ----------
let world = null;
let runId = '';
/** The run's input log: the steps at which the bird flapped (the server replays them). */
let flaps = [];
let starting = false;
let phase = 'ready'; // ready | playing | dying | over
let flapQueued = false;
let lastTime = performance.now();
let acc = 0;
let shake = 0;
let flash = 0;
let banner = null; // { text, sub, t, color }
let idleT = 0;
const particles = new Particles();
const collected = []; // coins flying into the bird: {x, y, t}

function hud() {
  $('hud-score').textContent = formatCount(world ? world.score : 0);
  $('hud-level').textContent = formatCount(world ? world.level : 1);
  $('hud-forms').textContent = `${world ? Object.values(world.achievements).filter(Boolean).length : 0}/8`;
}

async function start() {
  if (starting) return;
  starting = true;
  const ticket = await arcade.startRun();
  starting = false;
  world = G.createWorld(mulberry32(ticket.seed));
  runId = ticket.runId;
  flaps = [];
  phase = 'playing';
  flapQueued = false;
  acc = 0;
  banner = { text: 'FLAP!', sub: 'TAP / SPACE', t: 0, color: PAL.cyan, life: 1.2 };
  particles.list = [];
  collected.length = 0;
  showScreen('');
  document.activeElement?.blur?.();
  canvas.focus({ preventScroll: true });
  sfx.tune(
    [
      [523, 0.06],
      [784, 0.08],
    ],
    { vol: 0.1 },
  );
  hud();
}

function gameOver() {
  phase = 'over';
  const achievements = { ...world.achievements };
  const done = G.FORMATIONS.filter((n) => achievements[n]);
  $('final-score').textContent = formatCount(world.score);
  $('final-details').textContent =
    `${formatCount(world.coinCount)} coins · ${formatCount(world.pillarsPassed)} candles passed · level ${formatCount(world.level)}`;
  const chips = $('final-forms');
  chips.replaceChildren(
    ...G.FORMATIONS.map((n) => {
      const li = document.createElement('li');
      li.className = `chip${achievements[n] ? ' on' : ''}`;
      li.textContent = `${achievements[n] ? '★ ' : ''}${n}`;
      return li;
    }),
  );
  $('final-forms-label').textContent = done.length
    ? `Formations completed: ${done.length}/8`
    : 'No complete formation this run - collect every coin of a shape!';
  showScreen('screen-over');
  focusSoon($('again'));
  void arcade.finishRun({ runId, score: world.score, level: world.level, achievements, inputs: flaps });
}

function flap() {
  if (phase === 'playing') flapQueued = true;
}

/** What the level-up banner calls each pattern of the levels from 13 on (game.js, PATTERNS). */
const PATTERN_WORDS = {
  steady: 'STEADY CLIMB',
  swings: 'WILD SWINGS',
  stairs: 'CANDLE STAIRS',
  rush: 'RUSH: FASTER',
  squeeze: 'SQUEEZE: NARROWER',
};

// ---------- input ----------
const stage = $('stage');
stage.addEventListener('pointerdown', (e) => {
  if (e.target.closest('button, .panel')) return;
  if (phase === 'playing') {
    e.preventDefault();
    flap();
  }
});
window.addEventListener('keydown', (e) => {
  const key = e.code;
  if (key !== 'Space' && key !== 'ArrowUp' && key !== 'KeyW') return;
  if (phase === 'playing') {
    e.preventDefault();
    if (!e.repeat) flap();
    return;
  }
  if (phase === 'ready' && !(e.target instanceof HTMLButtonElement)) {
    e.preventDefault();
    start();
  }
});
$('play').addEventListener('click', start);
$('again').addEventListener('click', start);

// ---------- events from the rules ----------
function handleEvents() {
  for (const ev of world.events) {
    if (ev.type === 'flap') sfx.beep(420, 0.07, { to: 760, vol: 0.07 });
    else if (ev.type === 'coin') {
      const sx = ev.x - world.camX - viewShift();
      collected.push({ x: sx, y: ev.y, t: 0 });
      particles.burst(sx, ev.y, 5, { colors: [PAL.gold, PAL.orange, PAL.white], speed: 40, life: 0.35, gravity: 60 });
      if (!ev.formation) particles.text(sx, ev.y - 12, `+${ev.points}`, PAL.gold, 0.6);
      const n = ev.total ? ev.collected / ev.total : 0;
      sfx.beep(988 + n * 500, 0.05, { vol: 0.08 });
      sfx.beep(1319 + n * 600, 0.09, { vol: 0.08, delay: 0.05 });
    } else if (ev.type === 'pillar') {
      sfx.beep(660, 0.05, { type: 'triangle', vol: 0.1 });
      particles.text(birdX(), world.bird.y - 16, `+${ev.points}`, PAL.green, 0.7);
    } else if (ev.type === 'level') {
      const multiplier = G.multiplierFor(ev.level);
      const richer = multiplier > G.multiplierFor(ev.level - 1);
      // From level 13 each level has a pattern of its own (rules 2): the banner names it.
      const pattern = ev.pattern ? PATTERN_WORDS[ev.pattern] : null;
      banner = {
        text: `LEVEL ${ev.level}`,
        sub: pattern
          ? richer
            ? `POINTS X${multiplier} - ${pattern}`
            : pattern
          : richer
            ? `POINTS X${multiplier}`
            : 'INFLATION RISING',
        t: 0,
        color: richer ? PAL.gold : PAL.cyan,
        life: 1.6,
      };
      sfx.tune(
        [
          [392, 0.08],
          [523, 0.08],
          [659, 0.08],
          [784, 0.14],
        ],
        { type: 'triangle', vol: 0.12 },
      );
    } else if (ev.type === 'formation') {
      banner = { text: ev.name, sub: `COMPLETE! +${ev.bonus}`, t: 0, color: PAL.gold, life: 2 };
      particles.burst(birdX(), world.bird.y, 36, {
        colors: [PAL.gold, PAL.orange, PAL.green, PAL.cyan, PAL.pink],
        speed: 110,
        life: 0.9,
        gravity: 90,
        size: 2,
      });
      sfx.tune(
        [
          [523, 0.07],
          [659, 0.07],
          [784, 0.07],
          [1047, 0.07],
          [1319, 0.2],
        ],
        { vol: 0.12 },
      );
      hud();
    } else if (ev.type === 'formation-missed') {
      particles.text(birdX() + 30, 40, `${ev.name} ${ev.collected}/${ev.total}`, PAL.grey, 1.2);
    } else if (ev.type === 'dead') {
      phase = 'dying';
      shake = 0.35;
      flash = 0.18;
      sfx.noise(0.35, 0.25);
      sfx.beep(320, 0.5, { to: 50, vol: 0.14 });
      particles.burst(birdX(), world.bird.y, 18, {
        colors: [PAL.orange, PAL.white, PAL.gold],
        speed: 90,
        life: 0.8,
        gravity: 200,
        size: 2,
      });
      setTimeout(gameOver, 900);
    }
    if (ev.type === 'coin' || ev.type === 'pillar') hud();
  }
  world.events.length = 0;
}

// ---------- drawing ----------
function drawWorld(t) {
  const cam = (world ? world.camX : idleT * 30) + viewShift();
  bandedSky(ctx, 0, 0, px.W, G.GROUND_Y, ['#0e0b26', '#120e2e', '#171036', '#1d1240', '#25144a', '#2f1652']);
  drawStars(ctx, stars, t, { offset: cam * 0.04, wrap: Math.max(px.W, 720) });
  drawMoon(t);
  chartLine(cam);
  skyline(cam, 0.12, G.GROUND_Y, 70, '#1a1340', false, 3);
  skyline(cam, 0.3, G.GROUND_Y, 44, '#231852', true, 9);
  if (world) {
    for (const p of world.pillars) {
      const sx = Math.round(p.x - cam);
      if (sx > px.W + 4 || sx < -G.PILLAR_W - 4) continue;
      drawPillar(p, sx);
    }
    if (viewShift()) drawRadar(cam);
    for (const c of world.coins) {
      if (c.taken) continue;
      const sx = c.x - cam;
      if (sx < -8 || sx > px.W + 8) continue;
      drawCoin(sx, c.y, t);
    }
    for (const f of world.formations) {
      const left = f.cx + f.minX - cam;
      if (left > px.W + 10 || f.cx + f.maxX - cam < -20) continue;
      const positions = f.coins.filter((c) => !c.taken).map((c) => [c, ...G.formationCoinPos(world, f, c)]);
      positions.sort((a, b) => b[3] - a[3]);
      for (const [, x, y, z] of positions) drawCoin(x - cam, y, t, { dim: z > 8, sync: true });
      const sxC = f.cx - cam;
      if (!f.done && left < px.W - 10 && sxC > birdX() + 24) {
        const lx = Math.max(4 + textWidth(f.name) / 2, Math.min(px.W - 4 - textWidth(f.name) / 2, sxC));
        drawText(ctx, f.name, lx, Math.max(4, f.cy + f.minY - 20), {
          color: PAL.cyan,
          align: 'center',
          outline: PAL.ink,
        });
      } else if (!f.done && sxC <= birdX() + 24) {
        const label = `${f.name} ${f.collected}/${f.total}`;
        drawText(ctx, label, px.W / 2, 6, {
          color: f.collected ? PAL.gold : PAL.cyan,
          align: 'center',
          outline: PAL.ink,
        });
      }
    }
  }
  drawGround(cam);
}

/**
 * The upright view's radar: at the right edge, a bar for each candle beyond it that the wide view
 * would show (the nearest first, leftmost), red where the candle stands and green at its gap.
 */
function drawRadar(cam) {
  const edge = cam + px.W;
  const reach = cam - viewShift() + VIEW_W;
  const beyond = world.pillars.filter((p) => p.x > edge - 2 && p.x <= reach);
  beyond.forEach((p, i) => {
    const x = px.W - 5 - (beyond.length - 1 - i) * 6;
    const top = Math.round(p.gapY - p.gapH / 2);
    const bottom = Math.round(p.gapY + p.gapH / 2);
    rect(ctx, x - 1, 0, 5, G.GROUND_Y, PAL.ink);
    rect(ctx, x, 0, 3, top, '#a3142a');
    rect(ctx, x, top, 3, bottom - top, PAL.green);
    rect(ctx, x, bottom, 3, G.GROUND_Y - bottom, '#a3142a');
  });
}

function drawBird(t) {
  const b = world ? world.bird : { y: 100 + Math.sin(idleT * 3) * 5, vy: 0, alive: true, flapT: 0 };
  let angle;
  let img;
  if (!b.alive) {
    angle = Math.min(Math.PI / 2, (b.deadT || 0) * 6);
    img = BIRD_DEAD;
  } else {
    angle = Math.max(-0.45, Math.min(1.1, b.vy / 260));
    const since = t - (world ? b.flapT : 0);
    const wing = world && since < 0.25 ? Math.floor(since / 0.0625) % 4 : Math.floor(t * 6) % 4;
    img = BIRD[wing];
  }
  angle = Math.round(angle / (Math.PI / 12)) * (Math.PI / 12);
  ctx.save();
  ctx.translate(birdX(), Math.round(b.y));
  ctx.rotate(angle);
  ctx.drawImage(img, -9, -7);
  ctx.restore();
}

function drawBanner() {
  if (!banner) return;
  const life = banner.life || 1.6;
  if (banner.t > life) {
    banner = null;
    return;
  }
  const pop = Math.min(1, banner.t * 8);
  const y = 52 - (1 - pop) * 10;
  const scale = px.W >= 260 ? 2 : 1;
  drawText(ctx, banner.text, px.W / 2, y, { color: banner.color, scale, align: 'center', outline: PAL.ink });
  if (banner.sub)
    drawText(ctx, banner.sub, px.W / 2, y + 8 * scale + 4, { color: PAL.white, align: 'center', outline: PAL.ink });
}

function render(t, dt) {
  ctx.save();
  if (shake > 0) ctx.translate(Math.round((Math.random() - 0.5) * 6), Math.round((Math.random() - 0.5) * 6));
  drawWorld(t);
  // coins zipping into the bird
  const by = world ? world.bird.y : 100;
  for (const c of collected) {
    c.t += dt;
    const k = Math.min(1, c.t / 0.15);
    drawCoin(c.x + (birdX() - c.x) * k, c.y + (by - c.y) * k, t, { size: 8 - Math.round(k * 4) });
  }
  for (let i = collected.length - 1; i >= 0; i--) if (collected[i].t > 0.15) collected.splice(i, 1);
  drawBird(t);
  particles.draw(ctx);
  drawBanner();
  if (phase === 'dying' || phase === 'over') {
    const k = world ? Math.min(1, world.bird.deadT * 4) : 1;
    const scale = px.W >= 300 ? 5 : 4;
    drawText(ctx, 'REKT!', px.W / 2, 70 - (1 - k) * 30, {
      color: PAL.red,
      scale,
      align: 'center',
      outline: PAL.ink,
      shadow: PAL.redDark,
    });
  }
  ctx.restore();
  if (flash > 0) {
    ctx.globalAlpha = Math.min(1, flash * 4);
    rect(ctx, 0, 0, px.W, G.H, '#ff3b4f');
    ctx.globalAlpha = 1;
  }
  px.present();
}

function frame(now) {
  const dt = Math.min(0.1, (now - lastTime) / 1000);
  lastTime = now;
  const t = now / 1000;
  idleT += dt;
  if (world && (phase === 'playing' || phase === 'dying' || phase === 'over')) {
    acc += dt;
    const before = world.camX;
    while (acc >= G.STEP) {
      if (flapQueued && world.bird.alive) flaps.push(world.steps);
      G.step(world, flapQueued);
      flapQueued = false;
      acc -= G.STEP;
    }
    handleEvents();
    particles.update(dt, world.camX - before);
  } else {
    particles.update(dt);
  }
  if (banner) banner.t += dt;
  shake = Math.max(0, shake - dt);
  flash = Math.max(0, flash - dt);
  render(t, dt);
}

/** Read-only snapshot for automated tests and screenshots (never changes the game). */
window.__arcadeDebug = () => {
  if (!world) return { phase, viewWidth: px.W };
  const bx = G.birdWorldX(world);
  const next = world.pillars.find((p) => p.x + G.PILLAR_W > bx - 6);
  const targets = [];
  for (const f of world.formations)
    for (const c of f.coins)
      if (!c.taken) {
        const [x, y] = G.formationCoinPos(world, f, c);
        if (x > bx - 4 && x < bx + 60) targets.push({ x: x - bx, y, name: f.name });
      }
  targets.sort((a, b) => a.x - b.x);
  return {
    phase,
    viewWidth: px.W,
    y: world.bird.y,
    vy: world.bird.vy,
    gapY: next ? next.gapY : null,
    gapX: next ? next.x - bx : null,
    coins: targets,
    score: world.score,
    level: world.level,
    achievements: { ...world.achievements },
  };
};

hud();
showScreen('screen-ready');
$('play').focus({ preventScroll: true });
animate(frame);
