// Shared sprites and scene helpers.
import { P, Canvas, spr, inEll, F3, F5 } from './lib.mjs';

/** A Bitcoin coin of diameter d (w < d squeezes it as if spinning). */
export function coin(cv, x, y, d, { w = d, rim = P.orangeD, body = P.orange, hi = P.orangeL, sh = '#dc7a0e', mark = null } = {}) {
  const ox = x + Math.floor((d - w) / 2);
  for (let j = 0; j < d; j++) for (let i = 0; i < w; i++) if (inEll(i, j, w, d)) cv.set(ox + i, y + j, rim);
  const iw = Math.max(1, w - 2), ih = d - 2;
  const inside = (i, j) => i >= 0 && j >= 0 && i < iw && j < ih && inEll(i, j, iw, ih);
  for (let j = 0; j < ih; j++) for (let i = 0; i < iw; i++) {
    if (!inside(i, j)) continue;
    let c = body;
    if (!inside(i - 1, j) || !inside(i, j - 1)) c = hi;
    else if (!inside(i + 1, j) || !inside(i, j + 1)) c = sh;
    cv.set(ox + 1 + i, y + 1 + j, c);
  }
  if (w >= d - 1) {
    if (d >= 12) {
      const gx = ox + Math.floor((w - 5) / 2), gy = y + Math.floor((d - 7) / 2);
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

// Flappy hero bird (Bitcoin orange). 17 x 12.
export const BIRD = spr(`
  ......kkkkkk.....
  ....kkllllkwwk...
  ...klloookwwwwk..
  .kkkoooookwwwkek.
  kcccko.ookwwwkek.
  kccccko.oowwwwwk.
  kdcccdkooookkkkkk
  .kdddkookbbbbbbbk
  ..kkkookbkkkkkkk.
  ..kdoooookbbbbbk.
  ...kkddoooookkkk.
  .....kkkkkkk.....
`);
export const BIRD_WING_UP = spr(`
  ......kkkkkk.....
  ....kkllllkwwk...
  .kkklloookwwwwk..
  kccckoooookwwwkek
  kcccckooookwwwkek
  kdcccko.oowwwwwk.
  .kdddkooookkkkkkk
  ..kkkoookbbbbbbbk
  ...koooookkkkkkk.
  ...kdoooookbbbbk.
  ....kkddoooookkk.
  ......kkkkkkk....
`);
export const birdPal = (body = P.orange) => ({
  k: '#2a0f1e', o: body, l: '#ffc46b', d: P.orangeD, w: P.white, e: '#2a0f1e', c: '#fff0d4', b: P.gold,
});

export function stars(cv, rand, x, y, w, h, n, colors = [P.white, P.lav, P.grey]) {
  for (let k = 0; k < n; k++) {
    const sx = x + Math.floor(rand() * w), sy = y + Math.floor(rand() * h);
    const c = colors[Math.floor(rand() * colors.length)];
    cv.set(sx, sy, c);
    if (rand() < 0.08) { cv.set(sx - 1, sy, P.greyD); cv.set(sx + 1, sy, P.greyD); cv.set(sx, sy - 1, P.greyD); cv.set(sx, sy + 1, P.greyD); }
  }
}

/** Horizontal colour bands with dithered seams: stops = [[y, colour], ...]. */
export function bands(cv, x, w, stops, dith) {
  for (let k = 0; k < stops.length - 1; k++) {
    const [y0, c0] = stops[k], [y1] = stops[k + 1];
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
export function skyline(cv, rand, y0, h, { body, edge, win, wins = 0.25, minW = 8, maxW = 22, minH = 10, x0 = 0, x1 = cv.w, antenna = true } = {}) {
  let x = x0 - Math.floor(rand() * 10);
  while (x < x1) {
    const bw = minW + Math.floor(rand() * (maxW - minW));
    const bh = minH + Math.floor(rand() * (h - minH));
    const top = y0 + h - bh;
    cv.rect(x, top, bw, bh, body);
    if (edge) cv.rect(x, top, bw, 1, edge);
    if (antenna && rand() < 0.3) { const ax = x + 2 + Math.floor(rand() * (bw - 4)); cv.rect(ax, top - 4, 1, 4, body); cv.set(ax, top - 5, P.pink); }
    if (win) for (let wy = top + 3; wy < y0 + h - 2; wy += 4) for (let wx = x + 2; wx < x + bw - 2; wx += 3) if (rand() < wins) cv.rect(wx, wy, 1, 2, win);
    x += bw + (rand() < 0.3 ? 1 + Math.floor(rand() * 3) : 0);
  }
}

export { P, Canvas, spr, F3, F5 };
