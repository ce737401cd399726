/**
 * Pixel-art canvas helpers shared by the games: a low-resolution "virtual" canvas scaled up with
 * nearest-neighbour sampling to the display canvas (sized with devicePixelRatio), a 5x7 bitmap
 * font, and the arcade palette.
 */

export const PAL = {
  night: '#120e2e',
  night2: '#1c1645',
  night3: '#2a1f5c',
  ink: '#07051a',
  orange: '#f7931a',
  orangeDark: '#b85f00',
  green: '#39ff88',
  greenDark: '#17a354',
  pink: '#ff3c8e',
  pinkDark: '#a8185a',
  cyan: '#2de2e6',
  cyanDark: '#168a9c',
  gold: '#ffd23f',
  white: '#fff6e0',
  grey: '#8a84b8',
  red: '#ff3b4f',
  redDark: '#a3142a',
};

/**
 * A pixel canvas. `height` is the virtual height in pixels; the virtual width follows the
 * element's aspect ratio, clamped to [minWidth, maxWidth] (the rest is letterboxed).
 */
export function createPixelCanvas(canvas, { height, minWidth = 120, maxWidth = 640, bars = PAL.ink, width } = {}) {
  const view = canvas.getContext('2d');
  const buffer = document.createElement('canvas');
  const ctx = buffer.getContext('2d');
  const px = { canvas, ctx, W: minWidth, H: height, scale: 1, ox: 0, oy: 0 };

  function resize() {
    const rect = canvas.getBoundingClientRect();
    const cssW = Math.max(1, rect.width);
    const cssH = Math.max(1, rect.height);
    const dpr = Math.min(window.devicePixelRatio || 1, 3);
    canvas.width = Math.round(cssW * dpr);
    canvas.height = Math.round(cssH * dpr);
    // `width(cssW, cssH)`, when given, picks the virtual width itself (REKT!: one of two views)
    let W = width ? width(cssW, cssH) : Math.round((cssW / cssH) * height);
    W = Math.max(minWidth, Math.min(maxWidth, W));
    px.W = W;
    px.H = height;
    buffer.width = W;
    buffer.height = height;
    ctx.imageSmoothingEnabled = false;
    px.scale = Math.min(canvas.width / W, canvas.height / height);
    px.ox = Math.round((canvas.width - W * px.scale) / 2);
    px.oy = Math.round((canvas.height - height * px.scale) / 2);
  }

  px.present = () => {
    view.imageSmoothingEnabled = false;
    if (px.ox > 0 || px.oy > 0) {
      view.fillStyle = bars;
      view.fillRect(0, 0, canvas.width, canvas.height);
    }
    view.drawImage(buffer, px.ox, px.oy, Math.round(px.W * px.scale), Math.round(px.H * px.scale));
  };

  new ResizeObserver(resize).observe(canvas);
  window.addEventListener('resize', resize);
  resize();
  return px;
}

// 5x7 glyphs: 7 rows of 5 bits per character, as two hex digits per row.
const CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!?.,:-+=/'%()*#$<>";
const GLYPH_DATA =
  '0e11111f1111111e11111e11111e0e11101010110e1e11111111111e1f10101e10101f1f10101e1010100e11101711110f1111111f1111110e04040404040e0702020202120c111214181412111010101010101f111b1515111111111119151311110e11111111110e1e11111e1010100e11111115120d1e11111e1412110f10100e01011e1f0404040404041111111111110e11111111110a041111111515150a11110a040a111111110a040404041f01020408101f0e11131519110e040c040404040e0e11010204081f1f02040201110e02060a121f02021f101e0101110e0608101e11110e1f0102040808080e11110e11110e0e11110f01020c040404040400040e11010204000400000000000c0c000000000c0408000c0c000c0c000000001f0000000004041f04040000001f001f00000101020408101004040800000000181902040813030204080808040208040202020408040e1f0e0a11000a1f0a0a0a1f0a0a1e090e091e0a0204081008040208040201020408';
const FONT = {};
[...CHARS].forEach((ch, i) => {
  FONT[ch] = Array.from({ length: 7 }, (_, r) => {
    const bits = parseInt(GLYPH_DATA.substr((i * 7 + r) * 2, 2), 16);
    return Array.from({ length: 5 }, (_, c) => Boolean(bits & (16 >> c)));
  });
});

/** Width in virtual pixels of `text` at `scale` (1 = 5x7 glyphs with 1 px spacing). */
export function textWidth(text, scale = 1) {
  let w = 0;
  for (const ch of String(text).toUpperCase()) w += (ch === ' ' ? 4 : 6) * scale;
  return Math.max(0, w - scale);
}

/**
 * Draw pixel text. Options: color, scale, align ('left' | 'center' | 'right'), shadow (a colour
 * for a 1-pixel drop shadow / outline).
 * '$' draws a Bitcoin sign, '*' a star.
 */
export function drawText(
  ctx,
  text,
  x,
  y,
  { color = PAL.white, scale = 1, align = 'left', shadow = null, outline = null } = {},
) {
  const str = String(text).toUpperCase();
  const w = textWidth(str, scale);
  let cx = Math.round(align === 'center' ? x - w / 2 : align === 'right' ? x - w : x);
  const cy = Math.round(y);
  const paint = (ox, oy, fill) => {
    ctx.fillStyle = fill;
    let px = cx + ox;
    for (const ch of str) {
      const g = FONT[ch];
      if (g) {
        for (let r = 0; r < 7; r++)
          for (let c = 0; c < 5; c++) if (g[r][c]) ctx.fillRect(px + c * scale, cy + oy + r * scale, scale, scale);
      }
      px += (ch === ' ' ? 4 : 6) * scale;
    }
  };
  if (outline)
    for (const [ox, oy] of [
      [-1, 0],
      [1, 0],
      [0, -1],
      [0, 1],
      [1, 1],
      [-1, 1],
      [1, -1],
      [-1, -1],
    ])
      paint(ox * scale, oy * scale, outline);
  if (shadow) paint(scale, scale, shadow);
  paint(0, 0, color);
  return w;
}

/** Split text into lines no wider than maxWidth virtual pixels. */
export function wrapText(text, maxWidth, scale = 1) {
  const lines = [];
  let cur = '';
  for (const word of String(text).split(' ')) {
    const next = cur ? `${cur} ${word}` : word;
    if (cur && textWidth(next, scale) > maxWidth) {
      lines.push(cur);
      cur = word;
    } else cur = next;
  }
  if (cur) lines.push(cur);
  return lines;
}

/**
 * Render pixel text into a fresh <canvas> element (for HTML titles): the canvas is small and is
 * scaled up by CSS with `image-rendering: pixelated`.
 */
export function pixelTitle(text, { color = PAL.orange, shadow = PAL.pinkDark, outline = PAL.ink } = {}) {
  const c = document.createElement('canvas');
  c.width = textWidth(text) + 4;
  c.height = 11;
  drawText(c.getContext('2d'), text, 2, 2, { color, shadow, outline });
  c.className = 'pixel-title';
  c.setAttribute('aria-hidden', 'true');
  return c;
}

/** Fill a rect with integer coordinates. */
export function rect(ctx, x, y, w, h, color) {
  ctx.fillStyle = color;
  ctx.fillRect(Math.round(x), Math.round(y), Math.round(w), Math.round(h));
}

/**
 * Draw a sprite from a list of rows; each character is a key of `colors` ('.' or ' ' is clear).
 * flip mirrors horizontally.
 */
export function sprite(ctx, rows, x, y, colors, { flip = false, scale = 1 } = {}) {
  x = Math.round(x);
  y = Math.round(y);
  const w = rows[0].length;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    for (let c = 0; c < row.length; c++) {
      const col = colors[row[c]];
      if (!col) continue;
      ctx.fillStyle = col;
      ctx.fillRect(x + (flip ? w - 1 - c : c) * scale, y + r * scale, scale, scale);
    }
  }
}

/** A sprite pre-rendered to its own small canvas (for rotation / fast blits). */
export function spriteCanvas(rows, colors) {
  const c = document.createElement('canvas');
  c.width = rows[0].length;
  c.height = rows.length;
  sprite(c.getContext('2d'), rows, 0, 0, colors);
  return c;
}

/** Deterministic pseudo-random numbers (mulberry32). */
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

/** A starfield for night skies: [{x, y, tw (twinkle phase), big}]. */
export function makeStars(count, maxX, maxY, seed = 7) {
  const r = rng(seed);
  return Array.from({ length: count }, () => ({
    x: Math.floor(r() * maxX),
    y: Math.floor(r() * maxY),
    tw: r() * 6.28,
    big: r() < 0.12,
  }));
}

export function drawStars(ctx, stars, t, { offset = 0, wrap = 0 } = {}) {
  for (const s of stars) {
    const on = Math.sin(t * 2 + s.tw) > -0.6;
    let x = s.x - offset;
    if (wrap) x = ((x % wrap) + wrap) % wrap;
    ctx.fillStyle = on ? (s.big ? PAL.gold : '#c9c3ff') : '#4a4380';
    ctx.fillRect(Math.round(x), s.y, 1, 1);
    if (s.big && on && Math.sin(t * 3 + s.tw) > 0.7) {
      ctx.fillStyle = '#6f66b8';
      ctx.fillRect(Math.round(x) - 1, s.y, 1, 1);
      ctx.fillRect(Math.round(x) + 1, s.y, 1, 1);
      ctx.fillRect(Math.round(x), s.y - 1, 1, 1);
      ctx.fillRect(Math.round(x), s.y + 1, 1, 1);
    }
  }
}

/** Vertical banded gradient (pixel-art style dithered bands). */
export function bandedSky(ctx, x, y, w, h, colors) {
  const band = h / colors.length;
  for (let i = 0; i < colors.length; i++) {
    rect(ctx, x, y + Math.floor(i * band), w, Math.ceil(band) + 1, colors[i]);
    if (i > 0) {
      // checkerboard dither on the band edge
      ctx.fillStyle = colors[i - 1];
      const yy = Math.round(y + i * band);
      for (let xx = x + (i % 2); xx < x + w; xx += 2) ctx.fillRect(xx, yy, 1, 1);
      for (let xx = x + ((i + 1) % 2); xx < x + w; xx += 4) ctx.fillRect(xx, yy + 1, 1, 1);
    }
  }
}

/** A small particle system. */
export class Particles {
  constructor() {
    this.list = [];
  }
  burst(x, y, n, { colors = [PAL.gold], speed = 60, life = 0.6, gravity = 120, size = 1 } = {}) {
    for (let i = 0; i < n; i++) {
      const a = Math.random() * Math.PI * 2;
      const s = speed * (0.4 + Math.random() * 0.8);
      this.list.push({
        x,
        y,
        vx: Math.cos(a) * s,
        vy: Math.sin(a) * s - speed * 0.3,
        life: life * (0.6 + Math.random() * 0.6),
        t: 0,
        color: colors[i % colors.length],
        gravity,
        size,
      });
    }
  }
  text(x, y, text, color = PAL.gold, life = 0.9) {
    this.list.push({ x, y, vx: 0, vy: -22, life, t: 0, text, color, gravity: 0, size: 1 });
  }
  update(dt, shiftX = 0) {
    for (const p of this.list) {
      p.t += dt;
      p.vy += p.gravity * dt;
      p.x += p.vx * dt - shiftX;
      p.y += p.vy * dt;
    }
    this.list = this.list.filter((p) => p.t < p.life);
  }
  draw(ctx) {
    for (const p of this.list) {
      if (p.text) {
        drawText(ctx, p.text, p.x, p.y, { color: p.color, align: 'center', outline: PAL.ink });
      } else {
        rect(ctx, p.x, p.y, p.size, p.size, p.color);
      }
    }
  }
}

/**
 * Call `frame(now)` on every animation frame, for as long as the page lives. A frame that throws
 * is reported (console.error, the first time only, not 60 times a second) and the next frame runs
 * all the same: one bad frame must never leave a game frozen until the page is reloaded.
 */
export function animate(frame) {
  let reported = false;
  const tick = (now) => {
    try {
      frame(now);
    } catch (error) {
      if (!reported) {
        reported = true;
        console.error('A frame of the game failed; the game goes on.', error);
      }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
