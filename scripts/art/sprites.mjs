// Shared sprites and scene helpers.
import { P, Canvas, spr, inEll, F3, F5, pattern } from './lib.mjs';

/** A Bitcoin coin of diameter d (w < d squeezes it as if spinning). */
const coinCache = new Map();
export function coin(cv, x, y, d, opts = {}) {
  const key = 'coin' + JSON.stringify([d, opts]);
  if (!coinCache.has(key)) coinCache.set(key, drawCoin(new Canvas(d, d), 0, 0, d, opts));
  return cv.stamp(key, coinCache.get(key), x, y);
}
function drawCoin(
  cv,
  x,
  y,
  d,
  { w = d, rim = P.orangeD, body = P.orange, hi = P.orangeL, sh = '#dc7a0e', mark = null } = {},
) {
  const ox = x + Math.floor((d - w) / 2);
  for (let j = 0; j < d; j++) for (let i = 0; i < w; i++) if (inEll(i, j, w, d)) cv.set(ox + i, y + j, rim);
  const iw = Math.max(1, w - 2),
    ih = d - 2;
  const inside = (i, j) => i >= 0 && j >= 0 && i < iw && j < ih && inEll(i, j, iw, ih);
  for (let j = 0; j < ih; j++)
    for (let i = 0; i < iw; i++) {
      if (!inside(i, j)) continue;
      let c = body;
      if (!inside(i - 1, j) || !inside(i, j - 1)) c = hi;
      else if (!inside(i + 1, j) || !inside(i, j + 1)) c = sh;
      cv.set(ox + 1 + i, y + 1 + j, c);
    }
  if (w >= d - 1) {
    if (d >= 12) {
      const gx = ox + Math.floor((w - 5) / 2),
        gy = y + Math.floor((d - 7) / 2);
      cv.text('₿', gx + 1, gy + 1, mark || rim);
      cv.text('₿', gx, gy, mark ? mark : '#fff3dc');
    } else if (d >= 8) {
      cv.text('₿', ox + Math.floor((w - 4) / 2), y + Math.floor((d - 5) / 2), mark || P.orangeDD, { font: F3 });
    } else if (d >= 5) {
      cv.rect(ox + Math.floor(w / 2) - 1, y + 2, 1, d - 4, mark || P.orangeD);
    }
  } else if (w >= 3) {
    cv.rect(ox + Math.floor(w / 2), y + 2, 1, d - 4, P.orangeL);
  }
  return cv;
}

// Flappy hero bird (Bitcoin orange), built from shapes and auto-outlined. 20 x 15.
const birdCache = new Map();
export function birdCanvas({ up = false, body = P.orange, light = '#ffc46b', dark = P.orangeD, ink = '#2a0f1e' } = {}) {
  const key = JSON.stringify([up, body]);
  if (birdCache.has(key)) return birdCache.get(key);
  const c = new Canvas(20, 15);
  c.ell(2, 1, 15, 13, body);
  c.map((col, x, y) => (col !== body ? col : y <= 3 ? light : y >= 11 ? dark : col));
  c.set(5, 3, P.white);
  c.set(6, 2, P.white);
  // eye
  c.ell(10, 0, 8, 8, ink);
  c.ell(11, 1, 6, 6, P.white);
  c.rect(14, 3, 2, 2, ink);
  // beak
  c.rect(11, 7, 8, 6, ink);
  c.rect(12, 8, 6, 2, P.gold);
  c.rect(12, 8, 6, 1, '#ffe98a');
  c.set(18, 7, null);
  c.set(18, 12, null);
  c.rect(12, 11, 5, 1, '#ff6a3d');
  c.rect(17, 11, 1, 1, ink);
  // wing
  const wy = up ? 2 : 6;
  c.ell(0, wy, 9, 7, ink);
  c.ell(1, wy + 1, 7, 5, '#fff0d4');
  c.rect(2, wy + 4, 4, 1, '#f2c48f');
  c.outline(ink);
  birdCache.set(key, c);
  return c;
}

export function stars(cv, rand, x, y, w, h, n, colors = [P.white, P.lav, P.grey]) {
  for (let k = 0; k < n; k++) {
    const sx = x + Math.floor(rand() * w),
      sy = y + Math.floor(rand() * h);
    const c = colors[Math.floor(rand() * colors.length)];
    cv.set(sx, sy, c);
    if (rand() < 0.08) {
      cv.set(sx - 1, sy, P.greyD);
      cv.set(sx + 1, sy, P.greyD);
      cv.set(sx, sy - 1, P.greyD);
      cv.set(sx, sy + 1, P.greyD);
    }
  }
}

/** Horizontal colour bands with dithered seams: stops = [[y, colour], ...]. */
export function bands(cv, x, w, stops, dith) {
  for (let k = 0; k < stops.length - 1; k++) {
    const [y0, c0] = stops[k],
      [y1] = stops[k + 1];
    cv.rect(x, y0, w, y1 - y0, c0);
    if (dith && k > 0) cv.rect(x, y0, w, 2, dith(stops[k - 1][1], c0));
  }
}

/** Pixel heart (7x6). */
export const HEART = spr(`
  .hh.hh.
  hwhhhhh
  hhhhhhh
  .hhhhh.
  ..hhh..
  ...h...
`);

/** Small star (5x5) for ratings. */
export const STAR = spr(`
  ..s..
  .sss.
  sssss
  .sss.
  .s.s.
`);
export const STAR7 = spr(`
  ...s...
  ...s...
  .sssss.
  sssssss
  .sssss.
  .ss.ss.
  .s...s.
`);

/** Lightning bolt 5x8. */
export const BOLT = spr(`
  ..yy.
  .yy..
  yy...
  yyyy.
  ..yy.
  .yy..
  yy...
  y....
`);

/** A rounded-square tile background (for logos and avatars). */
export function tile(cv, c, border, r = 3) {
  cv.rrect(0, 0, cv.w, cv.h, c, r, border);
}

/** Pixel-art city skyline strip. */
export function skyline(
  cv,
  rand,
  y0,
  h,
  { body, edge, win, wins = 0.25, minW = 8, maxW = 22, minH = 10, x0 = 0, x1 = cv.w, antenna = true } = {},
) {
  let x = x0 - Math.floor(rand() * 10);
  while (x < x1) {
    const bw = minW + Math.floor(rand() * (maxW - minW));
    const bh = minH + Math.floor(rand() * (h - minH));
    const top = y0 + h - bh;
    cv.rect(x, top, bw, bh, body);
    if (edge) cv.rect(x, top, bw, 1, edge);
    if (antenna && rand() < 0.3) {
      const ax = x + 2 + Math.floor(rand() * (bw - 4));
      cv.rect(ax, top - 4, 1, 4, body);
      cv.set(ax, top - 5, P.pink);
    }
    if (win) {
      // lit window spans use a 1-in-3 column pattern so each span is a single rectangle
      const wp = pattern(3, 1, [
        [body, [[0, 0, 3, 1]]],
        [win, [[0, 0, 1, 1]]],
      ]);
      const first = x + 2 + ((3 - ((x + 2) % 3)) % 3);
      const cols = Math.floor((x + bw - 2 - first) / 3);
      for (let wy = top + 3; wy < y0 + h - 2; wy += 4) {
        if (cols < 1 || rand() > wins * 2.2) continue;
        const a = Math.floor(rand() * cols),
          n = 1 + Math.floor(rand() * (cols - a));
        cv.rect(first + a * 3, wy, n * 3 - 2, 2, wp);
      }
    }
    x += bw + (rand() < 0.3 ? 1 + Math.floor(rand() * 3) : 0);
  }
}

export { P, Canvas, spr, F3, F5 };
