// Mr Quiz: quiz-show game art.
import { P, Canvas, spr, F3, F5, rng, dither, mix } from './lib.mjs';
import { coin, STAR7, BOLT } from './sprites.mjs';

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

/** The question-mark cane. 8 x 24. */
const CANE = spr(`
  .gggg.
  gGGGGg
  gG..Gg
  ....Gg
  ...GGg
  ..GGg.
  ..Gg..
  ..Gg..
  ..Gg..
  ..Gg..
  ..Gg..
  ..Gg..
  ..Gg..
  ..Gg..
  ..Gg..
  ..Gg..
  ..Gg..
  ..kk..
`);
const canePal = { g: P.goldD, G: P.gold, k: INK };

function textLines(c, x, y, w, n, col, r, gap = 5) {
  for (let l = 0; l < n; l++) {
    const lw = l === n - 1 ? Math.round(w * (0.35 + r() * 0.35)) : w;
    let cx = x;
    while (cx < x + lw - 4) {
      const ww = Math.min(4 + Math.floor(r() * 14), x + lw - cx);
      c.rect(cx, y + l * gap, ww, 2, col);
      cx += ww + 3;
    }
  }
}

const ANS = [
  ['A', P.pink, P.pinkD, P.pinkDD],
  ['B', P.cyan, P.cyanD, P.cyanDD],
  ['C', P.gold, P.goldD, P.goldDD],
  ['D', P.green, P.greenD, P.greenDD],
];

function answerBox(c, x, y, w, h, k, state, r) {
  const [L, col, mid, dark] = ANS[k];
  const bg = state === 'right' ? '#0f4a33' : state === 'wrong' ? '#4a0f26' : state === 'dim' ? '#161133' : P.navy;
  const border =
    state === 'right'
      ? P.green
      : state === 'wrong'
        ? P.red
        : state === 'picked'
          ? P.white
          : state === 'dim'
            ? P.indigo
            : mid;
  c.rrect(x, y + 2, w, h, INK, 3);
  c.rrect(x, y, w, h, bg, 3, border);
  if (state === 'right' || state === 'wrong' || state === 'picked')
    c.rrect(x + 1, y + 1, w - 2, h - 2, null, 3, border);
  // letter badge
  c.rrect(
    x + 4,
    y + Math.floor(h / 2) - 7,
    15,
    14,
    state === 'dim' ? P.indigo : col,
    2,
    state === 'dim' ? P.purple : dark,
  );
  c.text(L, x + 9, y + Math.floor(h / 2) - 4, state === 'dim' ? P.greyD : INK);
  textLines(c, x + 24, y + Math.floor(h / 2) - 4, w - 34, 2, state === 'dim' ? P.greyDD : P.grey, r, 6);
  if (state === 'right')
    c.sprite(
      spr(`
    ......gg
    .....ggg
    gg..ggg.
    ggggg...
    .ggg....
  `),
      { g: P.green },
      x + w - 13,
      y + 3,
    );
  if (state === 'wrong')
    c.sprite(
      spr(`
    rr...rr
    .rr.rr.
    ..rrr..
    .rr.rr.
    rr...rr
  `),
      { r: P.red },
      x + w - 12,
      y + 3,
    );
}

function chip(c, x, y, label, col, active) {
  const w = c.tw(label, { font: F3 }) + 10;
  c.rrect(x, y, w, 11, active ? col : P.navy, 3, active ? mix(col, '#ffffff', 0.4) : mix(col, P.navy, 0.4));
  c.text(label, x + 5, y + 3, active ? INK : col, { font: F3 });
  return w;
}

const FLAME = spr(`
  ...r...
  ..rr...
  ..rry..
  .rryyr.
  .ryyyr.
  rryWyrr
  ryyWWyr
  .ryyyr.
`);

function stage(c, r, { W, H }) {
  // backdrop
  c.rect(0, 0, W, H, '#140e30');
  for (let x = 0; x < W; x += 16) c.rect(x, 16, 1, 130, '#1a1340');
  // neon ring behind the host
  c.ell(8, 40, 76, 76, P.pinkD);
  c.ell(10, 42, 72, 72, '#140e30');
  c.ell(12, 44, 68, 68, '#1b1242');
  // spotlights
  for (const [x0, col] of [[46, '#2b2160']]) {
    for (let y = 16; y < 170; y += 4) {
      const half = 6 + (y - 16) * 0.22;
      c.rect(Math.round(x0 - half), y, Math.round(half) * 2, 4, dither('#140e30', col));
    }
  }
  // curtains
  for (const side of [0, 1]) {
    for (let i = 0; i < 12; i++) {
      const x = side ? W - 12 + i : i,
        shade = i % 4 < 2 ? P.pinkD : P.pinkDD;
      c.rect(x, 16, 1, 154, shade);
    }
  }
  // valance
  c.rect(0, 16, W, 6, P.pinkDD);
  for (let x = 0; x < W; x += 12) {
    c.ell(x, 18, 12, 8, P.pinkD);
    c.rect(x + 2, 19, 8, 1, P.pink);
  }
  for (let x = 6; x < W; x += 12) c.set(x, 25, P.gold);
  // floor
  c.rect(0, 170, W, H - 170, '#0f0a24');
  c.rect(0, 170, W, 1, P.pink);
  for (let x = 4; x < W; x += 20) c.rect(x, 172, 10, 1, '#2a1d55');
  for (let x = 14; x < W; x += 20) c.rect(x, 176, 10, 1, '#221848');
  // audience heads
  for (let x = -4; x < W; x += 13) {
    const hy = 188 + ((x * 7) % 5);
    c.ell(x + Math.floor(r() * 3), hy, 11, 12, '#0a0718');
  }
}

function hud(c, { q, of, score, W, topic, streak }) {
  c.rect(0, 0, W, 16, INK);
  c.rect(0, 15, W, 1, P.pinkD);
  c.text(`Q${q}/${of}`, 6, 4, P.white, { shadow: P.purple });
  let x = 58;
  for (const [label, col] of [
    ['BITCOIN', P.orange],
    ['MINING', P.cyan],
    ['HISTORY', P.gold],
    ['LIGHTNING', P.green],
  ])
    x += chip(c, x, 2, label, col, label === topic) + 3;
  c.sprite(FLAME, { r: P.orange, y: P.gold, W: P.white }, 240, 3);
  c.text(`x${streak}`, 250, 4, streak ? P.orange : P.greyD);
  const sc = String(score).padStart(5, '0');
  c.text(sc, W - 6 - c.tw(sc), 4, P.gold, { shadow: P.goldDD });
}

function timer(c, x, y, w, t) {
  c.sprite(
    spr(`
    .kkk.
    k.k.k
    k.kkk
    k...k
    .kkk.
  `),
    { k: P.white },
    x,
    y,
  );
  const bx = x + 8,
    bw = w - 8;
  c.rrect(bx, y - 1, bw, 7, INK, 2);
  c.rect(bx + 1, y, bw - 2, 5, '#241b5c');
  const fw = Math.round((bw - 2) * t),
    col = t > 0.5 ? P.green : t > 0.25 ? P.gold : P.red;
  c.rect(bx + 1, y, fw, 5, col);
  c.rect(bx + 1, y, fw, 1, mix(col, '#ffffff', 0.5));
}

function card(c, x, y, w, h, r, { num = 3 } = {}) {
  c.rrect(x + 2, y + 3, w, h, INK, 4);
  c.rrect(x, y, w, h, '#f4f1ff', 4, P.lav);
  c.rect(x + 3, y + h - 3, w - 6, 1, '#d6d0f5');
  c.rrect(x + 6, y + 6, 22, 22, P.purple, 3, P.violet);
  c.text('?', x + 12, y + 10, P.gold, { s: 2 });
  c.text(`QUESTION ${num}`, x + 34, y + 8, P.purple, { font: F3 });
  textLines(c, x + 34, y + 17, w - 44, 3, '#3b2a85', r, 7);
}

function pop(c, str, x, y, col, s = 1) {
  c.text(str, x + s, y + s, INK, { s, font: s === 1 ? F3 : F5 });
  c.text(str, x, y, col, { s, font: s === 1 ? F3 : F5 });
}

function confetti(c, r, n, box) {
  const cols = [P.pink, P.cyan, P.gold, P.green, P.orange];
  for (let k = 0; k < n; k++) {
    const x = box[0] + Math.floor(r() * box[2]),
      y = box[1] + Math.floor(r() * box[3]);
    c.rect(x, y, 2, k % 3 ? 1 : 2, cols[k % cols.length]);
  }
}

function quizScene(o) {
  const W = 320,
    H = 200,
    r = rng(o.seed || 1);
  const c = new Canvas(W, H);
  stage(c, r, { W, H });
  // podium + host
  c.rrect(18, 128, 56, 44, P.purple, 2, P.violet);
  c.rect(20, 132, 52, 1, P.lav);
  c.rect(22, 146, 48, 10, INK);
  c.ctext('MR QUIZ', 46, 148, P.gold, { font: F3 });
  for (let x = 24; x < 70; x += 6) c.set(x, 160, k(x));
  function k(x) {
    return [P.pink, P.cyan, P.gold][((x / 6) % 3) | 0];
  }
  c.paste(host(o.mood || 'happy'), 20, 60, { s: 2 });
  c.sprite(CANE, canePal, 66, 92, { s: 2 });
  if (o.scene) o.scene(c, r, { W, H });
  hud(c, { q: o.q ?? 3, of: 10, score: o.score ?? 0, W, topic: o.topic || 'BITCOIN', streak: o.streak ?? 0 });
  if (o.timer != null) timer(c, 92, 21, 220, o.timer);
  if (o.overlay) o.overlay(c, r, { W, H });
  return c;
}

function questionLayout(states, extra) {
  return (c, r) => {
    card(c, 92, 32, 220, 54, r, { num: extra?.num ?? 3 });
    const bw = 108,
      bh = 32;
    for (let k = 0; k < 4; k++)
      answerBox(c, 92 + (k % 2) * (bw + 4), 94 + Math.floor(k / 2) * (bh + 6), bw, bh, k, states[k], r);
  };
}

export function quizShots() {
  const shots = [];
  shots.push([
    'a new question card with four answer boxes while the timer runs',
    quizScene({
      seed: 301,
      q: 3,
      score: 250,
      streak: 2,
      timer: 0.8,
      topic: 'BITCOIN',
      scene: questionLayout(['idle', 'idle', 'idle', 'idle']),
      overlay: (c) => {
        c.rect(228, 176, 84, 16, INK);
        c.text('PICK ONE', 236, 180, P.cyan, { font: F3 });
        c.text('A-D', 282, 180, P.white, { font: F3 });
      },
    }),
  ]);
  shots.push([
    'a correct answer lights up green, the streak climbs to five',
    quizScene({
      seed: 302,
      q: 5,
      score: 720,
      streak: 5,
      timer: 0.55,
      topic: 'MINING',
      scene: questionLayout(['dim', 'right', 'dim', 'dim'], { num: 5 }),
      overlay: (c, r) => {
        confetti(c, r, 30, [14, 24, 76, 60]);
        pop(c, '+150', 228, 174, P.green, 2);
        pop(c, 'STREAK x5!', 120, 177, P.orange);
        c.rrect(206, 80, 62, 12, P.green, 2, P.greenDD);
        c.ctext('CORRECT!', 237, 83, INK, { font: F3 });
      },
    }),
  ]);
  shots.push([
    'a wrong answer flashes red while the right one is revealed',
    quizScene({
      seed: 303,
      q: 6,
      score: 720,
      streak: 0,
      timer: 0.2,
      topic: 'HISTORY',
      mood: 'shock',
      scene: questionLayout(['right', 'dim', 'wrong', 'dim'], { num: 6 }),
      overlay: (c) => {
        pop(c, 'OUCH!', 122, 174, P.red, 2);
        pop(c, 'STREAK LOST', 200, 177, P.pink);
        c.sprite(
          spr(`
        .ww.
        w..w
        ...w
        ..w.
        .w..
        ....
        .w..
      `),
          { w: P.white },
          70,
          52,
          { s: 2 },
        );
      },
    }),
  ]);
  shots.push([
    'the topic picker with chips for Bitcoin, mining, history, lightning and more',
    quizScene({
      seed: 304,
      q: 1,
      score: 0,
      streak: 0,
      timer: null,
      topic: 'NONE',
      scene: (c) => {
        c.rrect(92, 24, 220, 148, '#1b1242', 4, P.violet);
        c.ctext('PICK A TOPIC', 202, 32, P.gold, { shadow: P.orangeDD });
        const topics = [
          ['BITCOIN', P.orange, 'coin'],
          ['MINING', P.cyan, 'pick'],
          ['HISTORY', P.gold, 'scroll'],
          ['LIGHTNING', P.green, 'bolt'],
          ['KEYS', P.pink, 'key'],
          ['ECONOMY', P.lav, 'chart'],
        ];
        topics.forEach(([label, col, icon], i) => {
          const x = 100 + (i % 3) * 70,
            y = 46 + Math.floor(i / 3) * 60,
            sel = i === 3;
          c.rrect(x, y + 2, 64, 52, INK, 3);
          c.rrect(x, y, 64, 52, sel ? mix(col, P.navy, 0.7) : P.navy, 3, sel ? P.white : mix(col, P.navy, 0.3));
          if (sel) c.rrect(x + 1, y + 1, 62, 50, null, 3, P.white);
          const ix = x + 24,
            iy = y + 8;
          if (icon === 'coin') coin(c, ix - 1, iy, 16);
          if (icon === 'bolt') c.sprite(BOLT, { y: P.gold }, ix + 3, iy, { s: 2 });
          if (icon === 'pick')
            c.sprite(
              spr(`
          ..cccc..
          .c.gg.c.
          c..gg..c
          ...gg...
          ...gg...
          ...gg...
          ...gg...
          ...gg...
        `),
              { c: P.cyan, g: P.woodL },
              ix,
              iy,
              { s: 2 },
            );
          if (icon === 'scroll')
            c.sprite(
              spr(`
          .yyyyyyy.
          yYYYYYYYy
          .YkkkkYY.
          .YYYYYYY.
          .YkkkkYY.
          .YkkYYYY.
          yYYYYYYYy
          .yyyyyyy.
        `),
              { y: P.goldD, Y: P.goldL, k: P.goldDD },
              ix,
              iy,
              { s: 2 },
            );
          if (icon === 'key')
            c.sprite(
              spr(`
          .ppp......
          p...p.....
          p...pppppp
          p...p..p.p
          .ppp......
        `),
              { p: P.pink },
              ix - 4,
              iy + 4,
              { s: 2 },
            );
          if (icon === 'chart') {
            for (let k = 0; k < 4; k++)
              c.rect(ix - 2 + k * 5, iy + 14 - k * 4, 4, 2 + k * 4, k === 3 ? P.green : P.lav);
          }
          c.ctext(label, x + 32, y + 38, sel ? P.white : col, { font: F3 });
        });
        c.rrect(172, 160, 60, 14, P.green, 2, P.greenDD);
        c.ctext('START', 202, 164, INK, { font: F3 });
      },
    }),
  ]);
  shots.push([
    'the results screen: 8 out of 10, a best streak and sats earned, with confetti',
    quizScene({
      seed: 305,
      q: 10,
      score: 1480,
      streak: 7,
      timer: null,
      topic: 'LIGHTNING',
      scene: (c, r) => {
        confetti(c, r, 120, [10, 20, 300, 156]);
        c.rrect(92, 24, 220, 148, '#1b1242', 4, P.gold);
        c.rrect(94, 26, 216, 144, '#1b1242', 3, P.goldDD);
        c.ctext('QUIZ COMPLETE!', 202, 34, P.gold, { shadow: P.orangeDD });
        for (let k = 0; k < 3; k++) c.sprite(STAR7, { s: P.gold }, 172 + k * 20, 50, { s: 2 });
        c.ctext('8/10', 202, 72, P.white, { s: 3, shadow: P.purple });
        const rows = [
          ['CORRECT', '8', P.green],
          ['BEST STREAK', '7', P.orange],
          ['TIME BONUS', '+230', P.cyan],
          ['SATS EARNED', '+1480', P.gold],
        ];
        rows.forEach(([a, b, col], i) => {
          const y = 102 + i * 12;
          c.text(a, 110, y, P.grey, { font: F3 });
          for (let x = 112 + c.tw(a, { font: F3 }); x < 276 - c.tw(b); x += 4) c.set(x, y + 4, P.indigo);
          c.text(b, 294 - c.tw(b), y - 1, col);
        });
        c.rrect(130, 152, 68, 13, P.green, 2, P.greenDD);
        c.ctext('PLAY AGAIN', 164, 156, INK, { font: F3 });
        c.rrect(206, 152, 68, 13, P.cyan, 2, P.cyanDD);
        c.ctext('RANKING', 240, 156, INK, { font: F3 });
      },
    }),
  ]);
  return shots;
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
