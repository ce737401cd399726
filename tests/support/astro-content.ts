// Stands in for `astro:content` in Vitest (which runs outside Astro): the games collection as the
// server's catalogue and the new-game mails read it, in catalogue order, with the fields they use.

const games = [
  {
    listed: true,
    gameId: 'fishing-for-sats',
    description: 'Cast, reel and catch Bitcoin-themed fish.',
    detailsPath: '/games/fishing-for-sats',
    name: 'Fishing for Sats!',
    url: '/arcade-games/fishing-for-sats/',
    limits: { maxScore: 1_000_000, maxLevel: 100, maxFishPerRun: 200 },
    results: { fish: true, formations: false, levels: false },
    achievements: false,
    fairPlay: 'replay',
  },
  {
    listed: true,
    gameId: 'rekt',
    description: 'Flap and stack sats to protect your capital from inflation.',
    detailsPath: '/games/rekt',
    name: 'REKT!',
    url: '/arcade-games/rekt/',
    limits: { maxScore: 1_000_000, maxLevel: 1000, maxFishPerRun: 0 },
    results: { fish: false, formations: true, levels: true },
    achievements: true,
    fairPlay: 'replay',
  },
  {
    listed: true,
    gameId: 'mr-quiz',
    description: 'Fresh trivia every game.',
    detailsPath: '/games/mr-quiz',
    name: 'Mr Quiz',
    url: '/arcade-games/mr-quiz/',
    limits: { maxScore: 100_000, maxLevel: 100, maxFishPerRun: 0 },
    results: { fish: false, formations: false, levels: true },
    achievements: false,
    fairPlay: 'replay',
  },
];

export async function getCollection(name: string) {
  if (name !== 'games') throw new Error(`the test stand-in for astro:content has no "${name}" collection`);
  return games.map((data) => ({ id: data.gameId, collection: 'games', data }));
}
