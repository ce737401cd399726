// Tiny pixel-art toolkit: draw into a palette-indexed pixel buffer, then
// emit a compact crisp-edged SVG (one <path> of merged rectangles per colour).

export const P = {
  night: '#0b0820',
  navy: '#17123a',
  indigo: '#241b5c',
  purple: '#3b2a85',
  violet: '#5a3fb0',
  lav: '#8c7fd9',
  mist: '#c9c2f2',
  orange: '#f7931a',
  orangeL: '#ffb84d',
  orangeD: '#c4640a',
  orangeDD: '#6e3205',
  green: '#39ff88',
  greenD: '#1aa85a',
  greenDD: '#0c5a34',
  pink: '#ff3c8e',
  pinkD: '#b3195e',
  pinkDD: '#5a0c33',
  cyan: '#2de2e6',
  cyanD: '#168f96',
  cyanDD: '#0c4a5c',
  gold: '#ffd23f',
  goldL: '#fff09a',
  goldD: '#c9941a',
  goldDD: '#7a5208',
  white: '#f4f1ff',
  grey: '#a9a3d1',
  greyD: '#6b6499',
  greyDD: '#3d3770',
  red: '#ff3b4e',
  redD: '#b01c34',
  redDD: '#5e0c1f',
  wood: '#7a4a2e',
  woodD: '#4e2c1c',
  woodL: '#a8693f',
  skin: '#ffc89a',
  skinD: '#d98e5f',
};

// Seeded PRNG so the output is byte-for-byte reproducible.
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Ordered-dither "colours": rendered as tiny userSpaceOnUse patterns.
export const dither = (a, b) => `D2|${a}|${b}`; // 50% checkerboard
export const dither25 = (a, b) => `D1|${a}|${b}`; // 1 of 4 pixels is b
/** A tiled pattern "colour": layers = [[colour, [[x, y, w, h], ...]], ...] inside a tw x th tile. */
export const pattern = (tw, th, layers, ox = 0, oy = 0) => 'T|' + JSON.stringify({ tw, th, ox, oy, layers });

/** Parse an ASCII pixel map (template string) into trimmed rows. */
export function spr(str) {
  const lines = str.split('\n').filter((l) => l.trim().length);
  const ind = Math.min(...lines.map((l) => l.match(/^ */)[0].length));
  return lines.map((l) => l.slice(ind).replace(/\s+$/, ''));
}

// ---------------------------------------------------------------- fonts
const F5src = {
  A: '.###.|#...#|#...#|#####|#...#|#...#|#...#',
  B: '####.|#...#|#...#|####.|#...#|#...#|####.',
  C: '.###.|#...#|#....|#....|#....|#...#|.###.',
  D: '####.|#...#|#...#|#...#|#...#|#...#|####.',
  E: '#####|#....|#....|####.|#....|#....|#####',
  F: '#####|#....|#....|####.|#....|#....|#....',
  G: '.###.|#...#|#....|#.###|#...#|#...#|.####',
  H: '#...#|#...#|#...#|#####|#...#|#...#|#...#',
  I: '###|.#.|.#.|.#.|.#.|.#.|###',
  J: '..###|...#.|...#.|...#.|#..#.|#..#.|.##..',
  K: '#...#|#..#.|#.#..|##...|#.#..|#..#.|#...#',
  L: '#....|#....|#....|#....|#....|#....|#####',
  M: '#...#|##.##|#.#.#|#.#.#|#...#|#...#|#...#',
  N: '#...#|#...#|##..#|#.#.#|#..##|#...#|#...#',
  O: '.###.|#...#|#...#|#...#|#...#|#...#|.###.',
  P: '####.|#...#|#...#|####.|#....|#....|#....',
  Q: '.###.|#...#|#...#|#...#|#.#.#|#..#.|.##.#',
  R: '####.|#...#|#...#|####.|#.#..|#..#.|#...#',
  S: '.####|#....|#....|.###.|....#|....#|####.',
  T: '#####|..#..|..#..|..#..|..#..|..#..|..#..',
  U: '#...#|#...#|#...#|#...#|#...#|#...#|.###.',
  V: '#...#|#...#|#...#|#...#|#...#|.#.#.|..#..',
  W: '#...#|#...#|#...#|#.#.#|#.#.#|#.#.#|.#.#.',
  X: '#...#|#...#|.#.#.|..#..|.#.#.|#...#|#...#',
  Y: '#...#|#...#|.#.#.|..#..|..#..|..#..|..#..',
  Z: '#####|....#|...#.|..#..|.#...|#....|#####',
  0: '.###.|#...#|#..##|#.#.#|##..#|#...#|.###.',
  1: '..#..|.##..|..#..|..#..|..#..|..#..|.###.',
  2: '.###.|#...#|....#|...#.|..#..|.#...|#####',
  3: '#####|...#.|..#..|...#.|....#|#...#|.###.',
  4: '...#.|..##.|.#.#.|#..#.|#####|...#.|...#.',
  5: '#####|#....|####.|....#|....#|#...#|.###.',
  6: '..##.|.#...|#....|####.|#...#|#...#|.###.',
  7: '#####|....#|...#.|..#..|.#...|.#...|.#...',
  8: '.###.|#...#|#...#|.###.|#...#|#...#|.###.',
  9: '.###.|#...#|#...#|.####|....#|...#.|.##..',
  '!': '#|#|#|#|#|.|#',
  '?': '.###.|#...#|....#|...#.|..#..|.....|..#..',
  ':': '.|#|.|.|.|#|.',
  '.': '.|.|.|.|.|.|#',
  ',': '..|..|..|..|..|.#|#.',
  "'": '#|#|.|.|.|.|.',
  '-': '...|...|...|###|...|...|...',
  '+': '.....|..#..|..#..|#####|..#..|..#..|.....',
  '/': '....#|....#|...#.|..#..|.#...|#....|#....',
  '%': '##..#|##..#|...#.|..#..|.#...|#..##|#..##',
  x: '.....|.....|#...#|.#.#.|..#..|.#.#.|#...#',
  $: '..#..|.####|#.#..|.###.|..#.#|####.|..#..',
  '₿': '.#.#.|####.|.#..#|.###.|.#..#|####.|.#.#.',
  '#': '.#.#.|.#.#.|#####|.#.#.|#####|.#.#.|.#.#.',
  '>': '#...|.#..|..#.|...#|..#.|.#..|#...',
  '<': '...#|..#.|.#..|#...|.#..|..#.|...#',
  ' ': '...|...|...|...|...|...|...',
};
const F3src = {
  0: '###|#.#|#.#|#.#|###',
  1: '.#.|##.|.#.|.#.|###',
  2: '###|..#|###|#..|###',
  3: '###|..#|.##|..#|###',
  4: '#.#|#.#|###|..#|..#',
  5: '###|#..|###|..#|###',
  6: '###|#..|###|#.#|###',
  7: '###|..#|..#|.#.|.#.',
  8: '###|#.#|###|#.#|###',
  9: '###|#.#|###|..#|###',
  A: '.#.|#.#|###|#.#|#.#',
  B: '##.|#.#|##.|#.#|##.',
  C: '.##|#..|#..|#..|.##',
  D: '##.|#.#|#.#|#.#|##.',
  E: '###|#..|##.|#..|###',
  F: '###|#..|##.|#..|#..',
  G: '.##|#..|#.#|#.#|.##',
  H: '#.#|#.#|###|#.#|#.#',
  I: '###|.#.|.#.|.#.|###',
  J: '..#|..#|..#|#.#|.#.',
  K: '#.#|#.#|##.|#.#|#.#',
  L: '#..|#..|#..|#..|###',
  M: '#...#|##.##|#.#.#|#...#|#...#',
  N: '#..#|##.#|#.##|#..#|#..#',
  O: '.#.|#.#|#.#|#.#|.#.',
  P: '##.|#.#|##.|#..|#..',
  Q: '.#.|#.#|#.#|##.|.##',
  R: '##.|#.#|##.|#.#|#.#',
  S: '.##|#..|.#.|..#|##.',
  T: '###|.#.|.#.|.#.|.#.',
  U: '#.#|#.#|#.#|#.#|###',
  V: '#.#|#.#|#.#|#.#|.#.',
  W: '#...#|#...#|#.#.#|##.##|#...#',
  X: '#.#|#.#|.#.|#.#|#.#',
  Y: '#.#|#.#|.#.|.#.|.#.',
  Z: '###|..#|.#.|#..|###',
  '!': '#|#|#|.|#',
  '?': '##.|..#|.#.|...|.#.',
  ':': '.|#|.|#|.',
  '.': '.|.|.|.|#',
  '-': '...|...|###|...|...',
  '+': '...|.#.|###|.#.|...',
  x: '...|#.#|.#.|#.#|...',
  '/': '..#|..#|.#.|#..|#..',
  '%': '#.#|..#|.#.|#..|#.#',
  "'": '#|#|.|.|.',
  $: '.#.|###|##.|.##|###',
  '₿': '###.|.#.#|.##.|.#.#|###.',
  '#': '#.#|###|#.#|###|#.#',
  '>': '#..|.#.|..#|.#.|#..',
  '<': '..#|.#.|#..|.#.|..#',
  ' ': '..|..|..|..|..',
};
const mk = (src) => Object.fromEntries(Object.entries(src).map(([k, v]) => [k, v.split('|')]));
export const F5 = mk(F5src);
export const F3 = mk(F3src);

// ---------------------------------------------------------------- canvas
export class Canvas {
  constructor(w, h, fill = null) {
    this.w = w;
    this.h = h;
    this.px = new Array(w * h).fill(fill);
    this.seq = new Int32Array(w * h); // write order, used to guess painter's order
    this.op = 0;
  }
  get(x, y) {
    return x < 0 || y < 0 || x >= this.w || y >= this.h ? undefined : this.px[y * this.w + x];
  }
  set(x, y, c) {
    if (c === undefined) return;
    x = Math.round(x);
    y = Math.round(y);
    if (x < 0 || y < 0 || x >= this.w || y >= this.h) return;
    this.px[y * this.w + x] = c;
    this.seq[y * this.w + x] = ++this.op;
  }
  rect(x, y, w, h, c) {
    for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) this.set(x + i, y + j, c);
    return this;
  }
  frame(x, y, w, h, c, t = 1) {
    this.rect(x, y, w, t, c);
    this.rect(x, y + h - t, w, t, c);
    this.rect(x, y, t, h, c);
    this.rect(x + w - t, y, t, h, c);
    return this;
  }
  /** Rounded rectangle; r = corner radius (1..5). Optional border colour. */
  rrect(x, y, w, h, c, r = 2, border = null) {
    const cuts = [[], [1], [2, 1], [3, 1, 1], [4, 2, 1, 1], [5, 3, 2, 1, 1]][r];
    for (let j = 0; j < h; j++) {
      const k = j < cuts.length ? cuts[j] : h - 1 - j < cuts.length ? cuts[h - 1 - j] : 0;
      for (let i = k; i < w - k; i++) {
        let col = c;
        if (border) {
          const kUp = j - 1 < 0 ? w : j - 1 < cuts.length ? cuts[j - 1] : h - j < cuts.length ? cuts[h - j] : 0;
          const kDn =
            j + 1 >= h ? w : j + 1 < cuts.length ? cuts[j + 1] : h - 2 - j < cuts.length ? cuts[h - 2 - j] : 0;
          if (i === k || i === w - 1 - k || i < kUp || i > w - 1 - kUp || i < kDn || i > w - 1 - kDn) col = border;
        }
        this.set(x + i, y + j, col);
      }
    }
    return this;
  }
  /** Filled ellipse inside the box (x, y, w, h). */
  ell(x, y, w, h, c) {
    for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) if (inEll(i, j, w, h)) this.set(x + i, y + j, c);
    return this;
  }
  disc(x, y, d, c) {
    return this.ell(x, y, d, d, c);
  }
  line(x0, y0, x1, y1, c) {
    x0 = Math.round(x0);
    y0 = Math.round(y0);
    x1 = Math.round(x1);
    y1 = Math.round(y1);
    const dx = Math.abs(x1 - x0),
      dy = -Math.abs(y1 - y0),
      sx = x0 < x1 ? 1 : -1,
      sy = y0 < y1 ? 1 : -1;
    let e = dx + dy;
    for (;;) {
      this.set(x0, y0, c);
      if (x0 === x1 && y0 === y1) break;
      const e2 = 2 * e;
      if (e2 >= dy) {
        e += dy;
        x0 += sx;
      }
      if (e2 <= dx) {
        e += dx;
        y0 += sy;
      }
    }
    return this;
  }
  /** Quadratic Bezier polyline. */
  curve(x0, y0, cx, cy, x1, y1, c, steps = 24) {
    let px = x0,
      py = y0;
    for (let s = 1; s <= steps; s++) {
      const t = s / steps,
        u = 1 - t;
      const x = u * u * x0 + 2 * u * t * cx + t * t * x1,
        y = u * u * y0 + 2 * u * t * cy + t * t * y1;
      this.line(px, py, x, y, c);
      px = x;
      py = y;
    }
    return this;
  }
  /** Draw an ASCII sprite; pal maps characters to colours ('.'/' ' transparent). */
  sprite(rows, pal, x, y, { s = 1, flip = false } = {}) {
    rows.forEach((row, j) => {
      const W = Math.max(...rows.map((r) => r.length));
      for (let i = 0; i < row.length; i++) {
        const ch = row[i];
        if (ch === '.' || ch === ' ' || !(ch in pal)) continue;
        const ii = flip ? W - 1 - i : i;
        this.rect(x + ii * s, y + j * s, s, s, pal[ch]);
      }
    });
    return this;
  }
  /** Pixel text. Returns the drawn width. */
  text(str, x, y, c, { font = F5, s = 1, gap = 1, shadow = null, sd = 1 } = {}) {
    if (shadow) this.text(str, x + sd, y + sd, shadow, { font, s, gap });
    let cx = x;
    for (const ch of str) {
      const g = font[ch] || font[ch.toUpperCase()] || font['?'];
      g.forEach((row, j) => {
        for (let i = 0; i < row.length; i++) if (row[i] === '#') this.rect(cx + i * s, y + j * s, s, s, c);
      });
      cx += (g[0].length + gap) * s;
    }
    return cx - x - gap * s;
  }
  tw(str, { font = F5, s = 1, gap = 1 } = {}) {
    let w = 0;
    for (const ch of str) {
      const g = font[ch] || font[ch.toUpperCase()] || font['?'];
      w += (g[0].length + gap) * s;
    }
    return w - gap * s;
  }
  ctext(str, cx, y, c, o = {}) {
    const w = this.tw(str, o);
    return this.text(str, Math.round(cx - w / 2), y, c, o);
  }
  /** Recolour pixels in a box via fn(colour, x, y). */
  map(fn, x = 0, y = 0, w = this.w, h = this.h) {
    for (let j = y; j < y + h; j++)
      for (let i = x; i < x + w; i++) {
        const c = this.get(i, j);
        if (c !== undefined) this.px[j * this.w + i] = fn(c, i, j);
      }
    return this;
  }
  /** Draw a 1px outline of colour oc around every non-null pixel inside box that borders null/bg. */
  outline(oc, x = 0, y = 0, w = this.w, h = this.h, isBg = (c) => c == null) {
    const add = [];
    for (let j = y; j < y + h; j++)
      for (let i = x; i < x + w; i++) {
        if (!isBg(this.get(i, j))) continue;
        for (const [dx, dy] of [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ]) {
          const n = this.get(i + dx, j + dy);
          if (n !== undefined && !isBg(n) && n !== oc) {
            add.push([i, j]);
            break;
          }
        }
      }
    add.forEach(([i, j]) => this.set(i, j, oc));
    return this;
  }
  /** Paste another canvas (null pixels transparent). */
  paste(cv, x, y, { s = 1, flipX = false, flipY = false } = {}) {
    for (let j = 0; j < cv.h; j++)
      for (let i = 0; i < cv.w; i++) {
        const c = cv.px[j * cv.w + i];
        if (c != null) this.rect(x + (flipX ? cv.w - 1 - i : i) * s, y + (flipY ? cv.h - 1 - j : j) * s, s, s, c);
      }
    return this;
  }

  /** Paint a reusable sprite canvas; repeated intact copies are emitted as <use>. */
  stamp(key, sc, x, y) {
    (this.stamps ||= []).push({ key, sc, x, y });
    return this.paste(sc, x, y);
  }

  toSVG({ title, width = this.w, height = this.h }) {
    const { w, h, px } = this;
    const defs = [];
    const pid = new Map();
    const fillOf = (c) => {
      if (!c.startsWith('D') && !c.startsWith('T')) return short(c);
      if (!pid.has(c)) {
        const id = 'd' + pid.size;
        pid.set(c, id);
        if (c.startsWith('T')) {
          const { tw, th, ox, oy, layers } = JSON.parse(c.slice(2));
          defs.push(
            `<pattern id="${id}"${ox ? ` x="${ox}"` : ''}${oy ? ` y="${oy}"` : ''} width="${tw}" height="${th}" patternUnits="userSpaceOnUse">` +
              layers
                .map(
                  ([col, rs]) =>
                    `<path fill="${short(col)}" d="${rs.map(([x, y, w, h]) => `M${x} ${y}h${w}v${h}h-${w}z`).join('')}"/>`,
                )
                .join('') +
              '</pattern>',
          );
          return `url(#${id})`;
        }
        const [kind, a, b] = c.split('|');
        const dots = kind === 'D2' ? 'M1 0h1v1H1zM0 1h1v1H0z' : 'M0 0h1v1H0z';
        defs.push(
          `<pattern id="${id}" width="2" height="2" patternUnits="userSpaceOnUse"><path fill="${short(a)}" d="M0 0h2v2H0z"/><path fill="${short(b)}" d="${dots}"/></pattern>`,
        );
      }
      return `url(#${pid.get(c)})`;
    };
    // stamps that survived intact and repeat at least twice become <use> elements
    const groups = new Map();
    for (const st of this.stamps || []) {
      let intact = true;
      for (let j = 0; j < st.sc.h && intact; j++)
        for (let i = 0; i < st.sc.w; i++) {
          const c = st.sc.px[j * st.sc.w + i];
          if (c == null) continue;
          const X = st.x + i,
            Y = st.y + j;
          if (X < 0 || Y < 0 || X >= w || Y >= h || px[Y * w + X] !== c) {
            intact = false;
            break;
          }
        }
      if (!intact) continue;
      if (!groups.has(st.sc)) groups.set(st.sc, []);
      groups.get(st.sc).push(st);
    }
    const covered = new Uint8Array(w * h);
    let uses = '';
    let sid = 0;
    for (const list of groups.values()) {
      if (list.length < 2) continue;
      const sc = list[0].sc,
        id = 's' + sid++;
      defs.push(`<g id="${id}">${paths(sc.px, sc.w, sc.h, new Uint8Array(sc.w * sc.h), fillOf, sc.seq).body}</g>`);
      for (const st of list) {
        uses += `<use href="#${id}" x="${st.x}" y="${st.y}"/>`;
        for (let j = 0; j < sc.h; j++)
          for (let i = 0; i < sc.w; i++) if (sc.px[j * sc.w + i] != null) covered[(st.y + j) * w + st.x + i] = 1;
      }
    }
    const { body } = paths(px, w, h, covered, fillOf, this.seq);
    const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${w} ${h}" shape-rendering="crispEdges">` +
      `<title>${esc(title)}</title>${defs.length ? `<defs>${defs.join('')}</defs>` : ''}${body}${uses}</svg>\n`
    );
  }
}

/** Emit one <path> per colour covering the pixel buffer with merged rectangles. */
function paths(px, w, h, covered, fillOf, seq) {
  const counts = new Map();
  let hasNull = false;
  for (let k = 0; k < w * h; k++) {
    const c = px[k];
    if (covered[k]) continue;
    if (c == null) hasNull = true;
    else counts.set(c, (counts.get(c) || 0) + 1);
  }
  const byCount = [...counts.keys()].sort((a, b) => counts.get(b) - counts.get(a) || (a < b ? -1 : 1));
  const base = hasNull ? null : byCount.shift();
  // Two candidate painting orders: by pixel count, and a painter's order
  // recovered from the drawing sequence; keep whichever is smaller.
  let best = null;
  for (const order of [byCount, painterOrder(byCount, px, w, h, covered, seq)]) {
    const body = emit(order, base, px, w, h, covered, fillOf);
    if (!best || body.length < best.length) best = body;
  }
  return { body: best };
}

function painterOrder(cols, px, w, h, covered, seq) {
  const idx = new Map(cols.map((c, i) => [c, i]));
  const n = cols.length;
  const W = new Map(); // key a*n+b : weight of "a before b"
  const add = (a, b) => {
    const k = a * n + b;
    W.set(k, (W.get(k) || 0) + 1);
  };
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      if (covered[p] || !idx.has(px[p])) continue;
      for (const q of [x + 1 < w ? p + 1 : -1, y + 1 < h ? p + w : -1]) {
        if (q < 0 || covered[q] || !idx.has(px[q]) || px[q] === px[p]) continue;
        const a = idx.get(px[p]),
          b = idx.get(px[q]);
        if (seq[q] > seq[p]) add(a, b);
        else add(b, a);
      }
    }
  const outW = new Float64Array(n),
    inW = new Float64Array(n);
  const adj = Array.from({ length: n }, () => []);
  for (const [k, v] of W) {
    const a = Math.floor(k / n),
      b = k % n;
    outW[a] += v;
    inW[b] += v;
    adj[a].push([b, v]);
    adj[b].push([a, -v]);
  }
  const alive = new Uint8Array(n).fill(1);
  const head = [],
    tail = [];
  const remove = (i) => {
    alive[i] = 0;
    for (const [j, v] of adj[i]) {
      if (!alive[j]) continue;
      if (v > 0) inW[j] -= v;
      else outW[j] += v;
    }
  };
  for (let left = n; left > 0; left--) {
    // sinks go last, sources first, otherwise the most "source-like" node
    let pick = -1,
      score = -Infinity,
      toTail = false;
    for (let i = 0; i < n; i++) {
      if (!alive[i]) continue;
      if (outW[i] === 0 && inW[i] > 0) {
        pick = i;
        toTail = true;
        break;
      }
      const sc = outW[i] - inW[i] + (inW[i] === 0 ? 1e9 : 0) - i * 1e-6;
      if (sc > score) {
        score = sc;
        pick = i;
      }
    }
    if (toTail) tail.unshift(cols[pick]);
    else head.push(cols[pick]);
    remove(pick);
  }
  return [...head, ...tail];
}

function emit(order, base, px, w, h, covered, fillOf) {
  let body = base ? `<path fill="${fillOf(base)}" d="M0 0h${w}v${h}H0z"/>` : '';
  // Colours are painted in order; pixels of colours painted later (or covered by
  // <use> stamps) are "don't care", so big rectangles may run underneath details.
  const rank = new Map(order.map((c, i) => [c, i]));
  const rk = new Int32Array(w * h);
  for (let k = 0; k < w * h; k++) rk[k] = covered[k] ? 1e9 : px[k] == null ? -2 : px[k] === base ? -1 : rank.get(px[k]);
  const used = new Uint8Array(w * h);
  // bounding boxes per colour keep the scans short
  const bb = order.map(() => [w, h, -1, -1]);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const r = rk[y * w + x];
      if (r >= 0 && r < 1e9) {
        const b = bb[r];
        if (x < b[0]) b[0] = x;
        if (y < b[1]) b[1] = y;
        if (x > b[2]) b[2] = x;
        if (y > b[3]) b[3] = y;
      }
    }
  order.forEach((c, ci) => {
    const rects = [];
    const ok = (k) => rk[k] >= ci;
    const [bx0, by0, bx1, by1] = bb[ci];
    for (let y = by0; y <= by1; y++)
      for (let x = bx0; x <= bx1; x++) {
        const k = y * w + x;
        if (rk[k] !== ci || used[k]) continue;
        let x2 = x;
        while (x2 < w && ok(y * w + x2)) x2++;
        while (rk[y * w + x2 - 1] !== ci) x2--;
        let y2 = y + 1;
        while (y2 < h) {
          let good = true;
          for (let i = x; i < x2; i++)
            if (!ok(y2 * w + i)) {
              good = false;
              break;
            }
          if (!good) break;
          y2++;
        }
        for (;;) {
          let any = false;
          for (let i = x; i < x2; i++)
            if (rk[(y2 - 1) * w + i] === ci) {
              any = true;
              break;
            }
          if (any) break;
          y2--;
        }
        for (let j = y; j < y2; j++) for (let i = x; i < x2; i++) if (rk[j * w + i] === ci) used[j * w + i] = 1;
        rects.push([x, y, x2 - x, y2 - y]);
      }
    body += encodeRects(rects, fillOf(c));
  });
  return body;
}

/**
 * Encode rectangles of one colour. Rectangles that share a height (or width)
 * can be drawn as a single stroked path of that width, which is far shorter
 * than closed rectangles; small groups fall back to a filled path.
 */
function encodeRects(rects, f) {
  const groups = new Map();
  for (const q of rects) {
    const key = q[2] >= q[3] ? 'h' + q[3] : 'v' + q[2];
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(q);
  }
  // (no closepath needed: fills close open subpaths implicitly)
  const fillD = (list) => {
    let d = '',
      cx = 0,
      cy = 0;
    for (const [x, y, rw, rh] of list) {
      d += `m${num(x - cx, y - cy)}h${rw}v${rh}h-${rw}`;
      cx = x;
      cy = y + rh;
    }
    return d;
  };
  let fills = [],
    out = '';
  for (const [key, list] of [...groups].sort((p, q) => (p[0] < q[0] ? -1 : 1))) {
    const t = +key.slice(1),
      horiz = key[0] === 'h';
    const half = t / 2;
    let d = horiz ? `M0 ${half}` : `M${half} 0`,
      cx = 0,
      cy = 0;
    for (const [x, y, rw, rh] of list) {
      if (horiz) {
        d += `m${num(x - cx, y - cy)}h${rw}`;
        cx = x + rw;
        cy = y;
      } else {
        d += `m${num(x - cx, y - cy)}v${rh}`;
        cx = x;
        cy = y + rh;
      }
    }
    const strokeEl = `<path stroke="${f}"${t !== 1 ? ` stroke-width="${t}"` : ''} d="${d.replace(/^M0 0\.5/, 'M0 .5').replace(/^M0\.5 0/, 'M.5 0')}"/>`;
    if (strokeEl.length < fillD(list).length + 4) out += strokeEl;
    else fills.push(...list);
  }
  if (fills.length) {
    fills.sort((p, q) => p[1] - q[1] || p[0] - q[0]);
    out = `<path fill="${f}" d="${fillD(fills)}"/>` + out;
  }
  return out;
}

const num = (dx, dy) => `${dx}${dy < 0 ? '' : ' '}${dy}`;
function short(c) {
  return /^#([0-9a-f])\1([0-9a-f])\2([0-9a-f])\3$/i.test(c) ? '#' + c[1] + c[3] + c[5] : c;
}
export function inEll(i, j, w, h) {
  const dx = (i + 0.5 - w / 2) / (w / 2),
    dy = (j + 0.5 - h / 2) / (h / 2);
  return dx * dx + dy * dy <= 1.05;
}

/** Mix two hex colours (t=0 → a, t=1 → b). */
export function mix(a, b, t) {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16)),
    pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return (
    '#' +
    pa
      .map((v, i) =>
        Math.round(v + (pb[i] - v) * t)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

/** Darken/tint every pixel of a canvas region towards colour `to` by t (dither-aware). */
export function tint(cv, to, t, x, y, w, h) {
  const memo = new Map();
  const f = (c) => {
    if (c == null) return c;
    if (!memo.has(c)) {
      if (c.startsWith('D')) {
        const [k, a, b] = c.split('|');
        memo.set(c, `${k}|${mix(a, to, t)}|${mix(b, to, t)}`);
      } else if (c.startsWith('T')) {
        const o = JSON.parse(c.slice(2));
        o.layers = o.layers.map(([col, rs]) => [mix(col, to, t), rs]);
        memo.set(c, 'T|' + JSON.stringify(o));
      } else memo.set(c, mix(c, to, t));
    }
    return memo.get(c);
  };
  return cv.map(f, x, y, w, h);
}

const tcache = new WeakMap();
/** Scaled / mirrored copy of a canvas (cached). */
export function xform(cv, { s = 1, flipX = false, flipY = false } = {}) {
  const key = `${s}|${flipX}|${flipY}`;
  if (!tcache.has(cv)) tcache.set(cv, new Map());
  const m = tcache.get(cv);
  if (!m.has(key)) {
    const out = new Canvas(cv.w * s, cv.h * s);
    out.paste(cv, 0, 0, { s, flipX, flipY });
    m.set(key, out);
  }
  return m.get(key);
}
