import {
  expect,
  expectNoHorizontalOverflow,
  pretendSignedIn,
  registerThroughApi,
  signInThroughLink,
  site,
  test,
  waitForSession,
} from './support';

test.describe('shared layout', () => {
  test('the header links to every section and the chat invite', async ({ page }) => {
    await page.goto('/games');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(page.getByRole('link', { name: `${site.productName} home` })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('link', { name: 'ABOUT' })).toHaveAttribute('href', '/about');
    await expect(nav.getByRole('link', { name: 'GAMES' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'LEADERBOARDS' })).toHaveAttribute('href', '/leaderboards');
    const discord = nav.getByRole('link', { name: 'JOIN DISCORD' });
    await expect(discord).toHaveAttribute('href', site.chatInviteUrl);
    await expect(discord).toHaveAttribute('target', '_blank');
  });

  test('the TOURNAMENT dropdown lists upcoming and past tournaments and closes on Escape', async ({ page }) => {
    await page.goto('/about');
    await waitForSession(page);
    const toggle = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'TOURNAMENT' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Upcoming Tournaments' })).toHaveAttribute(
      'href',
      '/tournaments/upcoming',
    );
    await expect(page.getByRole('link', { name: 'Past Tournaments' })).toHaveAttribute('href', '/tournaments/past');
    await expect(page.getByRole('link', { name: 'Active Tournament' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: 'Upcoming Tournaments' })).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('signed-out visitors see Sign In and Get Started', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
  });

  test('signed-in players see their account menu instead', async ({ page }) => {
    await pretendSignedIn(page);
    await page.goto('/about');
    const menu = page.getByRole('button', { name: 'Account menu for satoshi_fan' });
    await menu.click();
    await expect(page.getByText('My Account')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Profile & Avatars' })).toHaveAttribute('href', '/users/7');
    await expect(page.getByRole('link', { name: 'Account Settings' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin Room' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  });

  test('the footer has the description, Platform and Support links and the copyright', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const platform = footer.getByRole('navigation', { name: 'Platform' });
    for (const [name, href] of [
      ['About', '/about'],
      ['Games', '/games'],
      ['Leaderboards', '/leaderboards'],
      ['Tournament', '/tournament'],
    ]) {
      await expect(platform.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    const support = footer.getByRole('navigation', { name: 'Support' });
    for (const [name, href] of [
      ['DONATE', '/donate'],
      ['Help Center', '/help'],
      ['Contact', '/contact'],
      ['Privacy', '/privacy'],
    ]) {
      await expect(support.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await expect(footer).toContainText('Sats Arcade');
  });

  test('the footer info pages open with their content', async ({ page }) => {
    for (const [link, heading, text] of [
      ['Help Center', 'Help Center', 'magic link'],
      ['Contact', 'Contact', 'community chat'],
      ['Privacy', 'Privacy', 'cookie'],
    ] as const) {
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('main')).toContainText(text, { ignoreCase: true });
    }
  });

  test('an unknown path shows the 404 page with its exact title and text', async ({ page }) => {
    const response = await page.goto('/games/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('404 Page Not Found');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });

  // every public page's accessibility, layout shift and fit on a phone: page-health.spec.ts, one visit a page
});

test.describe('narrow screens @narrow', () => {
  test('the header turns into icon buttons', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const quick = page.getByRole('navigation', { name: 'Quick links' });
    await expect(quick.getByRole('link', { name: 'Games' })).toHaveAttribute('href', '/games');
    await expect(quick.getByRole('link', { name: 'Join Discord' })).toHaveAttribute('href', site.chatInviteUrl);
    await expect(quick.getByRole('link', { name: 'Leaderboards' })).toHaveCount(0);
    await expect(quick.getByRole('button', { name: 'Tournaments' })).toHaveCount(0);
  });

  test('signed-in players also get leaderboards and the tournament menu', async ({ page }) => {
    await pretendSignedIn(page);
    await page.goto('/');
    const quick = page.getByRole('navigation', { name: 'Quick links' });
    await expect(quick.getByRole('link', { name: 'Leaderboards' })).toHaveAttribute('href', '/leaderboards');
    await quick.getByRole('button', { name: 'Tournaments' }).click();
    await expect(page.getByRole('link', { name: 'Past Tournaments' })).toBeVisible();
  });

  test('a player with the longest, widest username still fits: the welcome, their profile and the account menu, which names them', async ({
    page,
    request,
  }) => {
    // 20 characters, the most a username may have, of the widest letter.
    const username = `W${'W'.repeat(15)}${String(Date.now() % 10_000).padStart(4, '0')}`;
    await signInThroughLink(page, await registerThroughApi(request, username));
    await expect(page.getByRole('heading', { name: new RegExp(`^Welcome( back)?, ${username}!$`) })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    const me = (await (await page.request.get('/api/auth/me')).json()).user;
    await page.goto(`/users/${me.id}`);
    await expect(page.getByRole('heading', { level: 1, name: username })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    // The phone's account button shows the avatar only; the open menu says whose account it is.
    await page.getByRole('button', { name: `Account menu for ${username}` }).click();
    const menu = page.getByRole('list').filter({ hasText: 'My Account' });
    await expect(menu.getByText(username, { exact: true })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });
});
