import { request as playwrightRequest } from '@playwright/test';
import { tournamentForm } from '../support/tournaments';
import { expect, lookByEye, signInAsAdmin, test, waitForIsland } from './support';

// A visitor adds sats to a running tournament's prize pool (notes/pools.md): the e2e server's wallet
// is the test network's (global-setup.ts); a donor's wallet elsewhere on that network pays the
// invoice the tournament's page shows; the page thanks the donor and shows the pool grown, and the
// open books list the gift under the tournament's pool. Screenshots at each project's width.

const SHOTS = 'test-results/screens';
const origin = () => ({ origin: process.env.E2E_BASE_URL ?? '' });

async function payAsDonor(invoice: string) {
  const payer = await playwrightRequest.newContext({ ignoreHTTPSErrors: true });
  try {
    const paid = await payer.post(`${process.env.E2E_LIGHTNING_PAYER}?invoice=${encodeURIComponent(invoice)}`);
    expect(paid.status(), await paid.text()).toBe(200);
  } finally {
    await payer.dispose();
  }
}

for (const tag of ['', ' @narrow']) {
  test(`a visitor adds to a tournament's prize pool and sees it grow, and the books entry${tag}`, async ({
    page,
    browser,
  }, testInfo) => {
    // A limit, not a wait: a tournament, an invoice, a payment and two pages, on a busy machine.
    test.setTimeout(120_000);
    const width = testInfo.project.name;
    const now = Date.now();
    const name = `Pool Cup ${width} ${now % 100_000}`;
    const donor = `Backer_${width}_${now % 100_000}`;
    const admin = await browser.newContext();
    const adminPage = await admin.newPage();
    await signInAsAdmin(adminPage);
    // Running now, for a month (never the featured one other tests look at: the demo's ends sooner).
    const created = await adminPage.request.post('/api/admin/tournaments', {
      data: tournamentForm(name, 'rekt', now - 1_000, now + 30 * 86_400_000, {
        firstPlaceSats: 2100,
        secondToFifthSats: 1000,
        poolRule: 'proportional',
      }),
      headers: origin(),
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = (await created.json()).tournament.id as number;
    await admin.close();

    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`/tournament/${id}`);
    const pool = page.getByRole('region', { name: 'Prize pool' });
    await expect(pool.getByTestId('prize-pool-total')).toHaveText('6,100 sats');
    await expect(pool).toContainText('split in the same proportions as the set prizes');
    await expect(pool).toContainText('go to the arcade’s general fund');
    await waitForIsland(page, '[data-testid="prize-pool"] button');
    await pool.getByRole('button', { name: 'ADD TO THE POOL' }).click();
    await pool.getByLabel('Or your own amount').fill('500');
    await pool.getByLabel(/Your name/).fill(donor);
    await pool.getByLabel(/A short message/).fill('for the winners');
    await lookByEye(page, { path: `${SHOTS}/${width}-pool_form.png`, fullPage: true });
    await pool.getByRole('button', { name: 'ADD 500 SATS TO THE POOL' }).click();

    const invoice = pool.getByTestId('donation-invoice');
    await expect(invoice).toHaveText(/^lnbcrt5u/);
    await expect(pool.getByRole('img', { name: 'QR code of a Lightning invoice for 500 sats' })).toBeVisible();
    const pr = (await invoice.textContent())!;
    await expect(pool.getByRole('link', { name: 'OPEN IN WALLET' })).toHaveAttribute('href', `lightning:${pr}`);
    await lookByEye(page, { path: `${SHOTS}/${width}-pool_invoice.png`, fullPage: true });

    await payAsDonor(pr);
    await expect(pool.getByRole('heading', { name: `Thank you, ${donor}!` })).toBeVisible({ timeout: 30_000 });
    await expect(
      pool.getByText(`500 sats received for the prize pool of ${name}. It is in the open books now.`),
    ).toBeVisible();
    // The pool shown grew by what was credited.
    await expect(pool.getByTestId('prize-pool-total')).toHaveText('6,600 sats');
    await expect(pool.getByTestId('prize-pool-breakdown')).toHaveText('6,100 sats set + 500 given by visitors so far.');
    await lookByEye(page, { path: `${SHOTS}/${width}-pool_thanks.png`, fullPage: true });

    await pool.getByRole('link', { name: 'OPEN BOOKS', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'OPEN BOOKS' })).toBeVisible();
    const entry = page.getByRole('listitem').filter({ hasText: donor });
    await expect(entry).toContainText('500 sats');
    await expect(entry).toContainText(`for the pool of ${name} (until its winners are processed)`);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByRole('cell')).toHaveText(['500', '500', '0', '0', '0']);
    await entry.scrollIntoViewIfNeeded();
    await lookByEye(page, { path: `${SHOTS}/${width}-pool_books.png`, fullPage: true });
    expect(errors).toEqual([]);
  });
}

for (const tag of ['', ' @narrow']) {
  test(`the admin form offers the pool rule, and the Donate page says where sats go${tag}`, async ({
    page,
  }, testInfo) => {
    const width = testInfo.project.name;
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/donate');
    await expect(
      page.getByText('Your sats pay for its servers and new games, and every sat in and every prize'),
    ).toBeVisible();
    const pools = page.getByTestId('donate-pools');
    await expect(pools).toHaveText(
      'To grow a tournament’s prizes instead, choose ADD TO THE POOL on the page of the current tournament or an upcoming one.',
    );
    await expect(pools.getByRole('link', { name: 'upcoming one' })).toHaveAttribute('href', '/tournaments/upcoming');
    await lookByEye(page, { path: `${SHOTS}/${width}-pool_donate.png`, fullPage: true });

    await signInAsAdmin(page);
    await page.goto('/admin/tournaments');
    await waitForIsland(page, 'form');
    const rule = page.getByLabel('Sats visitors add to the pool');
    await expect(rule).toHaveValue('proportional');
    await rule.selectOption({ label: 'All to 1st place' });
    await expect(rule).toHaveValue('first_place');
    await rule.scrollIntoViewIfNeeded();
    await lookByEye(page, { path: `${SHOTS}/${width}-pool_admin_form.png` });
    expect(errors).toEqual([]);
  });
}
