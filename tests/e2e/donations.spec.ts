import { request as playwrightRequest } from '@playwright/test';
import { expect, lookByEye, test, waitForIsland } from './support';

// A visitor donates over Lightning from the Donate page (README, "Donations and open books"): the
// e2e server's wallet is the test network's (global-setup.ts); a donor's wallet elsewhere on that
// network pays the invoice the page shows, the page notices and thanks, and the open books list it
// with a preimage the browser checks. Screenshots of each state at the project's width.

const SHOTS = 'test-results/screens';

/** The donor's wallet pays `invoice` (the test network's payer side). */
async function payAsDonor(invoice: string) {
  const payer = await playwrightRequest.newContext({ ignoreHTTPSErrors: true });
  try {
    const paid = await payer.post(`${process.env.E2E_LIGHTNING_PAYER}?invoice=${encodeURIComponent(invoice)}`);
    expect(paid.status(), await paid.text()).toBe(200);
  } finally {
    await payer.dispose();
  }
}

// Once per width: the desktop project runs the first, the narrow (360 px) one the @narrow one.
for (const tag of ['', ' @narrow']) {
  test(`a visitor donates over Lightning, is thanked, and finds the donation in the open books${tag}`, async ({
    page,
  }, testInfo) => {
    // A limit, not a wait: an invoice, a payment and two pages, on a busy machine.
    test.setTimeout(120_000);
    const width = testInfo.project.name;
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const donor = `Donor_${width}_${Date.now() % 100_000}`;

    await page.goto('/donate');
    await waitForIsland(page, '[data-donate-submit]');
    const lightning = page.getByRole('region', { name: 'Or over Lightning' });
    await expect(lightning.getByRole('button', { name: 'DONATE 5,000 SATS' })).toBeVisible();
    // The on-chain address stays.
    await expect(page.getByTestId('donation-address')).toBeVisible();
    await lookByEye(page, { path: `${SHOTS}/${width}-donate_form.png`, fullPage: true });

    await lightning.getByRole('button', { name: '21,000', exact: true }).click();
    await expect(lightning.getByRole('button', { name: '21,000', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await lightning.getByLabel('Or your own amount').fill('2100');
    await lightning.getByLabel(/Your name/).fill(donor);
    await lightning.getByLabel(/A short message/).fill('<b>gm</b> https://example.com');
    await lightning.getByRole('button', { name: 'DONATE 2,100 SATS' }).click();

    const invoice = lightning.getByTestId('donation-invoice');
    await expect(invoice).toHaveText(/^lnbcrt21u/);
    await expect(lightning.getByRole('img', { name: 'QR code of a Lightning invoice for 2,100 sats' })).toBeVisible();
    const pr = (await invoice.textContent())!;
    await expect(lightning.getByRole('link', { name: 'OPEN IN WALLET' })).toHaveAttribute('href', `lightning:${pr}`);
    await expect(lightning.getByText('Waiting for your payment...')).toBeVisible();
    await lookByEye(page, { path: `${SHOTS}/${width}-donate_invoice.png`, fullPage: true });

    await payAsDonor(pr);
    await expect(lightning.getByRole('heading', { name: `Thank you, ${donor}!` })).toBeVisible({ timeout: 30_000 });
    await expect(lightning.getByText('2,100 sats received. It is in the open books now.')).toBeVisible();
    // What the donor wrote is text, not markup.
    await expect(lightning.getByText('“<b>gm</b> https://example.com”')).toBeVisible();
    await lookByEye(page, { path: `${SHOTS}/${width}-donate_thanks.png`, fullPage: true });

    await lightning.getByRole('link', { name: 'OPEN BOOKS' }).click();
    await expect(page.getByRole('heading', { name: 'OPEN BOOKS' })).toBeVisible();
    const entry = page.getByRole('listitem').filter({ hasText: donor });
    await expect(entry).toContainText('2,100 sats');
    await expect(entry).toContainText('“<b>gm</b> https://example.com”');
    await expect(entry.getByRole('link')).toHaveCount(0);
    // Its check runs once it is in view (the island hydrates when visible).
    await entry.scrollIntoViewIfNeeded();
    await expect(entry.getByText('Checked in your browser:')).toBeVisible();
    await lookByEye(page, { path: `${SHOTS}/${width}-books.png`, fullPage: true });
    expect(errors).toEqual([]);
  });
}
