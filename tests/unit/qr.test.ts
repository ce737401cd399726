import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { DONATION_QR_SIZE, donationQrSvg } from '~/server/shared/qr';

const address = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

describe('donation QR code', () => {
  it('is a 300x300 SVG made locally', async () => {
    const svg = await donationQrSvg(address);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain(`width="${DONATION_QR_SIZE}"`);
    expect(svg).toContain(`height="${DONATION_QR_SIZE}"`);
    expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  });

  it('encodes the bitcoin: URI of the address (decoded back from the same matrix)', () => {
    const qr = QRCode.create(`bitcoin:${address}`, { errorCorrectionLevel: 'M' });
    const scale = 4;
    const quiet = 4;
    const side = (qr.modules.size + quiet * 2) * scale;
    const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
    for (let y = 0; y < qr.modules.size; y++) {
      for (let x = 0; x < qr.modules.size; x++) {
        if (!qr.modules.get(y, x)) continue;
        for (let dy = 0; dy < scale; dy++) {
          for (let dx = 0; dx < scale; dx++) {
            const i = (((y + quiet) * scale + dy) * side + (x + quiet) * scale + dx) * 4;
            pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
          }
        }
      }
    }
    expect(jsQR(pixels, side, side)?.data).toBe(`bitcoin:${address}`);
  });
});
