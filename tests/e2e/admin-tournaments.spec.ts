import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { tournamentForm } from '../support/tournaments';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectToast,
  lookByEye,
  postSignedRun,
  registerThroughApi,
  signInAsAdmin,
  signInThroughApi,
  test,
  waitForIsland,
} from './support';

// The admin journey on the real server: an admin creates a tournament with an uploaded
// image and an avatar reward, duplicates and edits it, the tournament ends, winners are processed
// and a prize distributed, and the winner finds the avatar on their profile.

const pad = (n: number) => String(n).padStart(2, '0');
/** A `datetime-local` value in this machine's time zone (the browser's too), with seconds. */
const local = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

async function openTournaments(page: Page) {
  await page.goto('/admin/tournaments');
  await expect(page.getByRole('heading', { level: 1, name: 'Tournaments' })).toBeVisible();
  await waitForIsland(page, 'form');
}

test.describe('admin room: tournaments, winners and prizes', () => {
  // A limit, not a wait: the journey takes about 1.6 min here beside one other test, so twice that
  // on a machine twice as slow.
  test.setTimeout(240_000);

  test('an admin runs a tournament from creation to a distributed avatar the winner finds on their profile', async ({
    page,
    browser,
  }) => {
    const stamp = Date.now() % 100_000;
    const winnerName = `Cup_Winner_${stamp}`;

    // the player scores in REKT! before the tournament is created: its window covers the run
    const playerContext = await browser.newContext();
    const player = await playerContext.newPage();
    const email = await registerThroughApi(player.request, winnerName);
    await signInThroughApi(player, email);
    const { gameToken } = await (await player.request.get('/api/auth/game-token?gameId=rekt')).json();
    const me = await (await player.request.get('/api/auth/me')).json();
    const runAt = Date.now();
    const run = await postSignedRun(player.request, gameToken, 'rekt', {
      runId: `e2e-cup-${stamp}`,
      score: 987_654,
      level: 9,
    });
    expect(run.status()).toBe(201);

    await signInAsAdmin(page);
    await openTournaments(page);
    const form = page.getByRole('form', { name: 'Create Tournament' });
    await expect(form.getByLabel('Game', { exact: true })).toHaveValue('rekt');
    // the games whose catalogue entries say `tournaments: true`, the form's default first (SPEC: rekt, fishing-for-sats)
    await expect(form.getByLabel('Game', { exact: true }).locator('option')).toHaveText(['REKT!', 'Fishing for Sats!']);
    await expect(form.getByLabel('1st Place', { exact: true })).toHaveAttribute('placeholder', '21000');
    await expect(form.getByLabel('2nd - 5th Place (each)')).toHaveAttribute('placeholder', '5000');
    await expect(form.getByLabel('Random Participant')).toHaveAttribute('placeholder', '1000');
    await expect(form).toContainText('Prize pool: 0 sats');

    const name = `Flash Cup ${stamp}`;
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Description', { exact: true }).fill('Twelve seconds of glory.');
    const banner = await sharp({ create: { width: 640, height: 320, channels: 3, background: '#f7931a' } })
      .jpeg()
      .toBuffer();
    await form
      .getByLabel('Upload Image')
      .setInputFiles({ name: 'flash-cup.jpg', mimeType: 'image/jpeg', buffer: banner });
    await expect(form.getByText(/^Uploaded as tournament_\d+_flash-cup\.jpg/)).toBeVisible();
    await expect(form.getByText(/^\/api\/assets\/tournament\/tournament_\d+_flash-cup\.jpg$/)).toBeVisible();
    await form.getByLabel('1st Place', { exact: true }).fill('21000');
    await form.getByLabel('2nd - 5th Place (each)').fill('5000');
    await form.getByLabel('Random Participant').fill('1000');
    await expect(form).toContainText('Prize pool: 42,000 sats');

    const laser = form.getByRole('button', { name: 'Laser Eyes', exact: true });
    await laser.click();
    await expect(laser).toHaveAttribute('aria-pressed', 'true');
    await laser.click();
    await expect(laser).toHaveAttribute('aria-pressed', 'false');
    await laser.click();
    await form.getByLabel('Eligibility', { exact: true }).selectOption('first_place');
    await form.getByRole('button', { name: 'Add Reward: Laser Eyes' }).click();
    await expect(form.getByRole('list', { name: 'Avatar rewards' })).toContainText('Laser EyesFirst Place Only');

    await form.getByLabel('Report', { exact: true }).fill('# Flash Cup\n\nThe **fastest** cup.');
    await expect(form.getByLabel('Report preview').getByRole('heading', { name: 'Flash Cup' })).toBeVisible();
    // the dates last: the tournament runs from before the player's run until a little after it is
    // created, whatever time the form took to fill
    await form.getByLabel('Start', { exact: true }).fill(local(runAt - 5_000));
    await form.getByLabel('End', { exact: true }).fill(local(Date.now() + 12_000));
    await form.getByRole('button', { name: 'Create Tournament' }).click();
    await expectToast(page, 'Tournament Created', `"${name}" was saved.`, 'success');
    const active = page.getByRole('region', { name: /^Active/ });
    await expect(active.getByRole('listitem').filter({ hasText: name })).toContainText('1 participant');
    // its id while it is active (a slow machine may reach its end before the steps below are done)
    const created = (await (await page.request.get('/api/tournaments?status=active')).json()).tournaments.find(
      (t: { name: string }) => t.name === name,
    );
    expect(created).toBeDefined();
    await lookByEye(page, { path: 'test-results/screens/desktop-admin_tournaments-journey.png', fullPage: true });

    // duplicate: the name + ' (Copy)', same game and description, no dates, image or rewards
    await active.getByRole('button', { name: `Duplicate ${name}` }).click();
    const copy = page.getByRole('form', { name: 'Create Tournament' });
    await expect(copy.getByLabel('Name', { exact: true })).toHaveValue(`${name} (Copy)`);
    await expect(copy.getByLabel('Description', { exact: true })).toHaveValue('Twelve seconds of glory.');
    await expect(copy.getByLabel('Start', { exact: true })).toHaveValue('');
    await expect(copy.getByLabel('End', { exact: true })).toHaveValue('');
    await expect(copy).toContainText('No image.');
    await expect(copy).toContainText('No avatar rewards yet.');
    await copy.getByRole('button', { name: 'Create Tournament' }).click();
    await expect(copy.getByRole('alert')).toHaveText('The start date is required.');
    await copy.getByLabel('Start', { exact: true }).fill(local(Date.now() + 86_400_000));
    await copy.getByLabel('End', { exact: true }).fill(local(Date.now() + 2 * 86_400_000));
    await copy.getByRole('button', { name: 'Create Tournament' }).click();
    await expectToast(page, 'Tournament Created', `"${name} (Copy)" was saved.`, 'success');

    // edit the copy, then delete it
    const upcoming = page.getByRole('region', { name: /^Upcoming/ });
    await upcoming.getByRole('button', { name: `Edit ${name} (Copy)` }).click();
    const edit = page.getByRole('form', { name: 'Edit Tournament' });
    await expect(edit.getByLabel('Name', { exact: true })).toHaveValue(`${name} (Copy)`);
    await edit.getByLabel('Name', { exact: true }).fill(`${name} Encore`);
    await edit.getByRole('button', { name: 'Update Tournament' }).click();
    await expectToast(page, 'Tournament Updated', `"${name} Encore" was saved.`, 'success');
    await upcoming.getByRole('button', { name: `Delete ${name} Encore` }).click();
    await page
      .getByRole('dialog', { name: `Are you sure you want to delete "${name} Encore"?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expectToast(page, 'Tournament Deleted', `"${name} Encore" was deleted.`, 'success');
    await expect(upcoming.getByText(`${name} Encore`)).toHaveCount(0);

    // editing the real one recovers its image's name
    await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    await expect(
      page.getByRole('form', { name: 'Edit Tournament' }).getByText('flash-cup.jpg', { exact: true }),
    ).toBeVisible();
    // The form's Cancel: the delete question may still be fading out (the dialog's close transition).
    await page.getByRole('form', { name: 'Edit Tournament' }).getByRole('button', { name: 'Cancel' }).click();

    // the tournament ends: the server's clock says when
    await expect
      .poll(async () => (await (await page.request.get(`/api/tournaments/${created.id}`)).json()).status, {
        timeout: 60_000,
        intervals: [1_000],
      })
      .toBe('past');
    await openTournaments(page);
    const past = page.getByRole('region', { name: /^Past/ });
    await past.getByRole('button', { name: `Process Winners of ${name}` }).click();
    await page
      .getByRole('dialog', { name: `Process winners and create prize awards for "${name}"?` })
      .getByRole('button', { name: 'Process Winners' })
      .click();
    // Places 1-5 are paid, and a random participant: 2 Bitcoin awards for the winner alone (the
    // worker's arcade runs one test at a time, so no other test's run enters the window).
    await expectToast(page, 'Winners Processed', 'Created 2 Bitcoin and 1 Avatar awards.', 'success');

    await past.getByRole('link', { name: `View Winners of ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await waitForIsland(page, 'section');
    const card = page.getByRole('listitem').filter({ hasText: winnerName });
    await expect(card).toContainText('#1');
    await expect(card).toContainText('987,654 points');
    await expect(card).toContainText('21,000 sats');
    await card
      .getByRole('listitem')
      .filter({ hasText: 'Laser Eyes' })
      .getByRole('button', { name: 'Distribute' })
      .click();
    const confirm = page.getByRole('dialog', {
      name: 'Are you sure you want to distribute this prize? This action cannot be undone.',
    });
    await confirm.getByLabel('Payment proof (optional)').fill('avatar, no payment');
    await confirm.getByRole('button', { name: 'Distribute' }).click();
    await expectToast(page, 'Prize Distributed', "The avatar is now in the player's collection.", 'success');
    await expect(card.getByRole('listitem').filter({ hasText: 'Laser Eyes' })).toContainText('SENT');
    // Distribute on a sats prize sends nothing: the dialog says it records a payment made elsewhere.
    await card
      .getByRole('listitem')
      .filter({ hasText: '21,000 sats' })
      .getByRole('button', { name: 'Distribute' })
      .click();
    await expect(confirm).toContainText(
      `21,000 sats to ${winnerName}. This records the prize as paid another way: it sends no sats.`,
    );
    await expect(confirm.getByRole('button', { name: 'Mark as Sent' })).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('region', { name: 'Audit Log' })).toContainText('sent prize');
    await expect(
      page.getByRole('region', { name: 'Avatar Rewards' }).getByRole('button', { name: 'All Sent' }),
    ).toBeDisabled();
    await expectAccessible(page);
    await lookByEye(page, { path: 'test-results/screens/desktop-admin_winners-journey.png', fullPage: true });

    // the results page shows the rewards to everyone (an admin's write forgets any kept copy)
    const tournamentId = /\/admin\/tournaments\/(\d+)\/winners/.exec(page.url())![1];
    await player.goto(`/tournament/${tournamentId}/results`);
    const bitcoin = player.getByRole('region', { name: 'Bitcoin Rewards' });
    await expect(
      bitcoin.getByRole('listitem').filter({ hasText: winnerName }).filter({ hasText: '21,000 sats' }),
    ).toContainText('Rank #1');
    await expect(
      player.getByRole('region', { name: 'Avatar Rewards' }).getByRole('listitem').filter({ hasText: 'Laser Eyes' }),
    ).toContainText('1 player earned this avatar');

    // the winner finds the avatar on their profile
    await player.goto(`/users/${me.user.id}`);
    await expect(player.getByText('Laser Eyes').first()).toBeVisible();
    await playerContext.close();
  });

  test('an admin ends an active tournament at once from the list, after a confirmation naming it, and finds it under Past', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const now = Date.now();
    const name = `Oops Cup ${now % 100_000}`;
    // ending after the demo's running tournament, so it is never the featured one other tests look at
    const created = await page.request.post('/api/admin/tournaments', {
      data: tournamentForm(name, 'rekt', now - 60_000, now + 30 * 86_400_000, { firstPlaceSats: 2100 }),
      headers: { origin: process.env.E2E_BASE_URL ?? '' },
    });
    expect(created.status(), await created.text()).toBe(201);

    await openTournaments(page);
    const active = page.getByRole('region', { name: /^Active/ });
    const past = page.getByRole('region', { name: /^Past/ });
    await expect(active.getByRole('listitem').filter({ hasText: name })).toBeVisible();
    // only running tournaments can be ended
    await expect(
      page.getByRole('region', { name: /^Upcoming/ }).getByRole('button', { name: /^End Now / }),
    ).toHaveCount(0);
    await expect(past.getByRole('button', { name: /^End Now / })).toHaveCount(0);
    await lookByEye(page, { path: 'test-results/screens/desktop-admin_tournaments-end-now.png', fullPage: true });

    // Cancel first: nothing changes
    await active.getByRole('button', { name: `End Now ${name}`, exact: true }).click();
    const question = page.getByRole('dialog', { name: `End "${name}" now?` });
    await expect(question).toContainText(
      'Its board freezes at once and no new run enters it; its winners can then be processed.',
    );
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeHidden();
    await expect(active.getByRole('listitem').filter({ hasText: name })).toBeVisible();

    await active.getByRole('button', { name: `End Now ${name}`, exact: true }).click();
    await expect(question).toBeVisible();
    await expectAccessible(page);
    await lookByEye(page, { path: 'test-results/screens/desktop-admin_tournaments-end-now-confirm.png' });
    await question.getByRole('button', { name: 'End Now' }).click();
    await expectToast(
      page,
      'Tournament Ended',
      `Tournament "${name}" ended: its winners can now be processed.`,
      'success',
    );
    await expect(active.getByText(name)).toHaveCount(0);
    await expect(past.getByRole('button', { name: `Process Winners of ${name}` })).toBeVisible();
    expect(
      (await (await page.request.get(`/api/tournaments/${(await created.json()).tournament.id}`)).json()).status,
    ).toBe('past');
  });

  test('the form refuses prize amounts that are not digits or more than every bitcoin, naming the field, before sending', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await openTournaments(page);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/admin/tournaments')
        sent.push(request.url());
    });
    const form = page.getByRole('form', { name: 'Create Tournament' });
    await form.getByLabel('Name', { exact: true }).fill('Amounts Check Cup');
    await form.getByLabel('Start', { exact: true }).fill(local(Date.now() + 86_400_000));
    await form.getByLabel('End', { exact: true }).fill(local(Date.now() + 2 * 86_400_000));
    const first = form.getByLabel('1st Place', { exact: true });
    const random = form.getByLabel('Random Participant');
    await first.fill('1e3');
    await random.fill('9007199254740991');
    await expect(form).toContainText('Prize pool: -');
    await form.getByRole('button', { name: 'Create Tournament' }).click();
    await expect(
      form.getByText('1st Place must be a whole number of sats, typed as digits (like 21000).'),
    ).toBeVisible();
    await expect(
      form.getByText('Random Participant is more than every bitcoin there is: at most 2,100,000,000,000,000 sats.'),
    ).toBeVisible();
    await expect(form.getByRole('alert')).toHaveText('Fix the prize amounts marked above.');
    await expect(first).toBeFocused();
    await expect(first).toHaveAttribute('aria-invalid', 'true');
    await expect(form).not.toContainText('firstPlaceSats');

    // each message goes as soon as its field is right
    await first.fill('1000');
    await expect(form.getByText(/^1st Place must be/)).toHaveCount(0);
    await expect(first).not.toHaveAttribute('aria-invalid', /.*/);
    await random.fill('');
    await expect(form.getByText(/^Random Participant is more/)).toHaveCount(0);
    await expect(form.getByRole('alert')).toHaveCount(0);
    await expect(form).toContainText('Prize pool: 1,000 sats');
    expect(sent).toEqual([]);
  });

  test('the winners screen of a tournament that has not ended says when it ends or starts, never Ended', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const { tournaments } = (await (await page.request.get('/api/admin/tournaments')).json()) as {
      tournaments: { id: number; name: string; status: string; startDate: string; endDate: string }[];
    };
    const date = (iso: string) =>
      new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: '2-digit' }).format(new Date(iso));
    const active = tournaments.find((t) => t.name === 'Halving Championship')!;
    const upcoming = tournaments.find((t) => t.name === 'HODL Marathon')!;
    const past = tournaments.find((t) => t.name === 'Genesis Cup')!;
    for (const [t, badge, note] of [
      [active, 'ACTIVE', `Ends ${date(active.endDate)}`],
      [upcoming, 'UPCOMING', `Starts ${date(upcoming.startDate)}`],
      [past, 'COMPLETED', `Ended ${date(past.endDate)}`],
    ] as const) {
      await page.goto(`/admin/tournaments/${t.id}/winners`);
      const header = page.getByRole('heading', { level: 1, name: t.name }).locator('xpath=following-sibling::p[1]');
      await expect(header).toContainText(badge);
      await expect(header).toContainText(note);
      if (t !== past) await expect(header).not.toContainText('Ended');
    }
    await expect(page.getByText('Winners will be available once the tournament ends.')).toHaveCount(0);
  });

  test("the winners screen names every prize in the spec's words, with one kind of status badge", async ({ page }) => {
    await signInAsAdmin(page);
    const { tournaments } = (await (await page.request.get('/api/admin/tournaments')).json()) as {
      tournaments: { id: number; name: string }[];
    };
    const genesis = tournaments.find((t) => t.name === 'Genesis Cup')!;
    await page.goto(`/admin/tournaments/${genesis.id}/winners`);
    await waitForIsland(page, 'section');
    const winners = page.getByRole('region', { name: 'Winners' });
    for (const label of [
      '1st Place',
      '2nd Place',
      '5th Place',
      'Random Participant',
      'First Place Only',
      'All Players',
    ])
      await expect(winners.getByText(label, { exact: true }).first()).toBeVisible();
    await expect(winners).not.toContainText(/first_place|all_players|random_participant|top_\d|place_\d|first place\b/);
    const badges = await winners.locator('.badge').allTextContents();
    expect(badges.length).toBeGreaterThan(0);
    expect(new Set(badges)).toEqual(new Set(['PENDING', 'SENT']));
    await expect(page.getByRole('region', { name: 'Avatar Rewards' })).toContainText('First Place Only');
    await lookByEye(page, { path: 'test-results/screens/desktop-admin_winners-labels.png', fullPage: true });
  });

  test('a route id that is no tournament shows Invalid Tournament with Go Back', async ({ page }) => {
    await signInAsAdmin(page);
    for (const path of ['/admin/tournaments/abc/winners', '/admin/tournaments/999999/winners']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Invalid Tournament' })).toBeVisible();
      await expect(page.getByText('Tournament ID not found.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/admin/tournaments');
    }
  });

  test('@narrow the tournaments page fits a 360 px screen', async ({ page }) => {
    await signInAsAdmin(page);
    await openTournaments(page);
    const form = page.getByRole('form', { name: 'Create Tournament' });
    await form.getByLabel('1st Place', { exact: true }).fill('1e3');
    await form.getByRole('button', { name: 'Create Tournament' }).click();
    await expect(form.getByText(/^1st Place must be a whole number/)).toBeVisible();
    // an active tournament's End Now fits beside its other actions
    await expect(
      page
        .getByRole('region', { name: /^Active/ })
        .getByRole('button', { name: /^End Now / })
        .first(),
    ).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await lookByEye(page, { path: 'test-results/screens/narrow-admin_tournaments.png', fullPage: true });
  });

  test('@narrow the winners screen fits a 360 px screen', async ({ page }) => {
    await signInAsAdmin(page);
    const { tournaments } = (await (await page.request.get('/api/admin/tournaments')).json()) as {
      tournaments: { id: number; name: string }[];
    };
    await page.goto(`/admin/tournaments/${tournaments.find((t) => t.name === 'Genesis Cup')!.id}/winners`);
    await waitForIsland(page, 'section');
    await expectNoHorizontalOverflow(page);
    await lookByEye(page, { path: 'test-results/screens/narrow-admin_winners.png', fullPage: true });
  });
});
