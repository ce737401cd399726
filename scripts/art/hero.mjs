// Landing-page hero: three glowing arcade cabinets under a Bitcoin moon.
import { P, Canvas, spr, F3, rng, dither, mix } from './lib.mjs';
import { coin, stars, bands, skyline, birdCanvas } from './sprites.mjs';
import { coinFish } from './fishing.mjs';
import { host } from './quiz.mjs';

const INK = '#0a0618';
const SH = '#0b0719'; // text shadow (kept distinct from INK so it layers on top)

function screenRekt(c, x, y, w, h) {
  c.rect(x, y, w, h, '#17123a');
  c.rect(x, y + h - 14, w, 14, '#241b5c');
  for (let k = 0; k < 8; k++) c.rect(x + k * 9, y + h - 14 - ((k * 5) % 9), 8, 14 + ((k * 5) % 9), '#1e1750');
  c.rect(x, y + h - 4, w, 1, P.cyan);
  c.rect(x, y + h - 3, w, 3, '#1a1445');
  // candles
  for (const [cx, gap] of [
    [x + 6, 16],
    [x + w - 16, 24],
  ]) {
    c.rect(cx, y, 10, gap, P.red);
    c.rect(cx + 1, y, 2, gap, '#ff8a96');
    c.rect(cx - 1, y + gap - 3, 12, 3, P.redD);
    const by = y + gap + 18,
      bh = y + h - 4 - by;
    c.rect(cx, by, 10, bh, P.red);
    c.rect(cx + 1, by, 2, bh, '#ff8a96');
    c.rect(cx - 1, by, 12, 3, P.redD);
  }
  c.paste(birdCanvas({ up: true }), x + 22, y + 18);
  for (let k = 0; k < 4; k++) coin(c, x + 44 + k * 7, y + 10 + Math.round(Math.sin(k) * 3), 6);
  c.text('21', x + 30, y + 2, P.white, { font: F3 });
}

function screenFish(c, x, y, w, h) {
  c.rect(x, y, w, 18, '#241b5c');
  c.rect(x, y, w, 8, '#17123a');
  coin(c, x + w - 16, y + 2, 10, { rim: '#c98a3a', body: '#ffd9a0', hi: '#fff0d8', sh: '#f0c080', mark: '#d9a060' });
  c.rect(x, y + 18, w, h - 18, '#183170');
  c.rect(x, y + 30, w, h - 30, '#13285e');
  c.rect(x, y + 42, w, h - 42, '#0f204d');
  c.rect(x, y + 18, w, 1, '#4f78c8');
  for (let k = 0; k < 5; k++) c.rect(x + 4 + k * 13, y + 22 + (k % 2) * 5, 5, 1, '#4f78c8');
  // pier + rod
  c.rect(x, y + 14, 16, 3, P.wood);
  c.rect(x + 3, y + 17, 2, 8, P.woodD);
  c.rect(x + 8, y + 8, 3, 6, P.orange);
  c.rect(x + 8, y + 6, 3, 2, P.skin);
  c.line(x + 11, y + 10, x + 26, y + 1, P.woodL);
  c.line(x + 26, y + 1, x + 40, y + 18, P.mist);
  c.line(x + 40, y + 19, x + 40, y + 30, '#6f86c8');
  c.paste(coinFish(false, true), x + 38, y + 28);
  c.rect(x + 39, y + 30, 2, 2, P.white);
}

function screenQuiz(c, x, y, w, h) {
  c.rect(x, y, w, h, '#1b1242');
  c.paste(host(), x + 1, y + 6);
  c.rect(x + 26, y + 4, w - 30, 14, P.white);
  for (let k = 0; k < 2; k++) c.rect(x + 29, y + 7 + k * 4, 30 - k * 12, 2, P.purple);
  const cols = [P.pink, P.cyan, P.gold, P.green];
  for (let k = 0; k < 4; k++) {
    const bx = x + 26 + (k % 2) * 19,
      by = y + 22 + Math.floor(k / 2) * 13;
    c.rect(bx, by, 17, 11, cols[k]);
    c.rect(bx + 1, by + 1, 15, 9, mix(cols[k], P.navy, 0.6));
    c.text('ABCD'[k], bx + 2, by + 3, cols[k], { font: F3 });
    c.rect(bx + 7, by + 5, 7, 1, P.grey);
  }
}

const THEMES = [
  {
    name: 'rekt',
    neon: P.red,
    neonD: P.redD,
    body: '#3a1540',
    bodyL: '#5a2060',
    side: '#260c2c',
    marq: '#ff3b4e',
    screen: screenRekt,
  },
  {
    name: 'fish',
    neon: P.cyan,
    neonD: P.cyanD,
    body: '#12305a',
    bodyL: '#1c4a80',
    side: '#0a1c3a',
    marq: '#2de2e6',
    screen: screenFish,
  },
  {
    name: 'quiz',
    neon: P.gold,
    neonD: P.goldD,
    body: '#2e2270',
    bodyL: '#4a3a9c',
    side: '#1b1242',
    marq: '#ffd23f',
    screen: screenQuiz,
  },
];

function marquee(c, t, x, y, w) {
  const h = 20;
  c.rect(x, y, w, h, INK);
  c.rect(x + 2, y + 2, w - 4, h - 4, mix(t.marq, INK, 0.55));
  c.rect(x + 2, y + 2, w - 4, 1, mix(t.marq, '#ffffff', 0.2));
  const cx = x + w / 2;
  if (t.name === 'rekt') {
    c.ctext('REKT!', cx + 1, y + 4, SH, { s: 2 });
    c.ctext('REKT!', cx, y + 3, P.white, { s: 2 });
  }
  if (t.name === 'fish') {
    c.ctext('FISHING', cx + 1, y + 4, SH);
    c.ctext('FISHING', cx, y + 3, P.white);
    c.ctext('FOR SATS!', cx, y + 12, P.gold, { font: F3 });
  }
  if (t.name === 'quiz') {
    c.ctext('MR QUIZ', cx + 1, y + 4, SH, { s: 2 });
    c.ctext('MR QUIZ', cx, y + 3, P.white, { s: 2 });
  }
  // light bulbs
  for (let k = x + 4; k < x + w - 3; k += 6) {
    c.set(k, y + 1, P.goldL);
    c.set(k + 3, y + h - 2, P.goldL);
  }
}

function cabinet(c, t, x, y) {
  const W = 84,
    H = 152;
  // neon glow around the cabinet
  c.rrect(x - 6, y - 6, W + 12, H + 8, dither(c.get(x - 6, y + 40) || '#17123a', mix(t.neon, '#17123a', 0.65)), 5);
  // side panel (depth)
  c.rect(x + W, y + 6, 8, H - 6, t.side);
  c.rect(x + W, y + 6, 8, 1, t.neonD);
  // body
  c.rect(x, y, W, H, t.body);
  c.rect(x, y, 2, H, t.bodyL);
  // neon T-molding edges
  c.rect(x - 1, y, 1, H, t.neon);
  c.rect(x + W, y, 1, H, t.neon);
  c.rect(x + W + 8, y + 6, 1, H - 6, t.neonD);
  marquee(c, t, x + 2, y + 2, W - 4);
  // screen bezel
  c.rect(x + 4, y + 26, W - 8, 62, INK);
  c.rect(x + 6, y + 28, W - 12, 58, '#1a1433');
  const sx = x + 8,
    sy = y + 31,
    sw = W - 16,
    sh = 52;
  t.screen(c, sx, sy, sw, sh);
  // glass glare + scanlines
  c.rect(sx + 2, sy + 2, 6, 1, '#ffffff');
  c.rect(sx + 2, sy + 3, 1, 4, '#ffffff');
  // control panel
  const py = y + 90;
  c.rect(x - 4, py, W + 8, 4, t.bodyL);
  c.rect(x - 4, py, W + 8, 1, mix(t.bodyL, '#ffffff', 0.3));
  c.rect(x - 4, py + 4, W + 8, 8, t.side);
  c.rect(x - 4, py + 11, W + 8, 1, INK);
  c.rect(x - 5, py, 1, 12, t.neon);
  c.rect(x + W + 4, py, 1, 12, t.neon);
  // joystick + buttons
  c.rect(x + 16, py - 6, 2, 7, P.grey);
  c.rect(x + 14, py - 10, 6, 5, INK);
  c.rect(x + 15, py - 9, 4, 3, P.red);
  c.set(x + 15, py - 9, '#ff9aa6');
  for (let k = 0; k < 3; k++) {
    const bx = x + 40 + k * 9;
    c.rect(bx, py - 2, 6, 3, INK);
    c.rect(bx + 1, py - 2, 4, 2, [P.green, P.cyan, P.pink][k]);
  }
  // lower cabinet: coin door
  const dy = py + 18;
  c.rect(x + 24, dy, 36, 28, INK);
  c.rect(x + 25, dy + 1, 34, 26, '#2a2440');
  for (const ox of [30, 46]) {
    c.rect(x + ox, dy + 5, 8, 10, '#141022');
    c.rect(x + ox + 3, dy + 6, 2, 8, P.orange);
    c.rect(x + ox + 1, dy + 16, 6, 2, P.orangeD);
  }
  c.text('₿', x + 40, dy + 18, P.orange, { font: F3 });
  // speaker grille
  for (let k = 0; k < 4; k++) {
    c.rect(x + 8, dy + 2 + k * 6, 10, 2, t.side);
    c.rect(x + 66, dy + 2 + k * 6, 10, 2, t.side);
  }
  // kick plate with neon strip
  c.rect(x, y + H - 6, W, 6, t.side);
  c.rect(x, y + H - 4, W, 1, t.neon);
}

export function hero() {
  const W = 480,
    H = 240,
    r = rng(2024);
  const c = new Canvas(W, H);
  const HZ = 164;
  bands(
    c,
    0,
    W,
    [
      [0, '#0b0820'],
      [40, '#100b2c'],
      [75, '#17123a'],
      [105, '#1e1750'],
      [130, '#2a1f66'],
      [148, '#3b2a85'],
      [158, '#5a2d8a'],
      [HZ, null],
    ],
    dither,
  );
  stars(c, r, 0, 0, W, 130, 90);
  // twinkles
  for (const [x, y, col] of [
    [40, 20, P.white],
    [430, 30, P.cyan],
    [300, 60, P.white],
    [150, 50, P.pink],
    [460, 96, P.white],
    [20, 90, P.gold],
  ]) {
    c.set(x, y, P.white);
    c.rect(x - 2, y, 2, 1, col);
    c.rect(x + 1, y, 2, 1, col);
    c.rect(x, y - 2, 1, 2, col);
    c.rect(x, y + 1, 1, 2, col);
  }
  // shooting star
  for (let k = 0; k < 18; k++) c.set(360 - k * 2, 14 + k, k < 4 ? P.white : k < 10 ? P.lav : P.greyDD);
  // big Bitcoin moon with halo
  const mx = 240,
    my = 46,
    md = 78;
  c.disc(mx - md / 2 - 14, my - md / 2 - 14, md + 28, dither('#17123a', '#2a1f5c'));
  c.disc(mx - md / 2 - 7, my - md / 2 - 7, md + 14, dither('#2a1f5c', '#4a2f6c'));
  coin(c, mx - md / 2, my - md / 2, md, {
    rim: '#d08a3a',
    body: '#ffd9a0',
    hi: '#fff3de',
    sh: '#f2c47e',
    mark: '#e0a55e',
  });
  const BIG = spr(`
    ..#.#...
    #######.
    .##...##
    .##...##
    .######.
    .##...##
    .##...##
    #######.
    ..#.#...
  `);
  c.sprite(BIG, { '#': '#e8ae66' }, mx - 15, my - 17, { s: 4 });
  c.sprite(BIG, { '#': '#f7c58a' }, mx - 16, my - 18, { s: 4 });
  for (const [x, y, d] of [
    [-26, -20, 7],
    [18, 14, 9],
    [-24, 18, 6],
    [24, -22, 5],
  ])
    c.disc(mx + x, my + y, d, '#f2c47e');
  // distant city skyline
  skyline(c, r, HZ - 30, 30, { body: '#1e1450', edge: '#2e2070', win: P.pink, wins: 0.22, minW: 8, maxW: 20, minH: 8 });
  skyline(c, r, HZ - 16, 16, {
    body: '#120c34',
    edge: '#1e1650',
    win: P.cyan,
    wins: 0.2,
    minW: 10,
    maxW: 24,
    minH: 5,
    antenna: false,
  });
  // floor grid (synthwave)
  c.rect(0, HZ, W, H - HZ, '#120a2e');
  c.rect(0, HZ, W, 1, P.pink);
  for (let k = 1, y = HZ + 3; y < H; k++, y += 2 + k * 2) c.rect(0, y, W, 1, k < 3 ? '#5b1a4c' : '#86235d');
  for (let k = -6; k <= 6; k++) c.line(240 + k * 14, HZ + 1, 240 + k * 110, H, mix('#120a2e', P.purple, 0.9));
  // glow pools on the floor
  const xs = [66, 198, 330];
  THEMES.forEach((t, i) => {
    c.ell(xs[i] - 18, 212, 128, 22, dither(c.get(xs[i] + 40, 226), mix(t.neon, '#120a2e', 0.7)));
  });
  THEMES.forEach((t, i) => cabinet(c, t, xs[i], 72));
  // floating coins
  coin(c, 28, 118, 12);
  coin(c, 440, 122, 12, { w: 6 });
  coin(c, 14, 144, 8, { w: 4 });
  return c;
}
