import { tournamentForm } from '../support/tournaments';
import {
  expect,
  expectAccessible,
  expectToast,
  postSignedRun,
  registerThroughApi,
  signInAsAdmin,
  signInThroughApi,
  test,
  waitForIsland,
} from './support';

// Lightning payouts as an admin and a visitor see them (README, "Lightning payouts"): the e2e
// server pays through the test Lightning network the global setup starts (a nostr relay, an NWC
// test wallet, an HTTPS LNURL server for wallet.test addresses).

const origin = () => ({ origin: process.env.E2E_BASE_URL ?? '' });

test('an admin pays a prize from the winners screen, and the public proof checks it in the browser', async ({
  page,
  browser,
}) => {
  // A limit, not a wait: paying and two pages, on a busy machine.
  test.setTimeout(180_000);
  const now = Date.now();
  const name = `Lightning Cup ${now % 100_000}`;
  const username = `zapper_${now % 100_000}`;
  const address = `${username}@wallet.test`;

  // The winner: a Lightning Address, and a run in the tournament.
  const winnerContext = await browser.newContext();
  const winner = await winnerContext.newPage();
  await signInThroughApi(winner, await registerThroughApi(winner.request, username));
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signInAsAdmin(adminPage);
  // Places 2-5 are paid as much as the first, so the winner has a prize even if another test's run
  // enters the tournament meanwhile with a higher score. It ends long after the demo's running
  // tournament (never the featured one other tests look at), and is ended at once below: how a
  // tournament ends on the server's clock is the admin journey's (admin-tournaments.spec.ts).
  const created = await adminPage.request.post('/api/admin/tournaments', {
    data: tournamentForm(name, 'rekt', now - 1_000, now + 30 * 86_400_000, {
      firstPlaceSats: 2100,
      secondToFifthSats: 2100,
    }),
    headers: origin(),
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).tournament.id as number;
  expect(
    (
      await winner.request.put('/api/account/lightning-address', {
        data: { lightningAddress: address },
        headers: origin(),
      })
    ).status(),
  ).toBe(200);
  const { gameToken } = await (await winner.request.get('/api/auth/game-token?gameId=rekt')).json();
  expect(
    (
      await postSignedRun(winner.request, gameToken, 'rekt', { runId: `e2e-zap-${now}`, score: 4_321, level: 2 })
    ).status(),
  ).toBe(201);
  await winnerContext.close();

  // The admin ends the tournament now (End Now); its winners are processed.
  expect((await adminPage.request.post(`/api/admin/tournaments/${id}/end`, { headers: origin() })).status()).toBe(200);
  expect(
    (await adminPage.request.post(`/api/admin/tournaments/${id}/process-winners`, { headers: origin() })).status(),
  ).toBe(200);
  await admin.close();

  // The admin pays from the winners screen.
  await signInAsAdmin(page);
  await page.goto(`/admin/tournaments/${id}/winners`);
  await waitForIsland(page, 'section');
  await expect(page.getByText('Automatic payment off')).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: username }).first();
  await expect(card).toContainText(address);
  await card.getByRole('button', { name: 'PAY 2,100 SATS' }).click();
  await page
    .getByRole('dialog', {
      name: 'Are you sure you want to pay this prize over Lightning? This action cannot be undone.',
    })
    .getByRole('button', { name: 'Pay', exact: true })
    .click();
  await expectToast(page, 'Prize Paid', `2,100 sats paid to ${username} over Lightning.`, 'success');
  await expect(card).toContainText('SENT');
  await expect(card).toContainText('Paid over Lightning');
  await expect(card.getByRole('button', { name: 'PAY 2,100 SATS' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Audit Log' })).toContainText(
    /paid prize #\d+ \(2,100 sats\) over Lightning/,
  );
  await expectAccessible(page);

  // A visitor: the results page marks the prize, and the proof page checks it in their browser.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/tournament/${id}/results`);
  const rewards = visitor.getByRole('region', { name: 'Bitcoin Rewards' });
  await expect(rewards.getByRole('listitem').filter({ hasText: username })).toContainText('Paid over Lightning');
  await rewards.getByRole('link', { name: /Check the payments/ }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: `${name}: Prize Payments` })).toBeVisible();
  const proof = visitor.getByRole('listitem').filter({ hasText: username });
  await expect(proof).toContainText('Paid over Lightning');
  await expect(proof.getByRole('status')).toContainText('Checked in your browser');
  await expect(proof).not.toContainText('lnbcrt');
  await expectAccessible(visitor);
  await visitorContext.close();
});
