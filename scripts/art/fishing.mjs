// Fishing for Sats!: pier-at-night fishing game art.
import { P, Canvas, spr, F3, rng, dither, tint, mix, xform } from './lib.mjs';
import { coin, stars, bands, skyline, STAR7 } from './sprites.mjs';

const cache = new Map();
const once = (key, fn) => {
  if (!cache.has(key)) cache.set(key, fn());
  return cache.get(key);
};

/** Coin fish: a Bitcoin coin with fins, tail and an eye. 20 x 14; left = facing left. */
export function coinFish(gold = false, left = false) {
  return once('cf' + gold + left, () => {
    const parts = new Canvas(20, 14);
    const rim = gold ? P.goldD : P.orangeD;
    parts.sprite(
      spr(`
      kk....
      kTk...
      kTTk..
      .kTTk.
      .kTTk.
      kTTk..
      kTk...
      kk....
    `),
      { k: P.orangeDD, T: rim },
      0,
      3,
    );
    parts.sprite(
      spr(`
      ..kk.
      .kTTk
      kTTTk
    `),
      { k: P.orangeDD, T: rim },
      9,
      0,
    );
    const c = new Canvas(20, 14);
    c.paste(parts, 0, 0, { flipX: left });
    coin(
      c,
      left ? 2 : 5,
      1,
      13,
      gold ? { rim: P.goldD, body: P.gold, hi: P.goldL, sh: '#e6b12a', mark: P.goldDD } : {},
    );
    const ex = left ? 3 : 14;
    c.rect(ex, 3, 3, 3, P.white);
    c.rect(left ? ex : ex + 1, 4, 2, 2, P.night);
    c.outline(P.orangeDD);
    return c;
  });
}

/** Lightning fish: a slim gold fish with a bolt stripe. 22 x 9. */
export function boltFish() {
  return once('bf', () => {
    const c = new Canvas(22, 10);
    c.ell(4, 1, 17, 8, P.gold);
    c.map((col, x, y) => (col === P.gold && y <= 2 ? P.goldL : col === P.gold && y >= 7 ? P.goldD : col));
    c.sprite(
      spr(`
      k.....
      kk..kk
      .kkkk.
      ..kk..
      .kkkk.
      kk..kk
    `),
      { k: P.cyan },
      0,
      2,
    );
    c.sprite(
      spr(`
      ...##
      ..##.
      .####
      ..##.
      .##..
      .#...
    `),
      { '#': P.cyan },
      9,
      2,
    );
    c.rect(16, 3, 2, 2, P.night);
    c.set(16, 3, P.white);
    c.outline(P.goldDD);
    return c;
  });
}

/** Small "sat" fish. 9 x 5. */
export function satFish(col = P.orangeL) {
  return once('sf' + col, () => {
    const c = new Canvas(9, 5);
    c.sprite(
      spr(`
      k..bbbb..
      kkbbbbbbk
      kkbbbbbek
      k..bbbb..
    `),
      { k: mix(col, P.night, 0.35), b: col, e: P.night },
      0,
      0,
    );
    return c;
  });
}

/** The whale. 64 x 30, facing right. */
export function whale() {
  return once('wh', () => {
    const c = new Canvas(66, 30);
    const top = '#33409a',
      body = '#4a5bc4',
      belly = '#a9b4f0',
      ink = '#141a4a';
    c.ell(10, 3, 56, 25, body);
    c.map((col, x, y) => (col === body && y < 9 ? top : col));
    // belly
    for (let x = 22; x < 63; x++)
      for (let y = 18; y < 28; y++) if (c.get(x, y) === body && y > 18 + ((x - 40) * (x - 40)) / 90) c.set(x, y, belly);
    for (let x = 26; x < 60; x += 4) c.line(x, 20, x + 2, 26, '#8392d6');
    // tail flukes
    c.sprite(
      spr(`
      tt.........
      ttt........
      .tttt......
      ..tttttt...
      ...tttttttt
      ...tttttttt
      ..tttttt...
      .tttt......
      ttt........
      tt.........
    `),
      { t: top },
      0,
      7,
    );
    // flipper
    c.sprite(
      spr(`
      ffff..
      .fffff
      ..ffff
      ...ff.
    `),
      { f: top },
      36,
      21,
    );
    // eye + mouth
    c.rect(53, 13, 3, 3, P.white);
    c.rect(54, 14, 2, 2, ink);
    c.line(50, 19, 64, 17, ink);
    // Bitcoin mark on the side
    c.text('₿', 34, 8, '#6f80e0');
    // highlight
    c.rect(40, 5, 12, 1, '#6f80e0');
    c.outline(ink);
    return c;
  });
}

function weed(v) {
  return once('weed' + v, () => {
    const c = new Canvas(6, 31);
    const hgt = [30, 20, 14][v];
    for (let y = 0; y < hgt; y++)
      c.rect(2 + Math.round(Math.sin((y + v * 3) * 0.45) * 1.5), 30 - y, 2, 1, y % 6 === 0 ? P.greenD : P.greenDD);
    return c;
  });
}

const HOOK = spr(`
  .ww.
  w..w
  .ww.
  ..w.
  ..w.
  ..w.
  w.w.
  wgw.
  .w..
`);

const FISHER = spr(`
  ....kkkkkk...
  ...kccccccck.
  ...kccBBcccck
  ...kkkkkkkkkk
  ...kssssssk..
  ...kssssesk..
  ....kssssk...
  ...khhhhhhk..
  ..khhhhhhhhk.
  ..khhhhhhsssk
  ..khHhhhhhhk.
  ..khHhhhhhk..
  .kjjjjjjjjjjk
  .kjjjjjjjjjjk
  ..kkkkkkkkjjk
  .........kjjk
  .........kjjk
  .........kjjk
  ........kbbbk
  ........kkkkk
`);

function fisher(c, x, y) {
  c.sprite(
    FISHER,
    {
      k: P.night,
      c: P.indigo,
      B: P.orange,
      s: P.skin,
      e: P.night,
      h: P.orange,
      H: P.orangeD,
      j: '#3d5fa8',
      b: P.white,
    },
    x,
    y,
    { s: 2 },
  );
}

/** Reel tension bar at the bottom. t in 0..1. */
function tensionBar(c, x, y, w, t, label = 'TENSION') {
  c.text(label, x, y + 2, P.white, { font: F3 });
  const bx = x + c.tw(label, { font: F3 }) + 5;
  const bw = w - (bx - x);
  c.rect(bx, y, bw, 9, P.night);
  c.rect(bx + 1, y + 1, bw - 2, 7, '#241b5c');
  const z1 = Math.round((bw - 2) * 0.55),
    z2 = Math.round((bw - 2) * 0.8);
  c.rect(bx + 1, y + 2, z1, 5, P.greenD);
  c.rect(bx + 1 + z1, y + 2, z2 - z1, 5, P.goldD);
  c.rect(bx + 1 + z2, y + 2, bw - 2 - z2, 5, P.redD);
  const fill = Math.round((bw - 2) * t);
  const col = t < 0.55 ? P.green : t < 0.8 ? P.gold : P.red;
  c.rect(bx + 1, y + 2, fill, 5, col);
  c.rect(bx + 1, y + 2, fill, 1, mix(col, '#ffffff', 0.5));
  // marker
  const mx = bx + fill;
  c.rect(mx, y - 2, 1, 13, P.white);
  c.rect(mx - 1, y - 3, 3, 1, P.white);
  c.rect(mx - 1, y + 11, 3, 1, P.white);
}

function hud(c, { score, time, day, W }) {
  c.rect(0, 0, W, 15, P.night);
  c.rect(0, 15, W, 1, '#163a6a');
  coin(c, 4, 3, 10);
  const digits = String(score).padStart(6, '0');
  c.text(digits, 18, 4, P.white, { shadow: P.purple });
  c.text('SATS', 18 + c.tw(digits) + 4, 6, P.orange, { font: F3 });
  const lv = `NIGHT ${day}`;
  const lw = c.tw(lv, { font: F3 }) + 8,
    lx = Math.floor(W / 2 - lw / 2);
  c.rrect(lx, 3, lw, 9, P.indigo, 2, P.cyan);
  c.text(lv, lx + 4, 5, P.cyan, { font: F3 });
  // clock
  c.text(time, W - 6 - c.tw(time), 4, P.gold, { shadow: P.goldDD });
  c.sprite(
    spr(`
    .kkk.
    k.k.k
    k.kkk
    k...k
    .kkk.
  `),
    { k: P.gold },
    W - 14 - c.tw(time),
    5,
  );
}

const SKIES = {
  dusk: [
    [16, '#1b1240'],
    [34, '#2b1a5c'],
    [50, '#48206e'],
    [64, '#742a78'],
    [76, '#a83a78'],
    [86, '#d8577a'],
  ],
  night: [
    [16, '#0b0820'],
    [40, '#100c2e'],
    [62, '#17123a'],
    [78, '#1e1750'],
    [88, '#2a2068'],
  ],
  storm: [
    [16, '#0a0a1c'],
    [40, '#11122c'],
    [62, '#181a3c'],
    [80, '#20244c'],
  ],
};

/**
 * o: { theme, seed, score, time, day, moon:[x,y,d], rod:{tip:[x,y]}, line: [...points], bobber:[x,y], hook:[x,y],
 *      fish:[[kind,x,y,flip]], tension, popup, extra }
 */
export function fishScene(o) {
  const W = 320,
    H = 200,
    WY = 86;
  const r = rng(o.seed || 1);
  const c = new Canvas(W, H);
  const sky = SKIES[o.theme || 'night'];
  c.rect(0, 0, W, 16, sky[0][1]);
  bands(c, 0, W, [...sky, [WY, null]], dither);
  stars(c, r, 0, 16, W, 50, o.theme === 'dusk' ? 30 : 70);
  const [mx, my, md] = o.moon || [240, 26, 26];
  if (o.moon !== null) {
    c.disc(mx - 4, my - 4, md + 8, dither(sky[1][1], mix(sky[1][1], P.orange, 0.3)));
    coin(c, mx, my, md, { rim: '#c98a3a', body: '#ffd9a0', hi: '#fff0d8', sh: '#f0c080', mark: '#d9a060' });
  }
  // distant shore with lights
  skyline(c, r, WY - 14, 14, {
    body: '#0e0a28',
    edge: '#1a1445',
    win: P.orangeL,
    wins: 0.5,
    minW: 6,
    maxW: 16,
    minH: 3,
    antenna: true,
  });
  c.rect(0, WY - 2, W, 2, '#0e0a28');
  // water
  bands(
    c,
    0,
    W,
    [
      [WY, '#1d3a7a'],
      [WY + 8, '#183170'],
      [WY + 22, '#13285e'],
      [WY + 44, '#0f204d'],
      [WY + 70, '#0b173a'],
      [H, null],
    ],
    dither,
  );
  c.rect(0, WY, W, 1, '#3d63b8');
  // moon reflection
  if (o.moon !== null)
    for (let k = 0; k < 9; k++) {
      const w = 14 - k - Math.floor(r() * 4);
      c.rect(
        mx + md / 2 - w / 2 + Math.floor(r() * 5) - 2,
        WY + 2 + k * 3,
        Math.max(2, w),
        1,
        k < 4 ? '#ffd9a0' : '#c98a3a',
      );
    }
  // wave dashes
  for (let k = 0; k < 34; k++) {
    const y = WY + 3 + Math.floor(r() ** 2 * 40),
      x = Math.floor(r() * W),
      w = 3 + Math.floor(r() * 8);
    c.rect(x, y, w, 1, y < WY + 14 ? '#4f78c8' : '#24438a');
  }
  // seabed
  const SB = H - 24;
  for (let x = 0; x < W; x += 23 + Math.floor(r() * 30)) c.ell(x, SB - 8, 14 + Math.floor(r() * 12), 12, '#101a3e');
  c.rect(0, SB, W, 8, '#0a1230');
  for (let x = 4; x < W; x += 10 + Math.floor(r() * 18)) c.stamp('weed', weed(Math.floor(r() * 3)), x, SB - 30);
  for (let x = 0; x < W; x += 5 + Math.floor(r() * 9))
    c.rect(x, SB + 1 + Math.floor(r() * 5), 2 + Math.floor(r() * 3), 1, '#141f48');
  // bubbles
  for (let k = 0; k < 14; k++) {
    const x = Math.floor(r() * W),
      y = WY + 12 + Math.floor(r() * 80);
    c.set(x, y, '#4f78c8');
    if (k % 3 === 0) c.rect(x + 2, y - 4, 2, 2, '#3d63b8');
  }
  // fish (drawn at 2x)
  for (const [kind, x, y, flip] of o.fish || []) {
    const coinish = kind === 'coin' || kind === 'gold';
    const f = coinish
      ? coinFish(kind === 'gold', !!flip)
      : kind === 'bolt'
        ? boltFish()
        : kind === 'whale'
          ? whale()
          : satFish(kind === 'sat2' ? P.grey : P.orangeL);
    c.stamp(kind + flip, xform(f, { s: 2, flipX: !!flip && !coinish }), x, y);
  }
  // pier
  const PX = o.pierW ?? 104,
    PY = 72;
  for (const px of [14, 50, 86].filter((p) => p < PX - 6)) {
    c.rect(px, PY + 8, 8, WY - PY - 6, P.woodD);
    c.rect(px, PY + 8, 2, WY - PY - 6, P.wood);
    c.rect(px, WY + 2, 8, 50, '#1f2350');
    c.rect(px, WY + 2, 2, 50, '#2a3068');
    c.rect(px - 2, WY, 12, 2, '#4f78c8');
  }
  // cross braces
  c.line(22, PY + 10, 50, WY - 1, P.woodD);
  c.line(58, PY + 10, 86, WY - 1, P.woodD);
  c.rect(0, PY, PX, 8, P.wood);
  c.rect(0, PY, PX, 1, P.woodL);
  c.rect(0, PY + 3, PX, 1, '#8a5636');
  c.rect(0, PY + 7, PX, 2, P.woodD);
  for (let x = 9; x < PX; x += 14) c.rect(x, PY + 1, 1, 6, P.woodD);
  // lantern post + glow
  c.rect(6, PY - 34, 3, 34, P.woodD);
  c.rect(6, PY - 34, 1, 34, P.wood);
  c.disc(-7, PY - 55, 30, dither(sky[2][1], mix(sky[2][1], P.gold, 0.28)));
  c.rect(3, PY - 42, 9, 10, P.night);
  c.rect(4, PY - 41, 7, 8, P.gold);
  c.rect(4, PY - 41, 7, 2, P.goldL);
  c.rect(7, PY - 41, 1, 8, P.goldD);
  c.rect(4, PY - 44, 7, 2, P.night);
  // bucket of catches + tackle box
  c.rect(PX - 52, PY - 12, 14, 12, P.greyDD);
  c.rect(PX - 52, PY - 12, 14, 2, P.grey);
  c.rect(PX - 51, PY - 6, 12, 1, P.greyD);
  coin(c, PX - 49, PY - 17, 8);
  c.stamp('sfb', xform(satFish(), { flipX: true }), PX - 44, PY - 15);
  c.rect(PX - 34, PY - 7, 12, 7, P.redD);
  c.rect(PX - 34, PY - 7, 12, 1, P.red);
  c.rect(PX - 30, PY - 9, 4, 2, P.night);
  // angler + rod
  const ax = PX - 26,
    ay = PY - 28;
  const hx = ax + 24,
    hy = ay + 19;
  const tip = o.tip || [hx + 58, hy - 40];
  c.line(hx, hy, tip[0], tip[1], P.woodD);
  c.line(hx, hy - 1, Math.round((hx + tip[0]) / 2), Math.round((hy - 1 + tip[1]) / 2), P.woodD);
  c.line(hx + 1, hy - 2, Math.round(hx + (tip[0] - hx) * 0.3), Math.round(hy + (tip[1] - hy) * 0.3), P.woodL);
  fisher(c, ax, ay);
  c.rect(hx - 3, hy - 1, 4, 4, P.greyD);
  c.set(hx - 2, hy, P.white);
  // line
  if (o.line) {
    const [bx, by] = o.line.end,
      [cx, cy] = o.line.ctrl || [(tip[0] + bx) / 2, Math.max(tip[1], by) + 10];
    c.curve(tip[0], tip[1], cx, cy, bx, by, P.mist, 30);
    if (o.line.hook) {
      const [hx, hy] = o.line.hook;
      c.curve(bx, by, (bx + hx) / 2 + (o.line.sag || 4), (by + hy) / 2, hx, hy, '#6f86c8', 20);
      c.sprite(HOOK, { w: P.grey, g: P.white }, hx - 2, hy);
    }
    if (o.line.bobber !== false) {
      c.rect(bx - 2, by - 4, 5, 3, P.red);
      c.rect(bx - 2, by - 1, 5, 3, P.white);
      c.rect(bx, by - 6, 1, 2, P.white);
      c.rect(bx - 1, by - 4, 1, 1, '#ff9aa5');
    }
  }
  if (o.extra) o.extra(c, { W, H, WY, r });
  // bottom panel
  c.rect(0, H - 16, W, 16, P.night);
  c.rect(0, H - 16, W, 1, '#163a6a');
  if (o.tension != null) tensionBar(c, 6, H - 12, 190, o.tension, o.tensionLabel);
  if (o.bottomRight) o.bottomRight(c, { W, H });
  hud(c, { score: o.score ?? 0, time: o.time || '03:00', day: o.day || 1, W });
  if (o.overlay) o.overlay(c, { W, H, WY, r });
  return c;
}

function splash(c, x, y, big = false) {
  const pts = big
    ? [
        [-8, -6],
        [-5, -10],
        [-2, -12],
        [2, -12],
        [5, -9],
        [8, -5],
        [-11, -2],
        [11, -3],
      ]
    : [
        [-4, -4],
        [-1, -6],
        [2, -6],
        [4, -3],
      ];
  for (const [dx, dy] of pts) {
    c.rect(x + dx, y + dy, 2, 2, P.white);
    c.set(x + dx, y + dy + 3, '#8fb0f0');
  }
  c.rect(x - (big ? 12 : 6), y, big ? 24 : 12, 1, P.white);
}

function pop(c, str, x, y, col) {
  c.text(str, x + 1, y + 1, P.night, { font: F3 });
  c.text(str, x, y, col, { font: F3 });
}

function starRow(c, x, y, n, of = 5) {
  for (let k = 0; k < of; k++) c.sprite(STAR7, { s: k < n ? P.gold : P.greyDD }, x + k * 9, y);
}

const CHEST = spr(`
  ..kkkkkkkkkkkk..
  .kwwwwwwwwwwwwk.
  kwWWWWWWWWWWWWwk
  kwWWWWWWWWWWWWwk
  kkkkkkkggkkkkkkk
  kwwwwwwgGwwwwwwk
  kwWWWWWggWWWWWwk
  kwWWWWWWWWWWWWwk
  kwWWWWWWWWWWWWwk
  kkkkkkkkkkkkkkkk
`);
function chest(c, x, y) {
  coin(c, x + 2, y - 5, 8);
  coin(c, x + 8, y - 7, 8);
  coin(c, x + 5, y - 2, 6);
  c.sprite(CHEST, { k: P.night, w: P.woodL, W: P.wood, g: P.gold, G: P.goldD }, x, y);
  c.rect(x + 2, y + 1, 12, 1, P.gold);
}

export function fishShots() {
  const shots = [];
  // 1: casting at dusk
  shots.push([
    'casting from the pier at dusk, the line arcing over the water',
    fishScene({
      theme: 'dusk',
      seed: 201,
      score: 420,
      time: '02:58',
      day: 1,
      moon: [236, 24, 24],
      line: { end: [222, 44], ctrl: [190, -12], bobber: true },
      fish: [
        ['coin', 146, 116],
        ['sat', 228, 100],
        ['sat', 250, 108],
        ['sat2', 96, 150],
        ['bolt', 236, 140, true],
      ],
      tension: null,
      extra: (c) => {
        for (let k = 0; k < 4; k++) c.set(230 + k * 4, 48 + k * 6, P.mist);
      },
      bottomRight: (c) => {
        c.text('POWER', 6, 188, P.white, { font: F3 });
        for (let k = 0; k < 12; k++) c.rect(30 + k * 8, 186, 6, 9, k < 9 ? mix(P.green, P.red, k / 11) : P.indigo);
        c.text('CAST!', 140, 187, P.gold);
      },
    }),
  ]);
  // 2: a bite
  shots.push([
    'a coin fish bites the hook, the bobber splashes and the tension meter wakes up',
    fishScene({
      theme: 'night',
      seed: 202,
      score: 2100,
      time: '02:13',
      day: 2,
      moon: [40, 22, 24],
      line: { end: [204, 87], hook: [210, 124], sag: 3 },
      fish: [
        ['coin', 207, 118, true],
        ['sat', 108, 140],
        ['sat', 128, 148],
        ['sat', 122, 130],
        ['bolt', 258, 100],
        ['sat2', 280, 160, true],
      ],
      tension: 0.42,
      extra: (c) => {
        splash(c, 204, 86);
        c.rrect(196, 56, 16, 16, P.gold, 2, P.goldDD);
        c.text('!', 203, 60, P.night);
        pop(c, 'BITE!', 216, 62, P.gold);
      },
      bottomRight: (c) => {
        c.text('HOLD TO REEL', 214, 188, P.cyan, { font: F3 });
      },
    }),
  ]);
  // 3: whale fight
  shots.push([
    'fighting a huge whale on the line with the tension meter in the red',
    fishScene({
      theme: 'storm',
      seed: 203,
      score: 8350,
      time: '01:37',
      day: 3,
      moon: [276, 22, 22],
      tip: [168, 30],
      line: { end: [266, 87], ctrl: [220, 52], hook: [278, 144], sag: -2, bobber: false },
      fish: [
        ['whale', 148, 108],
        ['sat', 40, 160],
        ['sat2', 22, 140],
      ],
      tension: 0.88,
      extra: (c) => {
        splash(c, 266, 86, true);
        const r = rng(77);
        for (let k = 0; k < 36; k++) {
          const x = Math.floor(r() * 320),
            y = 18 + Math.floor(r() * 64);
          c.set(x, y, '#3b4680');
          c.set(x - 1, y + 1, '#3b4680');
          c.set(x - 2, y + 2, '#2c3466');
        }
        c.line(120, 18, 112, 34, P.goldL);
        c.line(112, 34, 118, 36, P.goldL);
        c.line(118, 36, 108, 54, P.goldL);
        c.text('WHALE!', 150, 96, P.white, { shadow: P.night });
        pop(c, 'REEL! REEL!', 196, 30, P.red);
      },
      bottomRight: (c) => {
        c.text('LINE 34M !!', 214, 188, P.red, { font: F3 });
      },
    }),
  ]);
  // 4: catch popup
  shots.push([
    'the catch popup: a lightning fish with a three-star rating',
    fishScene({
      theme: 'night',
      seed: 204,
      score: 12640,
      time: '01:02',
      day: 3,
      moon: [250, 26, 26],
      line: { end: [170, 87], hook: [172, 106] },
      fish: [
        ['sat', 60, 150],
        ['coin', 250, 136, true],
      ],
      tension: 0.2,
      overlay: (c, { W }) => {
        tint(c, P.night, 0.5, 0, 16, W, 168);
        const bx = 80,
          by = 30,
          bw = 160,
          bh = 130;
        c.rrect(bx + 3, by + 3, bw, bh, P.night, 4);
        c.rrect(bx, by, bw, bh, P.navy, 4, P.cyan);
        c.rrect(bx + 2, by + 2, bw - 4, bh - 4, P.navy, 3, P.cyanDD);
        c.ctext('NICE CATCH!', W / 2, by + 8, P.gold, { shadow: P.orangeDD });
        for (let k = 0; k < 12; k++) {
          const a = (k / 12) * Math.PI * 2;
          c.line(
            160 + Math.round(Math.cos(a) * 26),
            70 + Math.round(Math.sin(a) * 16),
            160 + Math.round(Math.cos(a) * 40),
            70 + Math.round(Math.sin(a) * 24),
            P.indigo,
          );
        }
        c.paste(boltFish(), 138, 60, { s: 2 });
        c.ctext('LIGHTNING FISH', W / 2, by + 70, P.cyan, { font: F3 });
        starRow(c, 138, by + 80, 3);
        c.ctext('+1,337 SATS', W / 2, by + 94, P.orange);
        c.rrect(bx + 38, by + 110, 84, 13, P.green, 2, P.greenDD);
        c.ctext('KEEP FISHING', W / 2, by + 114, P.night, { font: F3 });
      },
    }),
  ]);
  // 5: midnight school of fish, golden coin fish
  shots.push([
    'midnight: a school of sat fish, lightning fish and a rare golden coin fish near a sunken chest',
    fishScene({
      theme: 'night',
      seed: 205,
      score: 21000,
      time: '00:21',
      day: 4,
      moon: [150, 20, 30],
      line: { end: [214, 87], hook: [206, 140], sag: 5 },
      fish: [
        ['sat', 116, 100],
        ['sat', 136, 96],
        ['sat', 156, 102],
        ['sat', 126, 112],
        ['sat', 146, 116],
        ['sat', 166, 92],
        ['sat', 170, 110],
        ['bolt', 250, 100, true],
        ['bolt', 268, 122, true],
        ['gold', 202, 134, true],
        ['sat2', 40, 150],
      ],
      tension: 0.6,
      extra: (c) => {
        chest(c, 270, 160);
        for (const [x, y] of [
          [200, 130],
          [246, 140],
          [236, 164],
          [214, 166],
        ]) {
          c.set(x, y, P.goldL);
          c.set(x + 1, y - 1, P.gold);
          c.set(x - 1, y - 1, P.gold);
        }
        pop(c, 'RARE!', 244, 150, P.gold);
        pop(c, 'COMBO x3', 120, 128, P.green);
      },
      bottomRight: (c) => {
        starRow(c, 256, 187, 4);
      },
    }),
  ]);
  return shots;
}

export function fishLogo() {
  const c = new Canvas(64, 64);
  c.rrect(0, 0, 64, 64, '#0f204d', 4, P.cyanDD);
  c.map(
    (col, x, y) =>
      col !== '#0f204d'
        ? col
        : y < 20
          ? '#17123a'
          : y < 22
            ? '#3d63b8'
            : y < 34
              ? '#1d3a7a'
              : y < 48
                ? '#13285e'
                : '#0b173a',
    1,
    1,
    62,
    62,
  );
  const r = rng(9);
  for (let k = 0; k < 10; k++) c.set(4 + Math.floor(r() * 56), 3 + Math.floor(r() * 14), k % 3 ? P.lav : P.white);
  coin(c, 44, 4, 12, { rim: '#c98a3a', body: '#ffd9a0', hi: '#fff0d8', sh: '#f0c080', mark: '#d9a060' });
  for (let k = 0; k < 6; k++) c.rect(6 + k * 10 + (k % 2) * 3, 25 + (k % 3) * 5, 5, 1, '#4f78c8');
  // coin fish biting the hook (scaled)
  c.paste(coinFish(false, true), 18, 30, { s: 2 });
  c.rect(17, 1, 1, 32, P.mist);
  const hk = new Canvas(12, 20);
  hk.sprite(
    spr(`
    .ww.
    w..w
    .ww.
    .w..
    .w..
    .w.w
    .w.w
    ..w.
  `),
    { w: P.white },
    1,
    1,
    { s: 2 },
  );
  hk.outline(P.night);
  c.paste(hk, 13, 31);
  for (const [x, y] of [
    [10, 34],
    [8, 29],
    [12, 25],
  ])
    c.rect(x, y, 2, 2, '#8fb0f0');
  // rounded corners
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
  return c;
}
