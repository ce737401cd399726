import { registerThroughApi, signInThroughLink, test, pretendSignedIn } from './support';

const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const DAY = 86400000;
const t = (status: string) => ({
  id: 41, name: 'Winter Fishing Derby Deluxe', gameId: 'fishing-for-sats', description: 'Stack sats before the snow melts. Every run inside the window counts.',
  startDate: status === 'active' ? at(-DAY) : at(2 * DAY + 3600e3), endDate: at(5 * DAY), startTime: status === 'active' ? at(-DAY) : at(2 * DAY + 3600e3), status, participantCount: 12, imageUrl: null,
  rewards: { totalPrizePool: 21000, prizeDistribution: { '1': 10000, '2-5': 2000, random: 3000 }, avatarRewards: ['btc-player', 'laser-eyes', 'hodl-knight', 'pizza-chef', 'sats-miner'].map((id) => ({ avatarId: id, avatarName: id, imageUrl: `/api/assets/avatars/${id}.png`, unlockCriteria: 'Top 3 finish, with at least 5,000 points', requirement: { type: 'top_3', value: 3, minScore: 5000 } })) },
  hasReport: false,
});
const board = { entries: Array.from({ length: 8 }, (_, i) => ({ rank: i + 1, userId: 500 + i, username: ['reel_queen', 'bass_hodler', 'ColdCardCarl', 'satoshi_fan', 'koi_maxi', 'hodl_hooker', 'tuna_stacker', 'minnow'][i], score: 18450 - i * 1234, level: null, country: 'DE', createdAt: '2026-10-02T09:12:00.000Z', fishCaught: 3, fishDetails: [{ name: 'Golden Koi', points: 900, weight: 3.4, quality: 5 }], activeAvatar: null })), pagination: { page: 1, limit: 50, hasMore: false, totalPlayers: 8 } };

for (const [name, vp] of [['desktop', { width: 1366, height: 900 }], ['narrow', { width: 360, height: 780 }]] as const) {
  test(`shots ${name}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(vp);
    const email = await registerThroughApi(request, `shot_${name.slice(0, 1)}${Date.now() % 100000}`);
    await signInThroughLink(page, email);
    await page.route('**/api/tournaments/featured', (r) => r.fulfill({ json: t('active') }));
    await page.route('**/api/tournaments/41/leaderboard*', (r) => r.fulfill({ json: board }));
    await page.goto('/tournament');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/featured-${name}.png`, fullPage: true });
    await page.unroute('**/api/tournaments/featured');
    await page.route('**/api/tournaments/featured', (r) => r.fulfill({ json: t('upcoming') }));
    await page.goto('/');
    await page.getByText('FEATURED TOURNAMENT').scrollIntoViewIfNeeded();
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `/tmp/shots/dashboard-${name}.png` });
  });
}
