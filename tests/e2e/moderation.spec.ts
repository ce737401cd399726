import { tournamentForm } from '../support/tournaments';
import {
  expect,
  expectAccessible,
  lookByEye,
  postSignedRun,
  registerThroughApi,
  signInAsAdmin,
  signInThroughApi,
  test,
  waitForIsland,
} from './support';

// Player management on the winners screen (README, "Player management"): a banned winner's prizes
// are withheld, marked as such, and cannot be paid or sent until the ban is lifted.

const origin = () => ({ origin: process.env.E2E_BASE_URL ?? '' });

test('the winners screen marks a banned winner WITHHELD with PAY and Distribute disabled, until the unban', async ({
  page,
  browser,
}) => {
  const now = Date.now();
  const name = `Clean Cup ${now % 100_000}`;
  const username = `shady_${now % 100_000}`;

  // The winner: a Lightning Address, and a run in the tournament.
  const winnerContext = await browser.newContext();
  const winner = await winnerContext.newPage();
  await signInThroughApi(winner, await registerThroughApi(winner.request, username));
  await signInAsAdmin(page);
  // Ends long after the demo's running tournament (never the featured one other tests look at), and
  // is ended at once below. Places 2-5 pay as the first, so another test's run cannot take the prize.
  const created = await page.request.post('/api/admin/tournaments', {
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
        data: { lightningAddress: `${username}@wallet.test` },
        headers: origin(),
      })
    ).status(),
  ).toBe(200);
  const { gameToken } = await (await winner.request.get('/api/auth/game-token?gameId=rekt')).json();
  const me = await (await winner.request.get('/api/auth/me')).json();
  expect(
    (
      await postSignedRun(winner.request, gameToken, 'rekt', { runId: `e2e-ban-${now}`, score: 3_210, level: 2 })
    ).status(),
  ).toBe(201);
  expect((await page.request.post(`/api/admin/tournaments/${id}/end`, { headers: origin() })).status()).toBe(200);
  expect(
    (await page.request.post(`/api/admin/tournaments/${id}/process-winners`, { headers: origin() })).status(),
  ).toBe(200);

  const banned = await page.request.post(`/api/admin/users/${me.user.id}/ban`, {
    data: { reason: 'Shared account' },
    headers: origin(),
  });
  expect(banned.status(), await banned.text()).toBe(200);
  // Signed out everywhere: the winner's session is gone.
  expect((await winner.request.get('/api/user/profile')).status()).toBe(401);
  await winnerContext.close();

  await page.goto(`/admin/tournaments/${id}/winners`);
  await waitForIsland(page, 'section');
  const card = page.getByRole('listitem').filter({ hasText: username }).first();
  await expect(card.getByText('WITHHELD (banned)')).toBeVisible();
  await expect(card.getByRole('button', { name: 'PAY 2,100 SATS' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Distribute' }).first()).toBeDisabled();
  await expectAccessible(page);
  await lookByEye(page, { path: 'test-results/screens/desktop-admin_winners-withheld.png', fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(card.getByText('WITHHELD (banned)')).toBeVisible();
  await lookByEye(page, { path: 'test-results/screens/mobile-admin_winners-withheld.png', fullPage: true });

  const lifted = await page.request.post(`/api/admin/users/${me.user.id}/unban`, { headers: origin() });
  expect(lifted.status(), await lifted.text()).toBe(200);
  await page.reload();
  await waitForIsland(page, 'section');
  await expect(card.getByText('WITHHELD (banned)')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'PAY 2,100 SATS' })).toBeEnabled();
  await expect(card.getByRole('button', { name: 'Distribute' }).first()).toBeEnabled();
});
