// Site brand art: emblem, wordmark, trophy.
import { P, Canvas, spr } from './lib.mjs';
import { coin } from './sprites.mjs';

const BTC_BIG = spr(`
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

export function emblem() {
  const c = new Canvas(32, 32);
  const K = P.night;
  // marquee
  c.rect(5, 0, 22, 7, K);
  c.rect(6, 1, 20, 5, P.pink);
  c.rect(6, 1, 20, 1, '#ff8cbf');
  c.rect(6, 5, 20, 1, P.pinkD);
  for (let x = 7; x < 25; x += 4) {
    c.set(x, 3, P.gold);
    c.set(x + 2, 3, P.white);
  }
  // cabinet upper body
  c.rect(5, 6, 22, 16, K);
  c.rect(6, 7, 20, 14, P.violet);
  c.rect(6, 7, 1, 14, P.lav);
  c.rect(25, 7, 1, 14, P.indigo);
  // screen
  c.rect(8, 8, 16, 13, K);
  c.rect(9, 9, 14, 11, '#1d1552');
  for (let y = 10; y < 20; y += 2) c.rect(9, y, 14, 1, '#231a60');
  c.rect(9, 9, 14, 1, '#2c2274');
  c.sprite(BTC_BIG, { '#': P.orangeDD }, 13, 11);
  c.sprite(BTC_BIG, { '#': P.orange }, 12, 10);
  c.set(13, 11, P.goldL);
  c.set(14, 11, P.orangeL);
  // control panel
  c.rect(3, 21, 26, 4, K);
  c.rect(4, 21, 24, 1, P.lav);
  c.rect(4, 22, 24, 2, P.purple);
  c.rect(4, 24, 24, 0, P.indigo);
  // joystick (ball top, in front of the cabinet)
  c.sprite(
    spr(`
    .kkk.
    kwrrk
    krrrk
    kdddk
    .kkk.
    ..s..
    ..s..
  `),
    { k: K, w: '#ff9aa5', r: P.red, d: P.redD, s: P.grey },
    3,
    14,
  );
  // buttons
  c.rect(16, 21, 2, 1, P.green);
  c.rect(19, 21, 2, 1, P.cyan);
  c.rect(22, 21, 2, 1, P.gold);
  // lower body
  c.rect(5, 25, 22, 7, K);
  c.rect(6, 25, 20, 6, P.purple);
  c.rect(6, 25, 1, 6, P.violet);
  c.rect(25, 25, 1, 6, P.indigo);
  // coin door
  c.rect(12, 26, 8, 4, K);
  c.rect(13, 27, 2, 2, P.orange);
  c.rect(17, 27, 2, 2, P.orange);
  c.set(13, 27, P.goldL);
  c.set(17, 27, P.goldL);
  return c;
}

/** Emblem variant with a Bitcoin coin leaning on the cabinet. */
export function emblemCoin() {
  const c = new Canvas(32, 32);
  c.paste(emblem(), -2, 0);
  c.disc(18, 18, 14, P.night);
  coin(c, 19, 19, 12);
  return c;
}

// Bold 8x12 letters for the wordmark.
const WM = {
  S: '.#######|########|##......|##......|##......|#######.|.#######|......##|......##|......##|########|#######.',
  A: '.######.|########|##....##|##....##|##....##|########|########|##....##|##....##|##....##|##....##|##....##',
  T: '########|########|...##...|...##...|...##...|...##...|...##...|...##...|...##...|...##...|...##...|...##...',
  R: '#######.|########|##....##|##....##|##....##|########|#######.|##...##.|##....##|##....##|##....##|##....##',
  C: '.#######|########|##......|##......|##......|##......|##......|##......|##......|##......|########|.#######',
  D: '#######.|########|##....##|##....##|##....##|##....##|##....##|##....##|##....##|##....##|########|#######.',
  E: '########|########|##......|##......|##......|######..|######..|##......|##......|##......|########|########',
};
export function wordText(c, str, x, y, colorAt) {
  let cx = x;
  for (const ch of str) {
    if (ch === ' ') {
      cx += 4;
      continue;
    }
    WM[ch].split('|').forEach((row, j) => {
      for (let i = 0; i < 8; i++) if (row[i] === '#') c.set(cx + i, y + j, colorAt(j, i));
    });
    cx += 10;
  }
  return cx - x - 2;
}

export function wordmark() {
  const c = new Canvas(120, 16);
  const str = 'SATS ARCADE';
  const w = 4 * 10 + 4 + 6 * 10 - 2; // 102
  const x = Math.floor((120 - w - 2) / 2),
    y = 1;
  wordText(c, str, x + 2, y + 2, () => P.orangeDD);
  wordText(c, str, x + 1, y + 1, () => '#a34a07');
  wordText(c, str, x, y, (j) => (j < 2 ? P.gold : j < 5 ? P.orangeL : j < 10 ? P.orange : '#e07c10'));
  return c;
}

export function trophy() {
  const c = new Canvas(32, 32);
  const K = '#2a1a05';
  const T = spr(`
    ....kkkkkkkkkkkkkkkkkkkkkk......
    ....kLLLLLLLLLLLLLLLLLLLLk......
    .kkkkLggggggggggggggggggDkkkk...
    kGGGkLgggggggggggggggggDDkGGGk..
    kGkkkLgggggggggggggggggDDkkkGk..
    kGk.kLgggggggggggggggggDDk.kGk..
    kGk.kLgggggggggggggggggDDk.kGk..
    kGk.kLgggggggggggggggggDDk.kGk..
    .kGkkLgggggggggggggggggDDkkGk...
    ..kGGkLggggggggggggggggDkGGk....
    ...kkkLggggggggggggggggDkkk.....
    ......kLggggggggggggggDk........
    .......kLgggggggggggggDk........
    ........kkLgggggggggDkk.........
    ..........kkLggggggDk...........
    ............kLgggDk.............
    ............kLgggDk.............
    ............kLgggDk.............
    ...........kLggggDDk............
    ..........kLgggggggDk...........
    ........kkkkkkkkkkkkkkk.........
    ........kpppppppppppppk.........
    ........kpPPPPPPPPPPPpk.........
    ........kpPyyyyyyyyyPpk.........
    ........kpPPPPPPPPPPPpk.........
    ........kpppppppppppppk.........
    .......kkkkkkkkkkkkkkkkk........
    .......kiiiiiiiiiiiiiiik........
    .......kkkkkkkkkkkkkkkkk........
  `);
  c.sprite(
    T,
    { k: K, L: P.goldL, g: P.gold, D: P.goldD, G: P.goldD, p: P.purple, P: P.violet, y: P.gold, i: P.indigo },
    1,
    2,
  );
  c.rect(8, 5, 1, 8, P.goldL);
  c.rect(9, 4, 1, 2, P.white);
  c.text('₿', 14, 6, P.goldD);
  c.text('₿', 13, 5, '#fff3b0');
  return c;
}
