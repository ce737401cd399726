// Fishing for Sats!: pier-at-night fishing game art.
import { P, Canvas, spr, F3, rng, dither, mix, xform } from './lib.mjs';
import { coin, stars, bands, skyline } from './sprites.mjs';

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
