import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect, freezeClock, site, test, waitForIsland } from './support';

test.describe('donation page', () => {
  test('shows a 300x300 QR code made by the arcade that encodes the address', async ({ page }) => {
    const origin = new URL(process.env.E2E_BASE_URL ?? '').origin;
    const outside: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.origin !== origin) outside.push(request.url());
    });
    await page.goto('/donate');
    const qr = page.getByRole('img', { name: `QR code of the Bitcoin address ${site.donationAddress}` });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([300, 300]);
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    const png = PNG.sync.read(await qr.screenshot());
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(`bitcoin:${site.donationAddress}`);
    expect(outside).toEqual([]);
  });

  test('COPY puts the address on the clipboard and says COPIED! for two seconds', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-write']);
    // The arcade's pages may not read the clipboard (Permissions-Policy: clipboard-read=()): what
    // the page writes is recorded on its way to the real clipboard.
    await page.addInitScript(() => {
      const write = navigator.clipboard.writeText.bind(navigator.clipboard);
      navigator.clipboard.writeText = async (text: string) => {
        await write(text);
        (window as unknown as { __copied: string[] }).__copied.push(text);
      };
      (window as unknown as { __copied: string[] }).__copied = [];
    });
    await freezeClock(page);
    await page.goto('/donate');
    await expect(page.getByTestId('donation-address')).toHaveText(site.donationAddress);
    await waitForIsland(page, '[data-copy-address]');
    const copy = page.getByRole('button', { name: 'COPY' });
    await copy.click();
    await expect(page.getByRole('button', { name: 'COPIED!' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Address Copied!' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __copied: string[] }).__copied)).toEqual([
      site.donationAddress,
    ]);
    await page.clock.runFor(1900);
    await expect(page.getByRole('button', { name: 'COPIED!' })).toBeVisible();
    await page.clock.runFor(100);
    await expect(page.getByRole('button', { name: 'COPY', exact: true })).toBeVisible();
  });

  test('a refused clipboard gives the Copy Failed toast', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new Error('denied')) },
      });
    });
    await page.goto('/donate');
    await waitForIsland(page, '[data-copy-address]');
    await page.getByRole('button', { name: 'COPY' }).click();
    const toast = page.getByRole('alert');
    await expect(toast).toContainText('Copy Failed');
    await expect(toast).toContainText('Could not copy address to clipboard');
    await expect(page.getByRole('button', { name: 'COPY', exact: true })).toBeVisible();
  });
});
