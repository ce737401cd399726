// 32x32 avatar portraits on rounded-square tiles.
import { P, Canvas, spr, F3, mix } from './lib.mjs';
import { coin } from './sprites.mjs';

const INK = '#120c26';

function base(bg, bg2, border, hi) {
  const c = new Canvas(32, 32);
  c.rrect(0, 0, 32, 32, bg, 4, border);
  for (let y = 16; y < 31; y++)
    for (let x = 1; x < 31; x++) if (c.get(x, y) === bg) c.set(x, y, y > 23 ? bg2 : (x + y) % 2 ? bg : bg2);
  c.rect(4, 1, 24, 1, hi);
  return c;
}
function clip(c) {
  const m = new Canvas(32, 32);
  m.rrect(0, 0, 32, 32, '#000000', 4);
  c.map((col, x, y) => (m.get(x, y) == null ? null : col));
  return c;
}
function frame(c, border) {
  // redraw the tile border over anything that overflowed it
  const m = new Canvas(32, 32);
  m.rrect(0, 0, 32, 32, null, 4, border);
  for (let y = 0; y < 32; y++) for (let x = 0; x < 32; x++) if (m.get(x, y) === border) c.set(x, y, border);
  return clip(c);
}
const RING = (() => {
  const m = new Canvas(32, 32);
  m.rrect(0, 0, 32, 32, null, 4, '#000000');
  m.rect(4, 1, 24, 1, '#000000');
  m.map((c, x, y) => (c == null && (x < 1 || y < 1 || x > 30 || y > 30) ? '#000000' : c));
  return m;
})();
/** Dark outline around the character, ignoring the tile's own border ring. */
function outl(c, bgs) {
  const inRing = (x, y) => RING.get(x, y) === '#000000';
  const isBg = (x, y) => bgs.includes(c.get(x, y));
  const add = [];
  for (let y = 1; y < 31; y++)
    for (let x = 1; x < 31; x++) {
      if (inRing(x, y) || !isBg(x, y)) continue;
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ]) {
        const X = x + dx,
          Y = y + dy;
        if (!inRing(X, Y) && !isBg(X, Y) && c.get(X, Y) !== INK) {
          add.push([x, y]);
          break;
        }
      }
    }
  add.forEach(([x, y]) => c.set(x, y, INK));
}
function head(c, x, y, w, h, skin, shade) {
  c.ell(x, y, w, h, skin);
  c.rect(x + 2, y + h - 2, w - 4, 1, shade);
}

export function collector() {
  const c = base('#3b2a85', '#33247a', P.goldD, P.goldL);
  // rays
  for (let k = 0; k < 8; k++) {
    const a = (k * Math.PI) / 4 + 0.3;
    for (let t = 6; t < 22; t++) c.set(16 + Math.round(Math.cos(a) * t), 15 + Math.round(Math.sin(a) * t), '#4a3a9c');
  }
  // coins all around
  coin(c, 2, 3, 8);
  coin(c, 22, 2, 8);
  coin(c, 1, 14, 7);
  coin(c, 25, 12, 7, { w: 4 });
  // body: orange hoodie with ₿
  c.ell(5, 23, 22, 16, P.orange);
  c.rect(5, 30, 22, 2, P.orangeD);
  c.ell(13, 23, 6, 4, P.orangeD);
  c.text('₿', 14, 25, P.white, { font: F3 });
  // head
  head(c, 10, 9, 12, 14, P.skin, P.skinD);
  c.rect(10, 9, 12, 3, '#3a2418');
  c.set(10, 12, '#3a2418');
  c.set(21, 12, '#3a2418');
  // shades + grin
  c.rect(11, 14, 4, 2, INK);
  c.rect(17, 14, 4, 2, INK);
  c.rect(15, 14, 2, 1, INK);
  c.set(12, 14, P.cyan);
  c.set(18, 14, P.cyan);
  c.rect(13, 19, 6, 1, INK);
  c.rect(14, 20, 4, 1, P.white);
  // crown
  c.sprite(
    spr(`
    g..g..g..g
    gg.gg.gg.g
    gggggggggg
    gpgggcgggg
    GGGGGGGGGG
  `),
    { g: P.gold, G: P.goldD, p: P.pink, c: P.cyan },
    11,
    4,
  );
  outl(c, ['#3b2a85', '#33247a', '#4a3a9c']);
  // coins in front + sparkles
  coin(c, 23, 22, 8);
  coin(c, 2, 23, 8);
  for (const [x, y] of [
    [8, 2],
    [28, 8],
    [6, 12],
  ]) {
    c.set(x, y, P.white);
    c.set(x - 1, y, P.goldL);
    c.set(x + 1, y, P.goldL);
    c.set(x, y - 1, P.goldL);
    c.set(x, y + 1, P.goldL);
  }
  return frame(c, P.goldD);
}

function birdFace(c, body, light, dark, beak) {
  c.ell(3, 7, 26, 22, body);
  c.map((col, x, y) => (col === body && y < 11 ? light : col === body && y > 25 ? dark : col));
  // eye
  c.ell(16, 5, 11, 11, INK);
  c.ell(17, 6, 9, 9, P.white);
  c.rect(22, 9, 3, 3, INK);
  c.set(22, 9, P.white);
  // beak
  c.rect(19, 16, 12, 7, INK);
  c.rect(20, 17, 11, 2, beak);
  c.rect(20, 17, 11, 1, mix(beak, '#ffffff', 0.5));
  c.rect(20, 20, 10, 2, mix(beak, '#ff3c3c', 0.4));
  c.set(30, 16, null);
  c.set(30, 22, null);
  c.set(30, 16, c.get(29, 15));
  // wing
  c.ell(1, 14, 10, 8, INK);
  c.ell(2, 15, 8, 6, mix(light, '#ffffff', 0.5));
}

export function fiatBird() {
  const c = base('#1e3b3a', '#1a3333', '#0d2221', '#35605c');
  for (let k = 0; k < 6; k++) c.rect(4 + k * 5, 4 + (k % 2) * 3, 2, 1, '#2c5350');
  const body = '#8fae7e';
  birdFace(c, body, '#b8cfa6', '#62805a', '#c9c3a0');
  outl(c, ['#1e3b3a', '#1a3333', '#2c5350']);
  // dollar sign on the chest
  c.text('$', 13, 23, '#2f5a34');
  c.text('$', 12, 22, '#e8ffd0');
  // sweat drop (fiat is nervous)
  c.rect(28, 6, 1, 2, P.cyan);
  c.rect(27, 8, 3, 2, P.cyan);
  return frame(c, '#0d2221');
}

export function btcDuck() {
  const c = base('#241b5c', '#1e1650', P.orangeD, P.orangeL);
  for (let x = 3; x < 30; x += 6) c.rect(x, 27, 4, 1, '#2e5fa0');
  // body
  c.ell(3, 17, 24, 16, P.orange);
  c.rect(3, 29, 24, 3, P.orangeD);
  // head
  c.ell(8, 3, 17, 16, P.orange);
  c.map((col, x, y) => (col === P.orange && y < 7 ? P.orangeL : col), 0, 0, 32, 20);
  c.set(15, 2, INK);
  c.rect(15, 1, 2, 1, INK);
  c.set(17, 2, P.orange);
  // eye
  c.rect(17, 8, 3, 3, P.white);
  c.rect(18, 9, 2, 2, INK);
  // flat duck bill
  c.rect(21, 12, 9, 4, P.gold);
  c.rect(21, 12, 9, 1, P.goldL);
  c.rect(21, 15, 8, 1, P.goldD);
  c.set(29, 15, null);
  // wing
  c.ell(5, 20, 10, 8, P.orangeD);
  c.rect(7, 22, 6, 1, P.orange);
  // ₿ on chest (white)
  c.text('₿', 17, 21, P.orangeDD);
  c.text('₿', 16, 20, P.white);
  outl(c, ['#241b5c', '#1e1650', '#2e5fa0']);
  // pro medal sparkle
  c.set(27, 4, P.gold);
  c.set(26, 4, P.goldL);
  c.set(28, 4, P.goldL);
  c.set(27, 3, P.goldL);
  c.set(27, 5, P.goldL);
  return frame(c, P.orangeD);
}

export function fiatClown() {
  const c = base('#5e0c1f', '#4a0a1a', '#2a0510', P.red);
  for (let k = 0; k < 12; k++) {
    const a = (k * Math.PI) / 6;
    for (let t = 10; t < 22; t += 2)
      c.set(16 + Math.round(Math.cos(a) * t), 17 + Math.round(Math.sin(a) * t), '#7a1530');
  }
  // hair tufts
  c.ell(1, 6, 11, 12, P.green);
  c.ell(20, 6, 11, 12, P.green);
  c.ell(3, 3, 8, 8, P.cyan);
  c.ell(21, 3, 8, 8, P.cyan);
  // face
  c.ell(6, 5, 20, 24, P.white);
  c.rect(8, 26, 16, 1, '#d6d0f5');
  // hat
  c.sprite(
    spr(`
    ....y....
    ...ppp...
    ..ppppp..
    .pppPppp.
    ppppppppp
  `),
    { p: P.pink, P: P.gold, y: P.gold },
    12,
    0,
  );
  // dollar eyes
  for (const ex of [9, 18]) {
    c.rect(ex - 1, 9, 7, 9, '#cfe9d3');
    c.text('$', ex, 10, P.greenD);
  }
  // eye paint
  c.set(11, 8, P.pinkD);
  c.set(20, 8, P.pinkD);
  // red nose
  c.ell(13, 16, 6, 6, P.red);
  c.set(14, 17, '#ff9aa6');
  c.set(15, 17, '#ff9aa6');
  // big smile
  c.sprite(
    spr(`
    r..........r
    rr........rr
    .rrrrrrrrrr.
    ..rwwwwwwr..
    ...rrrrrr...
  `),
    { r: P.redD, w: P.white },
    10,
    21,
  );
  outl(c, ['#5e0c1f', '#4a0a1a', '#7a1530']);
  return frame(c, '#2a0510');
}

export function btcPlayer() {
  const c = base('#0c4a5c', '#0a3d4c', '#06242e', P.cyan);
  for (let y = 4; y < 28; y += 4) c.rect(2, y, 28, 1, '#0f5668');
  // shoulders: dark hoodie
  c.ell(4, 23, 24, 16, P.purple);
  c.rect(14, 24, 4, 8, P.violet);
  // head
  head(c, 9, 9, 14, 15, P.skin, P.skinD);
  // cap: orange with ₿, brim to the right
  c.ell(8, 4, 16, 10, P.orange);
  c.rect(8, 9, 16, 3, P.orange);
  c.rect(20, 10, 9, 2, P.orangeD);
  c.rect(8, 11, 16, 1, P.orangeD);
  c.text('₿', 13, 5, P.white, { font: F3 });
  // headphones
  c.rect(6, 13, 4, 7, P.cyan);
  c.rect(22, 13, 4, 7, P.cyan);
  c.rect(7, 14, 2, 5, P.cyanD);
  c.rect(23, 14, 2, 5, P.cyanD);
  c.rect(7, 3, 1, 10, INK);
  c.rect(24, 3, 1, 10, INK);
  c.rect(8, 2, 16, 1, INK);
  // mic
  c.line(9, 19, 13, 22, INK);
  c.rect(13, 21, 2, 2, P.pink);
  // face
  c.rect(12, 15, 2, 2, INK);
  c.rect(18, 15, 2, 2, INK);
  c.set(12, 15, P.white);
  c.set(18, 15, P.white);
  c.rect(15, 20, 3, 1, P.skinD);
  outl(c, ['#0c4a5c', '#0a3d4c', '#0f5668']);
  return frame(c, '#06242e');
}

export function defaultAvatar() {
  const c = base('#241b5c', '#201852', P.purple, P.violet);
  c.ell(5, 21, 22, 18, P.greyD);
  c.ell(10, 6, 12, 14, P.greyD);
  c.ell(11, 7, 8, 6, mix(P.greyD, P.grey, 0.35));
  c.rect(7, 28, 18, 1, mix(P.greyD, P.grey, 0.2));
  return frame(c, P.purple);
}

// ---- tournament prizes

export function laserEyes() {
  const c = base('#17123a', '#130f30', P.redD, P.red);
  // a dark block-chain skyline
  for (let x = 2; x < 30; x += 5) c.rect(x, 24 - (x % 3) * 2, 4, 8, '#241b5c');
  // shoulders: black hoodie
  c.ell(4, 23, 24, 16, P.greyDD);
  c.rect(15, 24, 2, 8, P.greyD);
  // head
  head(c, 9, 7, 14, 16, P.skin, P.skinD);
  c.rect(9, 7, 14, 3, '#3a2418');
  c.rect(9, 10, 2, 3, '#3a2418');
  c.rect(21, 10, 2, 3, '#3a2418');
  // glowing eyes
  c.rect(11, 13, 3, 2, P.red);
  c.rect(18, 13, 3, 2, P.red);
  c.set(12, 13, P.white);
  c.set(19, 13, P.white);
  // a straight mouth: unimpressed by fiat
  c.rect(14, 19, 4, 1, P.skinD);
  outl(c, ['#17123a', '#130f30', '#241b5c']);
  // the lasers, drawn over everything, out to the tile's edges
  for (let t = 0; t < 12; t++) {
    c.set(10 - t, 13 + Math.round(t / 3), P.red);
    c.set(10 - t, 14 + Math.round(t / 3), '#ff9aa6');
    c.set(21 + t, 13 + Math.round(t / 3), P.red);
    c.set(21 + t, 14 + Math.round(t / 3), '#ff9aa6');
  }
  return frame(c, P.redD);
}

export function hodlKnight() {
  const c = base('#0c3a2a', '#0a3022', P.greenDD, P.green);
  for (let k = 0; k < 5; k++) c.rect(3 + k * 6, 3 + (k % 2) * 2, 1, 1, P.goldL);
  // armour
  c.ell(4, 22, 24, 16, P.grey);
  c.rect(4, 29, 24, 3, P.greyD);
  // helmet with a visor slit and a plume
  c.ell(8, 5, 16, 18, P.grey);
  c.rect(8, 12, 16, 11, P.grey);
  c.map((col, x, y) => (col === P.grey && x > 18 && y < 23 ? P.greyD : col), 0, 0, 32, 24);
  c.rect(10, 12, 12, 2, INK);
  c.set(13, 12, P.cyan);
  c.set(19, 12, P.cyan);
  c.rect(15, 15, 2, 6, P.greyD);
  c.rect(14, 1, 4, 5, P.orange);
  c.rect(15, 0, 3, 2, P.orangeL);
  // shield with the Bitcoin sign
  c.sprite(
    spr(`
    .ooooooo.
    ooooooooo
    ooooooooo
    ooooooooo
    .ooooooo.
    ..ooooo..
    ...ooo...
  `),
    { o: P.orange },
    2,
    19,
  );
  c.text('₿', 4, 20, P.white, { font: F3 });
  outl(c, ['#0c3a2a', '#0a3022']);
  c.text('HODL', 14, 25, P.gold, { font: F3 });
  return frame(c, P.greenDD);
}

export function pizzaChef() {
  const c = base('#5a3f10', '#4e360c', P.goldDD, P.goldL);
  // chef's whites
  c.ell(4, 23, 24, 16, P.white);
  c.rect(15, 25, 2, 7, P.mist);
  // head and hat
  head(c, 10, 11, 12, 13, P.skin, P.skinD);
  c.ell(8, 1, 16, 8, P.white);
  c.rect(10, 6, 12, 5, P.white);
  c.rect(10, 10, 12, 1, P.mist);
  // eyes and a moustache
  c.rect(12, 15, 2, 2, INK);
  c.rect(18, 15, 2, 2, INK);
  c.rect(12, 19, 8, 1, '#3a2418');
  c.set(11, 20, '#3a2418');
  c.set(20, 20, '#3a2418');
  outl(c, ['#5a3f10', '#4e360c']);
  // the famous pizza, held up: crust, cheese, pepperoni
  c.disc(17, 18, 13, P.woodL);
  c.disc(18, 19, 11, P.gold);
  for (const [x, y] of [
    [20, 21],
    [24, 20],
    [22, 25],
    [19, 24],
    [25, 24],
  ])
    c.rect(x, y, 2, 2, P.red);
  c.line(18, 24, 29, 24, P.goldD);
  c.line(23, 19, 23, 29, P.goldD);
  return frame(c, P.goldDD);
}

export function satsMiner() {
  const c = base('#2b2340', '#241d36', P.greyDD, P.grey);
  // rock wall with a glint of orange ore
  for (const [x, y] of [
    [3, 5],
    [25, 8],
    [5, 17],
    [26, 19],
  ]) {
    c.rect(x, y, 3, 2, '#3d3458');
    c.set(x + 1, y, P.orange);
  }
  // overalls
  c.ell(4, 23, 24, 16, P.cyanD);
  c.rect(11, 24, 2, 8, P.cyanDD);
  c.rect(19, 24, 2, 8, P.cyanDD);
  // head and hard hat with a lamp
  head(c, 10, 9, 12, 14, P.skin, P.skinD);
  c.ell(8, 4, 16, 9, P.gold);
  c.rect(7, 10, 18, 2, P.goldD);
  c.rect(14, 5, 4, 3, P.white);
  c.rect(15, 6, 2, 1, P.goldL);
  c.rect(12, 15, 2, 2, INK);
  c.rect(18, 15, 2, 2, INK);
  c.rect(14, 19, 4, 1, P.skinD);
  c.rect(10, 17, 2, 1, '#6b5a80');
  c.rect(20, 18, 2, 1, '#6b5a80');
  outl(c, ['#2b2340', '#241d36', '#3d3458']);
  // pickaxe over the shoulder and a fresh sat
  c.line(3, 30, 12, 21, P.woodL);
  c.rect(9, 18, 7, 2, P.greyD);
  c.set(8, 19, P.grey);
  c.set(16, 19, P.grey);
  coin(c, 22, 23, 7);
  return frame(c, P.greyDD);
}
