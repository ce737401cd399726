import QRCode from 'qrcode';

/** Side of the donation QR code on the donation page, in CSS pixels. */
export const DONATION_QR_SIZE = 300;

/**
 * The donation QR code as an SVG document, made by the arcade itself so no third-party service
 * learns the address. It encodes a BIP21 `bitcoin:` URI, which wallets open directly.
 */
export async function donationQrSvg(address: string): Promise<string> {
  return qrSvg(`bitcoin:${address}`);
}

/** Any text (a `lightning:` invoice URI) as a QR code SVG, made here for the same reason. */
function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    width: DONATION_QR_SIZE,
    color: { dark: '#0b0820', light: '#ffffff' },
  });
}

/** {@link qrSvg} as a data URL, for an `<img>` a page's script shows. */
export async function qrSvgDataUrl(text: string): Promise<string> {
  return `data:image/svg+xml;base64,${Buffer.from(await qrSvg(text)).toString('base64')}`;
}
