import { Arcade, focusSoon, formatCount, formatOneDecimal, showScreen } from '../shared/arcade-client.js';
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
  sprite,
  textWidth,
  wrapText,
} from '../shared/pixel.js';
import { createAmbience } from './ambience.js';
import * as F from './game.js';

const arcade = new Arcade({ gameId: 'fishing-for-sats', gameName: 'Fishing for Sats!' });
const sfx = arcade.sound;
const $ = (id) => document.getElementById(id);
/** The sea and the lofi loop; the snapshot is read by tests. */
window.__fishingAmbience = createAmbience(sfx, $('music'));
const canvas = $('screen');
const H = 240;
const px = createPixelCanvas(canvas, { height: H, minWidth: 120, maxWidth: 560 });
const ctx = px.ctx;

const SURF = 86;
const BED = 226;
const FISHER_X = 12;
const PIER_END = 46;

$('ready-title').prepend(
  pixelTitle('FISHING', { color: PAL.cyan, shadow: '#1c4f9c' }),
  pixelTitle('FOR SATS!', { color: PAL.orange, shadow: PAL.pinkDark }),
);
$('over-title').prepend(pixelTitle('TRIP OVER', { color: PAL.cyan, shadow: '#1c4f9c' }));
$('catch-title').prepend(pixelTitle('CAUGHT!', { color: PAL.gold, shadow: PAL.orangeDark }));
const season = F.inSeason();
$('season').textContent = `In season now: ${season.name} (the waters change every 10 minutes)`;
// Where each fish lives (its depth band, as the aim shows depth: 0-100 M), shallow to deep.
$('depths').replaceChildren(
  ...F.FISH.map((f) => {
    const li = document.createElement('li');
    const name = document.createElement('span');
    name.textContent = f.name;
    const band = document.createElement('span');
    band.className = 'band';
    band.textContent = `${Math.round(f.depth[0] * 100)}-${Math.round(f.depth[1] * 100)} M`;
    li.append(name, band);
    return li;
  }),
);
/** The short name of a fish for the aim's line: its last word (SARDINE, HAMMERHEAD). */
const shortName = (f) => f.name.split(' ').at(-1).toUpperCase();
/** The fish that live at a cast of power `p`, the rarest (most points) first. */
const fishAt = (p) => F.FISH.filter((f) => p >= f.depth[0] && p <= f.depth[1]).sort((a, b) => b.base - a.base);

// ---------- drawing helpers ----------
function line(x0, y0, x1, y1, color) {
  x0 = Math.round(x0);
  y0 = Math.round(y0);
  x1 = Math.round(x1);
  y1 = Math.round(y1);
  const dx = Math.abs(x1 - x0);
  const dy = -Math.abs(y1 - y0);
  const sx = x0 < x1 ? 1 : -1;
  const sy = y0 < y1 ? 1 : -1;
  let err = dx + dy;
  ctx.fillStyle = color;
  for (let i = 0; i < 2000; i++) {
    ctx.fillRect(x0, y0, 1, 1);
    if (x0 === x1 && y0 === y1) break;
    const e2 = 2 * err;
    if (e2 >= dy) {
      err += dy;
      x0 += sx;
    }
    if (e2 <= dx) {
      err += dx;
      y0 += sy;
    }
  }
}
function curve(x0, y0, cx, cy, x1, y1, color) {
  let px0 = x0;
  let py0 = y0;
  for (let i = 1; i <= 16; i++) {
    const t = i / 16;
    const x = (1 - t) * (1 - t) * x0 + 2 * (1 - t) * t * cx + t * t * x1;
    const y = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * cy + t * t * y1;
    line(px0, py0, x, y, color);
    px0 = x;
    py0 = y;
  }
}
function ell(g, cx, cy, rx, ry, color) {
  g.fillStyle = color;
  for (let dy = -Math.floor(ry); dy <= Math.floor(ry); dy++) {
    const half = Math.round(rx * Math.sqrt(Math.max(0, 1 - (dy * dy) / (ry * ry + 0.5))));
    g.fillRect(Math.round(cx - half), Math.round(cy + dy), half * 2 + 1, 1);
  }
}

function shade(hex, k) {
  const n = parseInt(hex.slice(1), 16);
  const ch = (v) => Math.max(0, Math.min(255, Math.round(k < 1 ? v * k : v + (255 - v) * (k - 1))));
  return `rgb(${ch(n >> 16)},${ch((n >> 8) & 255)},${ch(n & 255)})`;
}

/** Draw a fish of the table facing dir (1 right, -1 left), centred on (x, y). */
function drawFish(g, fish, x, y, dir = 1, t = 0, { silhouette = null } = {}) {
  const L = fish.len;
  const sil = Boolean(silhouette);
  const c = silhouette || fish.color;
  const a = silhouette || fish.accent;
  const dark = silhouette || shade(fish.color, 0.4);
  const light = silhouette || shade(fish.color, 1.35);
  x = Math.round(x);
  y = Math.round(y);
  const f = (o) => Math.round(x + dir * o);
  const R = (ox, oy, w, h, col) => {
    g.fillStyle = col;
    g.fillRect(dir > 0 ? f(ox) : f(ox) - w + 1, Math.round(y + oy), w, h);
  };
  const wag = Math.round(Math.sin(t * 10));
  const look = fish.look;
  const eye = (ox, oy) => {
    if (sil) return;
    if (L >= 12) {
      R(ox, oy, 2, 2, PAL.white);
      R(ox + 1, oy + 1, 1, 1, PAL.ink);
    } else R(ox, oy, 1, 1, PAL.ink);
  };
  if (look === 'eel') {
    for (let i = 0; i < L; i++) {
      const yy = Math.round(Math.sin(i * 0.45 - t * 8) * 2);
      if (!sil) R(L / 2 - i, yy - 2, 1, 5, dark);
      R(L / 2 - i, yy - 1, 1, 3, c);
      if (!sil && (i % 6 === 2 || i % 6 === 3)) R(L / 2 - i, yy - 1 + (i % 6 === 2 ? 0 : 1), 1, 1, a);
    }
    eye(L / 2 - 2, Math.round(Math.sin(-t * 8) * 2) - 1);
    return;
  }
  if (look === 'whale') {
    const h = Math.round(L / 5);
    if (!sil) ell(g, x, y, L / 2 + 1, h + 1, dark);
    ell(g, x, y, L / 2, h, c);
    if (!sil) {
      R(-L / 2 + 4, 2, L - 8, h - 2, fish.accent);
      for (let i = 0; i < L - 12; i += 3) R(-L / 2 + 6 + i, 3, 1, h - 3, c);
    }
    R(-L / 2 - 4, -5 + wag, 5, 2, c);
    R(-L / 2 - 4, 4 - wag, 5, 2, c);
    R(-L / 2 - 1, -3, 2, 7, c);
    eye(L / 2 - 7, 0);
    R(-3, -h - 1, 4, 1, c);
    return;
  }
  const h =
    look === 'round'
      ? L * 0.34
      : look === 'puffer'
        ? L * 0.45
        : look === 'flat'
          ? L * 0.34
          : look === 'slim'
            ? L * 0.22
            : L * 0.26;
  const hr = Math.round(h);
  if (look === 'puffer') {
    if (!sil)
      for (let i = 0; i < 10; i++) {
        const an = (i / 10) * Math.PI * 2;
        R(Math.round(Math.cos(an) * (L / 2 + 1)), Math.round(Math.sin(an) * (hr + 2)), 1, 1, a);
      }
  }
  if (!sil) ell(g, x, y, L / 2 + 1, h + 1, dark);
  // tail fan (forked)
  for (let k = 0; k <= 3; k++) {
    const col = sil ? c : k === 3 ? dark : a;
    R(-L / 2 - k, -k - 1 + wag, 1, k + 1, col);
    R(-L / 2 - k, 1 + wag, 1, k + 1, col);
    if (k < 2) R(-L / 2 - k, wag, 1, 1, col);
  }
  ell(g, x, y, L / 2, h, c);
  if (!sil) {
    for (let dy = Math.ceil(h * 0.35); dy <= hr - 1; dy++) R(-L / 2 + 3, dy, L - 6, 1, light);
    if (look === 'striped') for (let i = -L / 2 + 3; i < L / 2 - 3; i += 3) R(i, -hr + 1, 1, 2 + (i % 2 ? 1 : 0), a);
    if (look === 'round') {
      for (let i = -L / 2 + 3; i < L / 2 - 3; i += 3) R(i, -1, 2, 2, a);
      R(L / 2, 2, 2, 1, a);
    }
    if (look === 'slim') {
      R(-L / 2 + 2, -1, L - 4, 1, dark);
      R(-1, 0, 2, 2, a);
    }
    if (look === 'flat') {
      R(-3, -2, 1, 1, a);
      R(2, 1, 1, 1, a);
      R(-6, 1, 1, 1, a);
      R(-1, 3, 1, 1, a);
    }
  }
  if (look === 'flat') {
    R(-L / 2 + 2, -hr - 2, L - 4, 1, sil ? c : dark);
    R(-L / 2 + 2, hr + 2, L - 4, 1, sil ? c : dark);
    eye(L / 2 - 5, -3);
    eye(L / 2 - 8, -2);
    return;
  }
  if (look === 'hammer') {
    if (!sil) R(L / 2 - 2, -7, 4, 15, dark);
    R(L / 2 - 1, -6, 2, 13, c);
    if (!sil) {
      R(L / 2, -6, 1, 1, PAL.ink);
      R(L / 2, 6, 1, 1, PAL.ink);
    }
    for (let i = 0; i < 5; i++) R(-3 + i, -hr - 4 + Math.abs(i - 1), 1, 5 - Math.abs(i - 1), sil ? c : dark);
    return;
  }
  if (look === 'sword') {
    R(L / 2 + 1, 0, 9, 1, sil ? c : a);
    for (let i = 0; i < 9; i++) R(-6 + i, -hr - 6 + Math.abs(i - 2), 1, 6 - Math.abs(i - 2) + 1, sil ? c : fish.accent);
    eye(L / 2 - 4, -2);
    return;
  }
  eye(L / 2 - (L >= 12 ? 4 : 3), -1);
}

// ---------- scenery ----------
const stars = makeStars(60, 560, SURF - 10, 5);
const ambient = Array.from({ length: 7 }, (_, i) => ({
  x: Math.random() * 500,
  y: SURF + 24 + i * 17 + Math.random() * 8,
  v: 6 + Math.random() * 10,
  dir: Math.random() < 0.5 ? 1 : -1,
  fish: F.FISH[Math.min(F.FISH.length - 2, Math.floor((i / 7) * 8))],
}));
const kelp = Array.from({ length: 10 }, (_, i) => ({ x: 54 + i * 53 + ((i * 37) % 19), h: 10 + ((i * 13) % 16) }));
const FISHER = [
  '....oooo....',
  '...oooooo...',
  '...dddddd...',
  '...ssssks...',
  '...ssssss...',
  '....ssss....',
  '..nnnnnnn...',
  '.nnnnonnnn..',
  '.nnnooonnss.',
  '.nnnnonnn...',
  '..nnnnnnn...',
  '..bbbbbbb...',
  '..bbb.bbb...',
  '..bbb.bbb...',
  '..bbb.bbb...',
  '.kkkk.kkkk..',
];
const FISHER_COLORS = { o: PAL.orange, d: PAL.orangeDark, s: '#f2c09a', k: PAL.ink, n: '#3d4bc4', b: '#1f2b66' };
const bubbles = new Particles();
const particles = new Particles();

/** Where the POWER and TENSION meters sit: `mw` wide from `mx`, inside a panel 5 px wider each side. */
function meterBox() {
  const mw = Math.min(180, px.W - 40);
  return { mw, mx: Math.round((px.W - mw) / 2) };
}

/** The right edge of the meters' panel. */
function meterRight() {
  const { mw, mx } = meterBox();
  return mx + mw + 5;
}

function drawScene(t) {
  const W = px.W;
  bandedSky(ctx, 0, 0, W, SURF, ['#0c0a24', '#120e2e', '#171238', '#1d1542', '#251a4e']);
  drawStars(ctx, stars, t);
  // moon + reflection: high in the sky, or lower where the meters' panel (drawn over the top of the
  // sky while casting and reeling) would cover it, as on a phone
  const low = Math.round(W * 0.72) - 10 <= meterRight();
  const mx = Math.round(W * (low ? 0.6 : 0.72));
  const my = low ? 58 : 26;
  for (let dy = -9; dy <= 9; dy++)
    for (let dx = -9; dx <= 9; dx++) {
      if (dx * dx + dy * dy > 85) continue;
      if ((dx - 4) ** 2 + (dy + 3) ** 2 <= 64) continue;
      rect(ctx, mx + dx, my + dy, 1, 1, dx + dy < -6 ? '#fffbe6' : '#fff3c4');
    }
  for (let i = 0; i < 6; i++) {
    const w = 8 - i;
    rect(
      ctx,
      mx - w / 2 + Math.round(Math.sin(t * 2 + i) * 1.5),
      SURF + 3 + i * 4,
      w,
      1,
      i % 2 ? '#8f8a5a' : '#c8bf7a',
    );
  }
  // far island + lighthouse beacon
  rect(ctx, W - 70, SURF - 5, 52, 5, '#0e0b2a');
  rect(ctx, W - 60, SURF - 8, 30, 3, '#0e0b2a');
  rect(ctx, W - 34, SURF - 22, 4, 17, '#2a2060');
  rect(ctx, W - 35, SURF - 24, 6, 2, '#2a2060');
  if (Math.sin(t * 2.4) > 0) {
    rect(ctx, W - 33, SURF - 23, 2, 1, PAL.orange);
    for (let i = 1; i < 12; i++) rect(ctx, W - 33 - i * 3, SURF - 23, 2, 1, i < 6 ? '#6b4a1a' : '#3a2a30');
  }
  // water
  bandedSky(ctx, 0, SURF, W, BED - SURF, [
    '#173472',
    '#142d66',
    '#12275a',
    '#0f214e',
    '#0c1b42',
    '#0a1637',
    '#08112d',
    '#060c22',
  ]);
  for (let i = 0; i < 5; i++) {
    const x0 = ((i * 97 + t * 6) % (W + 60)) - 30;
    ctx.fillStyle = 'rgba(45,226,230,0.05)';
    for (let y = SURF; y < BED - 20; y += 2) ctx.fillRect(Math.round(x0 + (y - SURF) * 0.35), y, 6, 2);
  }
  // depth markers
  for (const m of [25, 50, 75, 100]) {
    const y = depthY(m / 100);
    for (let x = W - 16; x < W - 2; x += 3) rect(ctx, x, y, 2, 1, '#2a4a8a');
    drawText(ctx, `${m}M`, W - 18, y - 3, { color: '#3c63a8', align: 'right' });
  }
  // ambient fish
  for (const a of ambient) {
    a.x += a.v * a.dir * (1 / 60);
    if (a.x > W + 30) a.x = -30;
    if (a.x < -30) a.x = W + 30;
    drawFish(ctx, a.fish, a.x, a.y + Math.sin(t + a.y) * 2, a.dir, t, { silhouette: '#1a3470' });
  }
  // seabed
  rect(ctx, 0, BED, W, H - BED, '#221b4a');
  for (let x = 0; x < W; x += 7) rect(ctx, x, BED - ((x * 7) % 3), 5, 2 + ((x * 7) % 3), '#2c2360');
  for (const k of kelp) {
    if (k.x > W) continue;
    for (let i = 0; i < k.h; i++)
      rect(
        ctx,
        k.x + Math.round(Math.sin(t * 1.5 + i * 0.4 + k.x) * 1.5 * (i / k.h)),
        BED - i,
        1,
        1,
        i % 3 ? PAL.greenDark : PAL.green,
      );
  }
  // sunken chest
  const cx = Math.round(W * 0.42);
  rect(ctx, cx, BED - 6, 12, 7, '#6b4a2a');
  rect(ctx, cx, BED - 8, 12, 3, '#8a6238');
  rect(ctx, cx + 5, BED - 5, 2, 2, PAL.gold);
  if (Math.sin(t * 3) > 0.8) rect(ctx, cx + 9, BED - 10, 1, 1, PAL.gold);
  // surface waves
  for (let x = 0; x < W; x++) {
    const y = SURF + Math.round(Math.sin(x * 0.18 + t * 2.2) * 0.8);
    rect(ctx, x, y, 1, 1, (x + Math.floor(t * 8)) % 9 === 0 ? PAL.white : PAL.cyan);
  }
  // pier
  for (const x of [6, 22, 38]) {
    rect(ctx, x, 80, 3, 30, '#3a2818');
    rect(ctx, x, SURF + 1, 3, 1, '#5a8ab0');
  }
  rect(ctx, 0, 76, PIER_END, 5, '#8a6238');
  rect(ctx, 0, 76, PIER_END, 1, '#b0814a');
  for (let x = 7; x < PIER_END; x += 8) rect(ctx, x, 77, 1, 4, '#5a3e22');
  rect(ctx, 0, 81, PIER_END, 1, '#3a2818');
  // bucket of sats
  rect(ctx, 34, 70, 6, 6, '#6a7ab0');
  rect(ctx, 35, 69, 4, 1, PAL.orange);
  rect(ctx, 36, 68, 2, 1, PAL.gold);
}

const landX = (p) => PIER_END + 14 + p * (px.W - PIER_END - 34);
function depthY(p) {
  return SURF + 8 + p * (BED - SURF - 18);
}

// ---------- game state ----------
// The rules run in F's fixed-step trip simulation (shared with the server's replay); this page
// feeds it the player's inputs, logs them with their step numbers, and draws and plays what happens.
let phase = 'ready'; // ready | aim | charging | flying | sinking | waiting | bite | reeling | caught | lost | over
let phaseT = 0;
let trip = null; // the simulation (F.createTrip), with runId and the input log
let cast = null;
let msg = null;
let lastTime = performance.now();
let acc = 0;
let redBeep = 0;

function setPhase(p) {
  phase = p;
  document.body.dataset.phase = p;
  const active = F.ACTIVE_PHASES.includes(p);
  if (!active) $('end-confirm').hidden = true;
  $('end-trip').hidden = !active || !$('end-confirm').hidden;
}

function hud() {
  $('hud-score').textContent = formatCount(trip ? trip.score : 0);
  $('hud-cast').textContent =
    `${trip ? Math.min(F.CASTS_PER_TRIP, trip.casts + (phase === 'aim' || phase === 'charging' ? 1 : 0)) : 1}/${F.CASTS_PER_TRIP}`;
  $('hud-fish').textContent = formatCount(trip ? trip.catches.length : 0);
}

let starting = false;
async function start() {
  if (starting) return;
  starting = true;
  const ticket = await arcade.startRun();
  starting = false;
  trip = F.createTrip(ticket.seed, ticket.startedAt);
  trip.runId = ticket.runId;
  trip.log = [];
  acc = 0;
  cast = null;
  msg = { text: 'HOLD TO CAST', sub: 'RELEASE TO THROW', color: PAL.cyan, t: 0, life: 2.2 };
  showScreen('');
  document.activeElement?.blur?.();
  canvas.focus({ preventScroll: true });
  phaseT = 0;
  setPhase('aim');
  hud();
  sfx.tune(
    [
      [392, 0.08],
      [523, 0.08],
      [659, 0.12],
    ],
    { type: 'triangle', vol: 0.12 },
  );
}

/** An input of the player: logged at the current step, applied at once, its effects shown. */
function input(kind) {
  if (!trip || trip.phase === 'over') return;
  const before = trip.events.length;
  F.tripInput(trip, kind);
  // Only inputs that did something are logged (the replay would ignore the others anyway).
  if (trip.events.length > before) trip.log.push([trip.steps, F.INPUT[kind]]);
  handleEvents();
}

const press = () => input('press');
const release = () => {
  if (phase === 'charging') input('release');
};

const LOST_TEXT = {
  slow: ['TOO SLOW!', 'IT STOLE THE BAIT'],
  snapped: ['LINE SNAPPED!', 'TOO MUCH TENSION'],
  escaped: ['IT SWAM AWAY...', 'REEL FASTER NEXT TIME'],
  slack: ['SLACK LINE - IT SPAT THE HOOK', 'KEEP SOME TENSION ON'],
};

/** Show and play what the simulation reports. */
function handleEvents() {
  for (const ev of trip.events) {
    if (ev.type === 'phase') {
      setPhase(ev.phase);
      if (ev.phase === 'charging') msg = null;
      else if (ev.phase === 'sinking') {
        particles.burst(cast.landX, SURF, 10, { colors: [PAL.cyan, PAL.white], speed: 40, life: 0.5, gravity: 160 });
        sfx.noise(0.12, 0.1);
      } else if (ev.phase === 'bite') {
        particles.burst(cast.landX, SURF, 8, { colors: [PAL.cyan, PAL.white], speed: 30, life: 0.4, gravity: 120 });
        sfx.beep(1568, 0.08, { vol: 0.14 });
        sfx.beep(1568, 0.08, { vol: 0.14, delay: 0.14 });
      } else if (ev.phase === 'aim') hud();
    } else if (ev.type === 'cast') {
      cast = trip.cast;
      cast.landX = landX(cast.power);
      cast.depthY = depthY(cast.power);
      hud();
      sfx.noise(0.18, 0.12);
      sfx.beep(900, 0.25, { to: 300, type: 'triangle', vol: 0.06 });
    } else if (ev.type === 'hooked') {
      msg = {
        text: 'HOOKED!',
        sub: cast.reel.band ? 'TAP TO REEL - KEEP THE TENSION IN THE GREEN' : 'TAP TO REEL - STAY OUT OF THE RED',
        color: PAL.green,
        t: 0,
        life: 1.8,
      };
      sfx.tune(
        [
          [880, 0.06],
          [1175, 0.1],
        ],
        { vol: 0.12 },
      );
    } else if (ev.type === 'tap') {
      sfx.beep(1400 + cast.reel.tension * 600, 0.025, { vol: 0.06 });
    } else if (ev.type === 'too-early') {
      if (!msg || msg.t > 0.8) msg = { text: 'WAIT FOR THE BITE...', color: PAL.grey, t: 0, life: 1 };
    } else if (ev.type === 'tell') {
      sfx.beep(320, 0.12, { type: 'square', vol: 0.05 });
    } else if (ev.type === 'surge') {
      msg = { text: 'IT RUNS!', color: PAL.pink, t: 0, life: 0.8 };
      sfx.beep(180, 0.2, { type: 'sawtooth', vol: 0.06 });
    } else if (ev.type === 'caught') {
      hud();
      showCatch(ev.record, ev.fish);
      particles.burst(PIER_END + 6, SURF, 30, {
        colors: [PAL.gold, PAL.orange, PAL.cyan, PAL.white],
        speed: 90,
        life: 1,
        gravity: 120,
        size: 2,
      });
      sfx.tune(
        [
          [523, 0.08],
          [659, 0.08],
          [784, 0.08],
          [1047, 0.22],
        ],
        { vol: 0.13 },
      );
    } else if (ev.type === 'lost') {
      const [text, sub] = LOST_TEXT[ev.why];
      msg = { text, sub, color: PAL.pink, t: 0, life: 1.7 };
      sfx.beep(440, 0.4, { to: 110, vol: 0.1 });
      if (ev.why === 'snapped') sfx.noise(0.2, 0.2);
    } else if (ev.type === 'over') endTrip();
  }
  trip.events.length = 0;
  cast = trip.cast;
  phaseT = trip.phaseT;
}

function showCatch(record, fish) {
  const c = $('catch-fish');
  const g = c.getContext('2d');
  c.width = fish.len + 16;
  c.height = Math.max(16, Math.round(fish.len * 0.8));
  g.clearRect(0, 0, c.width, c.height);
  drawFish(g, fish, c.width / 2 - (fish.look === 'sword' ? 4 : 0), c.height / 2, 1, 0);
  $('catch-name').textContent = record.name;
  $('catch-points').textContent = `${formatCount(record.points)} pts`;
  $('catch-weight').textContent = `${formatOneDecimal(record.weight)} kg`;
  const stars = $('catch-quality');
  stars.textContent = '★'.repeat(record.quality) + '☆'.repeat(5 - record.quality);
  stars.setAttribute('aria-label', `Quality ${record.quality} of 5 stars`);
  $('catch-rare').hidden = !fish.rare;
  const last = trip.casts >= F.CASTS_PER_TRIP;
  $('next-cast').textContent = last ? 'SEE RESULTS' : 'NEXT CAST';
  showScreen('screen-catch');
  focusSoon($('next-cast'), 350);
}

function endTrip() {
  msg = null;
  hud();
  $('final-score').textContent = formatCount(trip.score);
  const n = trip.catches.length;
  $('final-details').textContent = n
    ? `${n} fish in ${trip.casts} cast${trip.casts === 1 ? '' : 's'}`
    : `No fish this trip (${trip.casts} cast${trip.casts === 1 ? '' : 's'})`;
  $('final-fish').replaceChildren(
    ...trip.catches.map((f) => {
      const li = document.createElement('li');
      li.innerHTML = '<span class="fn"></span><span class="fw"></span><span class="fq"></span><span class="fp"></span>';
      li.querySelector('.fn').textContent = f.name;
      li.querySelector('.fw').textContent = `${formatOneDecimal(f.weight)} kg`;
      li.querySelector('.fq').textContent = '★'.repeat(f.quality);
      li.querySelector('.fq').setAttribute('aria-label', `${f.quality} stars`);
      li.querySelector('.fp').textContent = formatCount(f.points);
      return li;
    }),
  );
  showScreen('screen-over');
  focusSoon($('again'));
  sfx.tune(
    [
      [659, 0.1],
      [523, 0.1],
      [392, 0.1],
      [523, 0.2],
    ],
    { type: 'triangle', vol: 0.1 },
  );
  void arcade.finishRun({
    runId: trip.runId,
    score: trip.score,
    fish: trip.catches.map((f) => ({ ...f })),
    inputs: trip.log,
  });
}

// ---------- input ----------
const stage = $('stage');
stage.addEventListener('pointerdown', (e) => {
  if (e.target.closest('button, .panel')) return;
  if (phase === 'ready' || phase === 'over' || phase === 'caught') return;
  e.preventDefault();
  press();
});
window.addEventListener('pointerup', () => release());
window.addEventListener('pointercancel', () => release());
window.addEventListener('blur', () => release());
window.addEventListener('keydown', (e) => {
  if (e.code !== 'Space') return;
  if (e.target instanceof HTMLButtonElement) return;
  e.preventDefault();
  if (e.repeat) return;
  if (phase === 'ready') start();
  else press();
});
window.addEventListener('keyup', (e) => {
  if (e.code === 'Space') release();
});
$('play').addEventListener('click', start);
$('again').addEventListener('click', start);
// END TRIP asks first (it sits where a thumb rests on a phone): KEEP FISHING or END NOW. The trip
// goes on meanwhile; only END NOW is an input of the run.
function askEndTrip(open) {
  $('end-confirm').hidden = !open;
  $('end-trip').hidden = open || !F.ACTIVE_PHASES.includes(phase);
  if (open) $('end-keep').focus({ preventScroll: true });
}
$('end-trip').addEventListener('click', () => askEndTrip(true));
$('end-keep').addEventListener('click', () => {
  askEndTrip(false);
  canvas.focus({ preventScroll: true });
});
$('end-now').addEventListener('click', () => {
  askEndTrip(false);
  canvas.focus({ preventScroll: true });
  input('end');
});
$('end-confirm').addEventListener('keydown', (e) => {
  if (e.key !== 'Escape') return;
  e.stopPropagation();
  askEndTrip(false);
  canvas.focus({ preventScroll: true });
});
$('next-cast').addEventListener('click', () => {
  showScreen('');
  canvas.focus({ preventScroll: true });
  input('next');
});

// ---------- update ----------
function update(dt) {
  if (msg) {
    msg.t += dt;
    if (msg.t > msg.life) msg = null;
  }
  if (trip && phase !== 'over') {
    acc += dt;
    while (acc >= F.TRIP_STEP && trip.phase !== 'over') {
      F.tripStep(trip);
      acc -= F.TRIP_STEP;
      handleEvents();
    }
  }
  if (phase === 'charging') {
    const p = F.powerAt(phaseT);
    if (Math.floor(phaseT * 12) !== Math.floor((phaseT - dt) * 12))
      sfx.beep(200 + p * 600, 0.04, { type: 'triangle', vol: 0.05 });
  } else if (phase === 'reeling' && cast.reel.tension >= F.RED) {
    redBeep -= dt;
    if (redBeep <= 0) {
      sfx.beep(110, 0.08, { type: 'sawtooth', vol: 0.08 });
      redBeep = 0.22;
    }
  }
  bubbles.update(dt);
  particles.update(dt);
  if (Math.random() < dt * 3)
    bubbles.list.push({
      x: Math.random() * px.W,
      y: BED - 2,
      vx: 0,
      vy: -14,
      life: 6,
      t: 0,
      color: '#3c63a8',
      gravity: -2,
      size: 1,
    });
  for (const b of bubbles.list) if (b.y < SURF + 2) b.t = b.life;
}

// ---------- render ----------
function hookPos() {
  if (!cast) return null;
  if (phase === 'reeling' || (phase === 'lost' && cast.reel)) {
    const r = cast.reel;
    const f = Math.max(0, Math.min(1.3, r.dist / r.startDist));
    const x = PIER_END + 4 + (cast.landX - PIER_END - 4) * f;
    const y = SURF + 4 + (cast.depthY - SURF - 4) * Math.min(1, f);
    return { x, y };
  }
  if (phase === 'flying') return null;
  const sink = phase === 'sinking' ? Math.min(1, phaseT / (0.3 + cast.power * 0.9)) : 1;
  return { x: cast.landX, y: SURF + 2 + (cast.depthY - SURF - 2) * sink };
}

function drawFisher(t) {
  const x = FISHER_X;
  const y = 76 - FISHER.length;
  sprite(ctx, FISHER, x, y, FISHER_COLORS);
  const hand = { x: x + 10, y: y + 8 };
  let tip;
  if (phase === 'charging') {
    const p = F.powerAt(phaseT);
    tip = { x: hand.x - 4 - p * 12, y: hand.y - 22 + p * 4 };
  } else if (phase === 'flying' && phaseT < 0.15) {
    tip = { x: hand.x + 24, y: hand.y - 10 };
  } else if (phase === 'reeling') {
    const r = cast.reel;
    tip = { x: hand.x + 20 - r.tension * 4, y: hand.y - 18 + r.tension * 10 + Math.sin(t * 30) * r.tension };
  } else {
    tip = { x: hand.x + 18, y: hand.y - 20 + Math.sin(t * 1.5) };
  }
  line(hand.x, hand.y, tip.x, tip.y, '#a8743a');
  rect(ctx, tip.x, tip.y, 1, 1, PAL.white);
  // reel handle
  rect(ctx, hand.x + 1, hand.y - 2, 2, 2, '#c0c8e0');
  if (phase === 'reeling' && Math.floor(t * 12) % 2) rect(ctx, hand.x + 3, hand.y - 3, 1, 1, '#c0c8e0');
  return tip;
}

function drawBobber(x, y) {
  rect(ctx, x - 1, y - 3, 3, 2, PAL.white);
  rect(ctx, x - 1, y - 1, 3, 2, PAL.pink);
  rect(ctx, x, y - 5, 1, 2, PAL.ink);
}

function drawMeter(label, value, x, y, w, zones, marker) {
  drawText(ctx, label, x, y - 9, { color: PAL.white, outline: PAL.ink });
  rect(ctx, x - 1, y - 1, w + 2, 8, PAL.ink);
  for (const [from, to, color] of zones)
    rect(ctx, x + Math.round(from * w), y, Math.max(1, Math.round((to - from) * w)), 6, color);
  const m = Math.round(x + Math.min(1, Math.max(0, value)) * (w - 1));
  rect(ctx, m - 1, y - 3, 3, 12, PAL.ink);
  rect(ctx, m, y - 2, 1, 10, marker || PAL.white);
}

function render(t) {
  drawScene(t);
  const tip = drawFisher(t);
  const hp = hookPos();
  // line, bobber, hook and fish
  if (phase === 'flying') {
    const k = Math.min(1, phaseT / 0.7);
    const x = tip.x + (cast.landX - tip.x) * k;
    const y = tip.y + (SURF - tip.y) * k - Math.sin(k * Math.PI) * (24 + cast.power * 30);
    curve(tip.x, tip.y, (tip.x + x) / 2, Math.max(tip.y, y) + 6, x, y, '#c8d0ff');
    rect(ctx, x - 1, y - 1, 3, 3, PAL.orange);
  } else if (phase === 'caught' && cast) {
    const sway = Math.round(Math.sin(t * 3) * 2);
    line(tip.x, tip.y, tip.x + sway, tip.y + 12, '#dfe4ff');
    drawFish(ctx, cast.fish, tip.x + sway, tip.y + 14 + Math.round(cast.fish.len / 5), 1, t);
  } else if (phase === 'lost' && cast?.reel && hp) {
    drawFish(ctx, cast.fish, hp.x + cast.fish.len / 2 + phaseT * 50, hp.y + phaseT * 8, 1, t * 3, {
      silhouette: '#2d5aaa',
    });
    line(tip.x, tip.y, tip.x + 3, tip.y + 14, '#9aa0d0');
  } else if (hp && phase !== 'reeling') {
    // Waiting for a bite, or a bite missed ('lost' with no fish on the line): the bobber floats,
    // and a missed fish turns and swims off with the bait.
    const bob = phase === 'bite' ? 3 + Math.round(Math.sin(phaseT * 30)) : Math.round(Math.sin(t * 2.5));
    const bx = Math.round(cast.landX);
    const by = SURF + bob;
    curve(tip.x, tip.y, (tip.x + bx) / 2, Math.max(tip.y, by) + 10, bx, by - 4, '#9aa0d0');
    line(bx, by, hp.x, hp.y, '#5a6aa0');
    if (phase === 'lost')
      drawFish(ctx, cast.fish, hp.x + 6 + phaseT * 50, hp.y + 2 + phaseT * 8, 1, t * 3, { silhouette: '#2d5aaa' });
    else {
      rect(ctx, hp.x - 1, hp.y - 1, 3, 3, PAL.orange);
      rect(ctx, hp.x, hp.y, 1, 1, PAL.gold);
    }
    drawBobber(bx, by);
    if (phase === 'waiting' && phaseT > cast.wait - 1.1) {
      const k = Math.max(0, Math.min(1, (phaseT - (cast.wait - 1.1)) / 1));
      drawFish(ctx, cast.fish, hp.x + 40 - 32 * k, hp.y + 2, -1, t, { silhouette: '#274a94' });
    }
    if (phase === 'bite') {
      drawFish(ctx, cast.fish, hp.x + 6, hp.y + 2, -1, t * 2, { silhouette: '#2d5aaa' });
      const flashOn = Math.floor(phaseT * 8) % 2 === 0;
      const bs = px.W > 220 ? 2 : 1;
      const half = (42 * bs) / 2 + 2;
      drawText(ctx, '! BITE!', Math.max(half, Math.min(px.W - half, bx)), by - 22, {
        color: flashOn ? PAL.gold : PAL.pink,
        align: 'center',
        outline: PAL.ink,
        scale: bs,
      });
      const left = 1 - phaseT / F.BITE_WINDOW;
      rect(ctx, bx - 15, by - 8, 30, 3, PAL.ink);
      rect(ctx, bx - 14, by - 7, Math.round(28 * left), 1, left > 0.35 ? PAL.green : PAL.pink);
    }
  } else if (phase === 'reeling' && hp) {
    const r = cast.reel;
    const col = r.tension >= F.RED ? PAL.red : r.tension >= 0.6 ? PAL.gold : '#dfe4ff';
    line(tip.x, tip.y, hp.x, hp.y, col);
    const thrash = r.surgeLeft > 0 || r.tell > 0;
    const wig = Math.round(Math.sin(t * (thrash ? 40 : 14)) * (thrash ? 2 : 1));
    drawFish(ctx, cast.fish, hp.x + cast.fish.len / 2 + 1, hp.y + wig, 1, t * 2);
    if (Math.random() < 0.3)
      particles.list.push({
        x: hp.x + Math.random() * cast.fish.len,
        y: hp.y,
        vx: 0,
        vy: -20,
        life: 0.5,
        t: 0,
        color: '#5a8ad0',
        gravity: 0,
        size: 1,
      });
  }
  bubbles.draw(ctx);
  particles.draw(ctx);

  // meters
  const { mw, mx } = meterBox();
  if (phase === 'charging' || phase === 'reeling') {
    ctx.fillStyle = 'rgba(7,5,26,0.55)';
    ctx.fillRect(mx - 5, 4, mw + 10, 34);
  }
  if (phase === 'charging') {
    const p = F.powerAt(phaseT);
    drawMeter(
      'POWER',
      p,
      mx,
      16,
      mw,
      [
        [0, 0.33, '#2d8ab0'],
        [0.33, 0.66, '#2a5ab8'],
        [0.66, 0.85, '#3a3ab0'],
        [0.85, 1, PAL.pinkDark],
      ],
      PAL.gold,
    );
    const zone = p < 0.33 ? 'SHALLOWS' : p < 0.66 ? 'MID WATER' : p < 0.85 ? 'DEEP' : 'THE ABYSS';
    drawText(ctx, `${zone} ${Math.round(p * 100)}M`, px.W / 2, 28, {
      color: PAL.gold,
      align: 'center',
      outline: PAL.ink,
    });
    // who lives there: as many names as the width holds, the rarest first
    const here = fishAt(p).map(shortName);
    let line = `HERE: ${here.join(' ')}`;
    while (here.length > 1 && textWidth(line) > px.W - 8) {
      here.pop();
      line = `HERE: ${here.join(' ')} +`;
    }
    drawText(ctx, line, px.W / 2, 38, { color: PAL.white, align: 'center', outline: PAL.ink });
    // depth preview marker
    rect(ctx, landX(p) - 1, depthY(p), 3, 1, PAL.gold);
    rect(ctx, landX(p), depthY(p) - 1, 1, 3, PAL.gold);
  } else if (phase === 'reeling') {
    const r = cast.reel;
    // Rules 2: this fish's sweet band is the green; rules 1: everything from 0.42 to the red.
    const [lo, hi] = r.band ?? [F.SWEET, F.RED];
    drawMeter(
      'TENSION',
      r.tension,
      mx,
      16,
      mw,
      [
        [0, lo, '#2a4a8a'],
        [lo, hi, PAL.green],
        [hi, F.RED, '#3a3470'],
        [F.RED, 1, PAL.red],
      ],
      r.tension >= F.RED ? PAL.pink : PAL.white,
    );
    if (r.band) {
      const where = F.bandOf(r);
      const word = where === 0 ? 'SWEET' : where < 0 ? 'LOOSE' : 'TIGHT';
      drawText(ctx, word, mx + mw, 7, {
        color: where === 0 ? PAL.green : r.tension >= F.RED ? PAL.red : PAL.gold,
        align: 'right',
        outline: PAL.ink,
      });
    }
    const prog = 1 - Math.min(1, r.dist / r.startDist);
    drawText(ctx, `LINE ${Math.max(0, Math.round(r.dist))}M`, mx, 29, { color: PAL.cyan, outline: PAL.ink });
    rect(ctx, mx + 60, 31, mw - 60, 3, PAL.ink);
    rect(ctx, mx + 60, 31, Math.round((mw - 60) * prog), 3, PAL.cyan);
    if (r.redFor > 0.05 && Math.floor(t * 10) % 2)
      drawText(ctx, 'EASY!', px.W / 2, 40, { color: PAL.red, align: 'center', outline: PAL.ink });
    else if (r.tell > 0)
      drawText(ctx, 'IT WILL RUN - EASE OFF', px.W / 2, 40, { color: PAL.pink, align: 'center', outline: PAL.ink });
    else if (r.slackFor > 1)
      drawText(ctx, 'REEL!', px.W / 2, 40, { color: PAL.gold, align: 'center', outline: PAL.ink });
  } else if (phase === 'aim' && !msg) {
    drawText(ctx, 'HOLD TO CAST', px.W / 2, 14, {
      color: Math.floor(t * 2) % 2 ? PAL.cyan : PAL.white,
      align: 'center',
      outline: PAL.ink,
    });
  }
  if (msg) {
    const pop = Math.min(1, msg.t * 8);
    const scale = px.W > 240 && textWidth(msg.text, 2) < px.W - 12 ? 2 : 1;
    let y = (phase === 'reeling' ? 46 : 40) - (1 - pop) * 6;
    for (const l of wrapText(msg.text, px.W - 8, scale)) {
      drawText(ctx, l, px.W / 2, y, { color: msg.color, align: 'center', outline: PAL.ink, scale });
      y += 8 * scale + 2;
    }
    if (msg.sub)
      for (const l of wrapText(msg.sub, px.W - 8)) {
        drawText(ctx, l, px.W / 2, y + 1, { color: PAL.white, align: 'center', outline: PAL.ink });
        y += 9;
      }
  }
  px.present();
}

function frame(now) {
  const dt = Math.min(0.05, (now - lastTime) / 1000);
  lastTime = now;
  update(dt);
  render(now / 1000);
}

/** Read-only snapshot for automated tests. */
window.__arcadeDebug = () => ({
  phase,
  casts: trip ? trip.casts : 0,
  score: trip ? trip.score : 0,
  catches: trip ? trip.catches.map((c) => ({ ...c })) : [],
  tension: cast?.reel ? cast.reel.tension : null,
  dist: cast?.reel ? cast.reel.dist : null,
  /** Rules 2: the hooked fish's sweet band on the tension meter. */
  band: cast?.reel?.band ?? null,
  fish: cast ? cast.fish.name : null,
  /** The big message on the canvas ('TOO SLOW!', 'HOOKED!', ...), while it shows. */
  message: msg ? msg.text : null,
});

setPhase('ready');
hud();
showScreen('screen-ready');
$('play').focus({ preventScroll: true });
animate(frame);
