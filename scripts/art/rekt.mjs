// REKT!: flap-and-stack game art (logo, landscape shots, portrait phone shots).
import { P, Canvas, spr, F3, rng, dither, mix, pattern } from './lib.mjs';
import { coin, birdCanvas, stars, bands, skyline, HEART, tile } from './sprites.mjs';

const THEMES = {
  night: {
    sky: [
      [0, '#0b0820'],
      [40, '#110c30'],
      [75, '#17123a'],
      [105, '#1e1750'],
      [130, '#241b5c'],
      [150, '#2e2270'],
    ],
    far: '#2a2068',
    farEdge: '#3a2d85',
    near: '#140f33',
    win: P.gold,
    win2: P.cyan,
  },
  dusk: {
    sky: [
      [0, '#17123a'],
      [35, '#261a5a'],
      [65, '#3c1f6e'],
      [95, '#5e2478'],
      [120, '#8a2e7c'],
      [145, '#c0427a'],
    ],
    far: '#4a1e66',
    farEdge: '#6a2a80',
    near: '#1c0f36',
    win: P.orangeL,
    win2: P.pink,
    sun: true,
  },
  teal: {
    sky: [
      [0, '#07112a'],
      [40, '#0a1838'],
      [75, '#0d2147'],
      [110, '#112b57'],
      [140, '#17386a'],
    ],
    far: '#122c55',
    farEdge: '#1c4070',
    near: '#081530',
    win: P.cyan,
    win2: P.green,
  },
  storm: {
    sky: [
      [0, '#14081c'],
      [45, '#1f0b26'],
      [80, '#2c0e30'],
      [110, '#3e1238'],
      [140, '#561842'],
    ],
    far: '#33102e',
    farEdge: '#4c1740',
    near: '#12061a',
    win: P.red,
    win2: P.orange,
  },
};

const PCT = spr(`
  ##..#
  ##.#.
  ..#..
  .#.##
  #..##
`);

/** Faint candlestick chart trending up (inflation), drawn in the sky. */
function chart(c, r, x0, x1, yBase, sky) {
  let y = yBase;
  for (let x = x0; x < x1; x += 10) {
    const up = r() < 0.62,
      len = 4 + Math.floor(r() * 10);
    const top = up ? y - len : y,
      bot = up ? y : y + len;
    const col = mix(sky, up ? P.red : P.green, 0.22);
    c.rect(x + 2, top - 2 - Math.floor(r() * 3), 1, bot - top + 4 + Math.floor(r() * 3), col);
    c.rect(x, top, 5, Math.max(2, bot - top), col);
    y = up ? top + Math.floor(r() * 3) : bot - Math.floor(r() * 6) - 2;
    if (y < yBase - 50) y += 16;
  }
}

/** Inflation candle pillar. fromTop: hangs from the top; end = y of the free end. */
export function candle(c, x, w, top, bottom, end, fromTop) {
  const y0 = top,
    y1 = bottom;
  c.rect(x, y0, w, y1 - y0, P.redDD);
  c.rect(x + 1, y0, w - 2, y1 - y0, P.red);
  c.rect(x + 2, y0, 2, y1 - y0, '#ff7d8b');
  c.rect(x + 4, y0, 1, y1 - y0, '#ff5a6b');
  c.rect(x + w - 5, y0, 3, y1 - y0, '#d92a42');
  c.rect(x + w - 2, y0, 1, y1 - y0, P.redD);
  // "%" marks running along the body
  const step = 26;
  for (let y = fromTop ? end - 22 : end + 14; fromTop ? y > y0 + 2 : y < y1 - 8; y += fromTop ? -step : step)
    c.sprite(PCT, { '#': '#c41f38' }, x + Math.floor(w / 2) - 2, y);
  // cap at the free end
  const capY = fromTop ? end - 6 : end;
  c.rect(x - 2, capY, w + 4, 6, P.redDD);
  c.rect(x - 1, capY + 1, w + 2, 4, P.red);
  c.rect(x - 1, capY + 1, w + 2, 1, '#ff9aa6');
  c.rect(x + 1, capY + 2, 2, 2, '#ff9aa6');
  c.rect(x + w - 3, capY + 2, 3, 3, '#d92a42');
  // wick
  const wx = x + Math.floor(w / 2) - 1;
  if (fromTop) c.rect(wx, end, 2, 7, P.redDD);
  else c.rect(wx, end - 7, 2, 7, P.redDD);
}

/** A gold "sat block" used for stacking (16 x 9). */
export function block(c, x, y, tone = 0) {
  const body = [P.gold, P.orange, '#ffbf3a'][tone],
    dark = [P.goldD, P.orangeD, '#d98e14'][tone];
  c.rrect(x, y, 16, 9, body, 1, P.goldDD);
  c.rect(x + 1, y + 1, 14, 1, P.goldL);
  c.rect(x + 1, y + 7, 14, 1, dark);
  c.text('₿', x + 6, y + 2, dark, { font: F3 });
}

export function bird(c, x, y, { up = false, s = 2, body, flipY = false } = {}) {
  c.paste(birdCanvas({ up, body }), x, y, { s, flipY });
}

function hud(c, { score, level, infl, lives = 3, W }) {
  c.rect(0, 0, W, 15, '#0b0820');
  c.rect(0, 15, W, 1, '#241b5c');
  coin(c, 4, 3, 10);
  const digits = String(score).padStart(6, '0');
  c.text(digits, 18, 4, P.white, { shadow: P.purple });
  c.text('SATS', 18 + c.tw(digits) + 4, 6, P.orange, { font: F3 });
  // level chip
  const lv = `LEVEL ${level}`;
  const lw = c.tw(lv, { font: F3 }) + 8;
  const lx = Math.floor(W / 2 - lw / 2) + (W < 200 ? 18 : 0);
  if (W >= 200) {
    c.rrect(lx, 3, lw, 9, P.indigo, 2, P.cyan);
    c.text(lv, lx + 4, 5, P.cyan, { font: F3 });
  }
  // inflation meter
  const mw = W < 200 ? 36 : 54,
    mx = W - mw - 5;
  c.text('CPI', mx - 14, 5, P.red, { font: F3 });
  c.rect(mx, 4, mw, 7, P.redDD);
  c.rect(mx + 1, 5, mw - 2, 5, '#2a0b18');
  const fw = Math.round((mw - 2) * infl);
  c.rect(mx + 1, 5, fw, 5, P.red);
  c.rect(mx + 1, 5, fw, 1, '#ff9aa6');
  for (let k = 1; k < 4; k++) c.rect(mx + Math.round((mw * k) / 4), 5, 1, 5, P.redDD);
  if (W < 200) {
    // lives + level on a second row for the phone layout
    c.rect(0, 16, W, 11, '#0b0820cc'.slice(0, 7));
    for (let k = 0; k < 3; k++)
      c.sprite(HEART, { h: k < lives ? P.pink : P.greyDD, w: k < lives ? '#ffb3d1' : P.greyD }, 4 + k * 9, 18);
    c.rect(0, 27, W, 1, '#241b5c');
    c.text(`LV ${level}`, W - 5 - c.tw(`LV ${level}`, { font: F3 }), 19, P.cyan, { font: F3 });
  } else {
    for (let k = 0; k < 3; k++)
      c.sprite(
        HEART,
        { h: k < lives ? P.pink : P.greyDD, w: k < lives ? '#ffb3d1' : P.greyD },
        lx - 32 + k * 9 - (W >= 300 ? 10 : 0),
        5,
      );
  }
}

function ground(c, y, W, H) {
  c.rect(0, y, W, 1, P.cyan);
  c.rect(0, y + 1, W, 1, P.cyanD);
  const bricks = pattern(
    18,
    14,
    [
      ['#1a1445', [[0, 0, 18, 14]]],
      [
        '#231b57',
        [
          [0, 0, 18, 1],
          [0, 7, 18, 1],
        ],
      ],
      [
        '#0f0b2c',
        [
          [0, 6, 18, 1],
          [0, 13, 18, 1],
          [0, 0, 1, 6],
          [9, 7, 1, 6],
        ],
      ],
    ],
    0,
    y + 2,
  );
  c.rect(0, y + 2, W, H - y - 2, bricks);
}

/**
 * Build a REKT! frame. o: { W, H, theme, seed, pillars: [{x, gap, gh}], coins: [[x,y,d?]],
 *   birdAt: [x,y,up], stack: [[x, n]], score, level, infl, extra(c) }
 */
export function rektScene(o) {
  const W = o.W || 320,
    H = o.H || 200,
    T = THEMES[o.theme || 'night'];
  const r = rng(o.seed || 1);
  const c = new Canvas(W, H);
  const G = o.groundY || H - 24;
  bands(c, 0, W, [...T.sky, [G, null]], dither);
  stars(c, r, 0, 16, W, Math.round(G * 0.45), Math.round((W * H) / 900));
  if (o.chart !== false) chart(c, rng((o.seed || 1) + 5), 0, W, G - 40, T.sky[3][1]);
  if (T.sun) {
    // striped synthwave sun
    const sx = Math.round(W * 0.62),
      sy = G - 78,
      d = 64;
    for (let j = 0; j < d; j++) {
      const col = mix(P.gold, P.pink, j / d);
      for (let i = 0; i < d; i++) {
        const dx = i + 0.5 - d / 2,
          dy = j + 0.5 - d / 2;
        if (dx * dx + dy * dy > (d / 2) ** 2) continue;
        if (j > 30 && j % 7 < (j - 30) / 8) continue;
        c.set(sx - d / 2 + i, sy + j, col);
      }
    }
  } else if (o.moon !== false) {
    const mx = o.moonX ?? Math.round(W * 0.78),
      my = o.moonY ?? 30;
    c.disc(mx - 3, my - 3, 30, dither(T.sky[1][1], mix(T.sky[1][1], P.orange, 0.25)));
    coin(c, mx, my, 24, { rim: '#c98a3a', body: '#ffd9a0', hi: '#fff0d8', sh: '#f0c080', mark: '#d9a060' });
  }
  // parallax skyline: far and near layers
  skyline(c, r, G - 62, 62, {
    body: T.far,
    edge: T.farEdge,
    win: mix(T.far, T.win2, 0.5),
    wins: 0.18,
    minW: 10,
    maxW: 26,
    minH: 18,
  });
  skyline(c, r, G - 38, 38, {
    body: T.near,
    edge: mix(T.near, T.farEdge, 0.5),
    win: T.win,
    wins: 0.3,
    minW: 12,
    maxW: 30,
    minH: 10,
    antenna: false,
  });
  ground(c, G, W, H);
  // stacks of sat blocks
  for (const [sx, n, wob = 0] of o.stack || []) {
    for (let k = 0; k < n; k++) block(c, sx + ((k * 7 + wob) % 3) - 1, G - 9 - k * 9, k % 3 === 1 ? 2 : 0);
  }
  const top = 16;
  for (const p of o.pillars || []) {
    candle(c, p.x, p.w || 22, top, p.gap, p.gap, true);
    candle(c, p.x, p.w || 22, p.gap + p.gh, G, p.gap + p.gh, false);
  }
  for (const [x, y, d = 10, w] of o.coins || []) {
    c.rect(x - 1, y + Math.round(d / 2) - 1, 1, 1, P.orangeD);
    coin(c, x, y, d, { w: w ?? d });
  }
  if (o.trail) for (const [x, y, col] of o.trail) c.set(x, y, col);
  if (o.birdAt) bird(c, o.birdAt[0], o.birdAt[1], { up: o.birdAt[2] });
  if (o.extra) o.extra(c, { W, H, G, r });
  hud(c, { score: o.score ?? 0, level: o.level ?? 1, infl: o.infl ?? 0.4, lives: o.lives ?? 3, W });
  if (o.overlay) o.overlay(c, { W, H, G, r });
  return c;
}

/** Sparkle trail behind the bird. */
export function trail(x, y, len, r) {
  const out = [];
  for (let k = 0; k < len; k++) {
    const tx = x - k * 3 - Math.floor(r() * 2),
      ty = y + Math.round(Math.sin(k * 0.9) * 2);
    out.push([tx, ty, k < len / 3 ? P.goldL : k < (2 * len) / 3 ? P.gold : P.orangeD]);
  }
  return out;
}

export function popText(c, str, x, y, col = P.gold) {
  c.text(str, x + 1, y + 1, P.night, { font: F3 });
  c.text(str, x, y, col, { font: F3 });
}

// ------------------------------------------------------------------ logo
export function rektLogo() {
  const c = new Canvas(64, 64);
  tile(c, '#17123a', P.redDD, 4);
  // sky bands inside
  c.map((col, x, y) => (col === '#17123a' ? (y < 20 ? '#150f35' : y < 34 ? '#1d1648' : '#241b5c') : col));
  const r = rng(7);
  for (let k = 0; k < 14; k++) c.set(4 + Math.floor(r() * 56), 4 + Math.floor(r() * 30), k % 3 ? P.lav : P.white);
  // candles at both sides
  candle(c, 4, 12, 1, 16, 16, true);
  candle(c, 48, 12, 26, 40, 26, false);
  c.rect(1, 39, 62, 19, '#0b0820');
  c.rect(1, 39, 62, 1, P.redD);
  c.rect(1, 57, 62, 1, P.redD);
  // coins trail
  coin(c, 44, 12, 8);
  coin(c, 53, 10, 8, { w: 4 });
  // bird
  bird(c, 10, 6, { up: true });
  for (const [x, y, col] of [
    [9, 22, P.gold],
    [6, 24, P.gold],
    [4, 21, P.orangeD],
    [8, 27, P.orangeD],
  ])
    c.set(x, y, col);
  // REKT! title
  const s = 2,
    str = 'REKT!';
  const w = c.tw(str, { s }),
    x = Math.round((64 - w) / 2) - 1,
    y = 41;
  for (const [dx, dy, col] of [
    [1, 2, P.night],
    [2, 2, P.night],
    [0, 2, P.night],
    [2, 1, P.night],
    [1, 1, P.redDD],
    [0, 1, P.redD],
  ])
    c.text(str, x + dx, y + dy, col, { s });
  c.text(str, x, y, P.red, { s });
  c.map(
    (col, i, j) => (col === P.red && j < y + 4 ? '#ff8a96' : col === P.red && j < y + 8 ? '#ff5c6c' : col),
    x,
    y,
    w,
    14,
  );
  // rounded frame again on top
  const cut = [4, 2, 1, 1];
  for (let j = 0; j < 4; j++)
    for (let i = 0; i < cut[j]; i++)
      for (const [X, Y] of [
        [i, j],
        [63 - i, j],
        [i, 63 - j],
        [63 - i, 63 - j],
      ])
        c.set(X, Y, null);
  c.outline(P.redDD, 0, 0, 64, 64);
  return c;
}
