import { expect, test } from './support';

test.describe('about page', () => {
  test('tells the founder story, with no figure about the arcade that its data does not give', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('link', { name: 'Back to Arcade' })).toHaveAttribute('href', '/');
    const story = page.getByRole('region', { name: 'Founder story' });
    await expect(story).toContainText('June 2025');
    await expect(story).toContainText('AI assistants');
    // The old made-up tournament figures are gone (the counted ones: tests/api/figures.test.ts).
    await expect(page.getByRole('main')).not.toContainText('49');
    await expect(page.getByRole('main')).not.toContainText('5 countries');
    for (const label of ['Games in the arcade', 'Players signed up', 'Countries they play from', 'Tournaments held'])
      await expect(page.getByRole('term').filter({ hasText: label })).toBeVisible();
  });

  test('gives every game a timeline entry with goal, lesson, accolades and PLAY NOW', async ({ page }) => {
    await page.goto('/about');
    const timeline = page.getByRole('region', { name: 'Timeline' });
    const entries = timeline.getByRole('article');
    await expect(entries).toHaveCount(3);
    for (const [gameName, gameUrl] of [
      ['REKT!', '/arcade-games/rekt/'],
      ['Mr Quiz', '/arcade-games/mr-quiz/'],
      ['Fishing for Sats!', '/arcade-games/fishing-for-sats/'],
    ]) {
      const href = `/play?${new URLSearchParams({ url: gameUrl, name: gameName })}`;
      await expect(timeline.locator(`a[href="${href}"]`)).toHaveText('PLAY NOW');
    }
    for (const entry of await entries.all()) {
      await expect(entry.getByText('Goal')).toBeVisible();
      await expect(entry.getByText('Lesson learned')).toBeVisible();
      await expect(entry.getByText('Accolades')).toBeVisible();
    }
    await expect(timeline).toContainText('Tournaments with sats prize pools and avatars for the best');
  });

  test('PLAY NOW goes straight to the play page without a sign-in check', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('region', { name: 'Timeline' }).getByRole('link', { name: 'PLAY NOW' }).first().click();
    await expect(page).toHaveURL((url) => url.pathname === '/play' && url.searchParams.get('name') === 'REKT!');
  });

  test('links to the donation page and the games', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('link', { name: 'Send Sats' })).toHaveAttribute('href', '/donate');
    await page.getByRole('link', { name: 'Check out the games!' }).click();
    await expect(page).toHaveURL(/\/games$/);
  });
});
