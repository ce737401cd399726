// Rasterise a pixel canvas into a PNG: every canvas pixel becomes a scale x scale block, so the art
// stays crisp wherever it is shown. Dither "colours" alternate their two colours per pixel.
import { PNG } from 'pngjs';

const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

function colourAt(c, x, y) {
  if (c == null) return null;
  if (c.startsWith('D')) {
    const [kind, a, b] = c.split('|');
    const useB = kind === 'D2' ? (x + y) % 2 === 1 : x % 2 === 0 && y % 2 === 0;
    return useB ? b : a;
  }
  if (c.startsWith('T')) return JSON.parse(c.slice(2)).layers[0][0];
  return c;
}

/** The canvas as PNG bytes, `scale` screen pixels per canvas pixel. */
export function toPNG(canvas, scale = 8) {
  const png = new PNG({ width: canvas.w * scale, height: canvas.h * scale });
  for (let y = 0; y < canvas.h; y++) {
    for (let x = 0; x < canvas.w; x++) {
      const colour = colourAt(canvas.get(x, y), x, y);
      const [r, g, b] = colour ? rgb(colour) : [0, 0, 0];
      const a = colour ? 255 : 0;
      for (let j = 0; j < scale; j++) {
        for (let i = 0; i < scale; i++) {
          const o = ((y * scale + j) * png.width + x * scale + i) * 4;
          png.data[o] = r;
          png.data[o + 1] = g;
          png.data[o + 2] = b;
          png.data[o + 3] = a;
        }
      }
    }
  }
  return PNG.sync.write(png, { colorType: 6, deflateLevel: 9 });
}
