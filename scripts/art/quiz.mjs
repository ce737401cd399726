// Mr Quiz: quiz-show game art.
import { P, Canvas, spr } from './lib.mjs';

const cache = new Map();
const once = (key, fn) => {
  if (!cache.has(key)) cache.set(key, fn());
  return cache.get(key);
};
const INK = '#120c26';

/** Mr Quiz himself: top hat, monocle, curly moustache, bow tie. 24 x 34. mood: 'happy' | 'shock' */
export function host(mood = 'happy') {
  return once('host' + mood, () => {
    const c = new Canvas(26, 36);
    const hat = '#2c2350',
      hatHi = '#4a3d8a';
    // suit + shirt
    c.rect(5, 25, 16, 11, P.violet);
    c.rect(5, 25, 2, 11, P.lav);
    c.sprite(
      spr(`
      ww....ww
      .www.www
      ..wwwww.
      ...www..
      ....w...
    `).map((r) => r.padEnd(8, '.')),
      { w: P.white },
      9,
      25,
    );
    c.rect(8, 25, 1, 6, P.purple);
    c.rect(17, 25, 1, 6, P.purple);
    // bow tie
    c.sprite(
      spr(`
      pp...pp
      pppPppp
      pp...pp
    `),
      { p: P.pink, P: P.pinkD },
      9,
      24,
    );
    // head
    c.ell(5, 9, 16, 17, P.skin);
    c.rect(4, 16, 2, 4, P.skinD);
    c.rect(20, 16, 2, 4, P.skinD);
    c.rect(7, 22, 12, 2, P.skinD);
    // eyes
    if (mood === 'shock') {
      c.rect(8, 14, 3, 3, P.white);
      c.rect(9, 15, 1, 1, INK);
    } else {
      c.rect(8, 15, 3, 1, INK);
      c.rect(8, 14, 1, 1, INK);
      c.rect(10, 14, 1, 1, INK);
      c.set(9, 16, P.skin);
      c.rect(8, 15, 3, 1, INK);
      c.set(9, 14, INK);
      c.set(8, 15, INK);
      c.set(10, 15, INK);
      c.set(9, 15, P.skin);
      c.set(8, 14, P.skin);
      c.set(10, 14, P.skin);
      c.set(8, 16, P.skin);
      c.set(10, 16, P.skin);
    }
    // monocle on the right eye
    c.ell(13, 12, 7, 7, P.gold);
    c.ell(14, 13, 5, 5, '#cde9f6');
    c.rect(15, 14, 2, 2, INK);
    c.set(15, 14, P.white);
    c.line(19, 17, 21, 24, P.goldD);
    // nose + moustache
    c.rect(12, 17, 3, 2, P.skinD);
    c.sprite(
      spr(`
      m............m
      mm..mmmmmm..mm
      .mmmmmmmmmmmm.
      ..mmmm..mmmm..
    `),
      { m: '#5a3a2a' },
      6,
      18,
    );
    if (mood === 'shock') c.ell(11, 22, 4, 3, INK);
    else c.rect(11, 22, 4, 1, P.pinkDD);
    // rosy cheeks
    c.set(7, 19, '#ff9f9f');
    c.set(19, 19, '#ff9f9f');
    // top hat
    c.rect(7, 0, 12, 9, hat);
    c.rect(16, 0, 2, 9, hatHi);
    c.rect(7, 6, 12, 2, P.orange);
    c.rect(11, 6, 2, 2, P.gold);
    c.rect(3, 9, 20, 2, hat);
    c.rect(3, 9, 20, 1, hatHi);
    c.outline(INK);
    return c;
  });
}

export function quizLogo() {
  const c = new Canvas(64, 64);
  c.rrect(0, 0, 64, 64, '#1b1242', 4, P.pinkD);
  // spotlight rays
  for (let y = 1; y < 63; y++) {
    const half = 8 + y * 0.35;
    c.rect(Math.round(22 - half), y, Math.round(half * 2), 1, y % 2 ? '#241a55' : '#1f1650');
  }
  // neon question mark
  const Q = spr(`
    .###.
    #...#
    ....#
    ...#.
    ..#..
    .....
    ..#..
  `);
  // the host (bust)
  c.paste(host(), -3, 10, { s: 2 });
  const q = new Canvas(64, 64);
  q.sprite(Q, { '#': P.pink }, 44, 5, { s: 3 });
  q.rect(47, 5, 6, 1, '#ffb3d4');
  q.rect(44, 8, 1, 2, '#ffb3d4');
  q.outline(P.pinkDD);
  q.outline(INK);
  c.paste(q, 0, 0);
  // keep the frame clean
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
  c.rrect(0, 0, 64, 64, undefined, 4);
  const f = new Canvas(64, 64);
  f.rrect(0, 0, 64, 64, '#000000', 4);
  c.map((col, x, y) => (f.get(x, y) == null ? null : col));
  c.outline(P.pinkD, 0, 0, 64, 64);
  return c;
}
