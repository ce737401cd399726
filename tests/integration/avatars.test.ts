import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getAchievements } from '~/server/achievements/achievements';
import { findImage, imageResponse } from '~/server/assets/images';
import { setNotifyNewGames } from '~/server/auth/accounts';
import { findSession, createSession } from '~/server/auth/sessions';
import { claimAchievementAvatar } from '~/server/avatars/claims';
import { findActiveAvatar, getAvatarCollection, setActiveAvatar } from '~/server/avatars/collection';
import type { AppError } from '~/server/shared/errors';
import { failure } from '../support/failure';
import { submitRun, type GameRules } from '~/server/games/runs';
import { leaderboardPage } from '~/server/leaderboards/boards';
import { Rankings, SYNC_INTERVAL_MS } from '~/server/leaderboards/rankings';
import { findPublicProfile, getOwnProfile } from '~/server/profiles/profiles';
import { REKT_FORMATIONS } from '~/lib/schemas/games';
import { addPlayer, DIALECTS, freshServices, type TestServices } from '../support/services';

const rekt: GameRules = {
  gameId: 'rekt',
  maxScore: 1_000_000,
  maxLevel: 1000,
  maxFishPerRun: 0,
  hasFish: false,
  hasFormations: true,
};
const quiz: GameRules = {
  gameId: 'mr-quiz',
  maxScore: 100_000,
  maxLevel: 100,
  maxFishPerRun: 0,
  hasFish: false,
  hasFormations: false,
};
const T0 = Date.UTC(2026, 10, 1);

describe.each(DIALECTS)('achievements, avatars and profiles on %s', (dialect) => {
  let s: TestServices;
  let runs = 0;

  async function play(userId: number, score: number, game = rekt, extra: object = {}, at = T0 + runs * 1000) {
    await submitRun(s, game, userId, { runId: `run-${++runs}`, score, level: 3, ...extra }, at, 1_000);
  }
  const card = async (userId: number, id: string) => (await getAchievements(s, userId)).cards.find((c) => c.id === id)!;
  const claim = (userId: number, achievementCardId: string, avatarId: string, extra: object = {}) =>
    claimAchievementAvatar(s, userId, { achievementCardId, avatarId, ...extra });

  beforeEach(async () => {
    s = await freshServices(dialect);
  });
  afterEach(async () => {
    await s.close();
  });

  describe('achievement cards from real rows', () => {
    it('a new player has 0 of 18, every card locked and nothing claimed', async () => {
      const ann = await addPlayer(s.db, 'ann');
      const answer = await getAchievements(s, ann);
      expect(answer.completed).toBe(0);
      expect(answer.total).toBe(18);
      expect(answer.cards.map((c) => [c.id, c.completedCount, c.totalCount, c.completed, c.claimed])).toEqual([
        ['perfect', 0, 8, false, false],
        ['beginner', 0, 3, false, false],
        ['pro', 0, 3, false, false],
        ['hardcore', 0, 3, false, false],
        ['tourney-regular', 0, 1, false, false],
      ]);
    });

    it.each([
      [4999, 0, 0, 0],
      [5000, 1, 0, 0],
      [14999, 2, 0, 0],
      [15000, 3, 0, 0],
      [19999, 3, 0, 0],
      [20000, 3, 1, 0],
      [40000, 3, 3, 0],
      [49999, 3, 3, 0],
      [50000, 3, 3, 1],
      [249999, 3, 3, 2],
      [250000, 3, 3, 3],
    ])(
      'a best REKT! run of %i unlocks %i beginner, %i pro and %i hardcore tiers',
      async (score, beginner, pro, hardcore) => {
        const ann = await addPlayer(s.db, 'ann');
        await play(ann, score);
        await play(ann, 10); // a lower later run takes nothing away
        const answer = await getAchievements(s, ann);
        const counts = Object.fromEntries(answer.cards.map((c) => [c.id, c.completedCount]));
        expect([counts.beginner, counts.pro, counts.hardcore]).toEqual([beginner, pro, hardcore]);
        expect(answer.completed).toBe(beginner + pro + hardcore);
        expect(answer.cards.find((c) => c.id === 'beginner')!.completed).toBe(beginner === 3);
      },
    );

    it('only the achievement game counts for the score cards', async () => {
      const ann = await addPlayer(s.db, 'ann');
      await play(ann, 90_000, quiz);
      expect((await getAchievements(s, ann)).completed).toBe(0);
    });

    it('formations unlocked in any run count for good on the perfect card', async () => {
      const ann = await addPlayer(s.db, 'ann');
      await play(ann, 100, rekt, { achievements: { spiral: true, zigzag: true } });
      await play(ann, 100, rekt, { achievements: { spiral: false, 'long line': true } });
      const perfect = await card(ann, 'perfect');
      expect(perfect.completedCount).toBe(3);
      expect(perfect.achievements.filter((a) => a.unlocked).map((a) => a.name)).toEqual([
        'Long Line',
        'Spiral',
        'Zigzag',
      ]);
      await play(ann, 100, rekt, { achievements: Object.fromEntries(REKT_FORMATIONS.map((f) => [f, true])) });
      expect((await card(ann, 'perfect')).completed).toBe(true);
    });

    it('the tournament card stays at 0 of 10 until tournaments exist', async () => {
      const ann = await addPlayer(s.db, 'ann');
      const regular = await card(ann, 'tourney-regular');
      expect(regular.achievements[0]).toMatchObject({ unlocked: false, targetCount: 10, currentCount: 0 });
    });
  });

  describe("claiming a card's avatar", () => {
    it('a completed card gives its avatar once, from that card, and the card reads claimed', async () => {
      const ann = await addPlayer(s.db, 'ann');
      await play(ann, 15_000);
      expect(
        await claim(ann, 'beginner', 'fiat-bird', {
          avatarName: 'REKT! Beginner',
          avatarImage: '/api/assets/avatars/fiat-bird.png',
        }),
      ).toEqual({
        message: 'REKT! Beginner has joined your collection!',
      });
      const rows = await s.db.selectFrom('player_avatars').selectAll().where('user_id', '=', ann).execute();
      expect(rows.map((r) => [r.avatar_id, r.source])).toEqual([['fiat-bird', 'beginner']]);
      expect((await card(ann, 'beginner')).claimed).toBe(true);
      expect(await failure(claim(ann, 'beginner', 'fiat-bird'))).toEqual({
        status: 409,
        message: 'REKT! Beginner is already in your collection.',
      });
    });

    it('refuses an unknown card, a wrong avatar, a wrong name or image, and an incomplete card, saying why', async () => {
      const ann = await addPlayer(s.db, 'ann');
      await play(ann, 14_999);
      expect(await failure(claim(ann, 'legend', 'fiat-bird'))).toEqual({
        status: 404,
        message: 'There is no achievement card "legend".',
      });
      expect(await failure(claim(ann, 'beginner', 'fiat-clown'))).toEqual({
        status: 400,
        message: 'The reward of REKT! Beginner is REKT! Beginner, not "fiat-clown".',
      });
      expect((await failure(claim(ann, 'beginner', 'fiat-bird', { avatarName: 'Golden Bird' }))).status).toBe(400);
      expect((await failure(claim(ann, 'beginner', 'fiat-bird', { avatarImage: '/elsewhere.png' }))).status).toBe(400);
      expect(await failure(claim(ann, 'beginner', 'fiat-bird'))).toEqual({
        status: 409,
        message: 'Complete every achievement of REKT! Beginner first: 2 of 3 unlocked.',
      });
      expect(await s.db.selectFrom('player_avatars').selectAll().execute()).toEqual([]);
    });

    it('two claims at once give one avatar: one succeeds, the other is told it is already there', async () => {
      const ann = await addPlayer(s.db, 'ann');
      await play(ann, 40_000);
      const results = await Promise.allSettled([1, 2, 3, 4].map(() => claim(ann, 'pro', 'bitcoin-duck')));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect((r.reason as AppError).status).toBe(409);
      const rows = await s.db.selectFrom('player_avatars').select('avatar_id').where('user_id', '=', ann).execute();
      expect(rows).toEqual([{ avatar_id: 'bitcoin-duck' }]);
    });
  });

  describe('the collection and the active avatar', () => {
    it('an owned avatar becomes active and shows in the own profile, the session user and the collection', async () => {
      const ann = await addPlayer(s.db, 'ann');
      await play(ann, 40_000);
      await claim(ann, 'beginner', 'fiat-bird');
      await claim(ann, 'pro', 'bitcoin-duck');
      const active = await setActiveAvatar(s, ann, 'fiat-bird');
      expect(active).toEqual({
        avatarId: 'fiat-bird',
        avatarName: 'REKT! Beginner',
        avatarImage: '/api/assets/avatars/fiat-bird.png',
        description: expect.any(String),
      });

      const { token } = await createSession(s.db, ann);
      const session = (await findSession(s.db, token))!;
      expect(session.user.active_avatar_id).toBe('fiat-bird');
      const own = await getOwnProfile(s, session.user);
      expect(own.activeAvatar).toEqual(active);
      expect(own.user.avatarImage).toBe('/api/assets/avatars/fiat-bird.png');
      const collection = await getAvatarCollection(s.db, session.user);
      expect(collection.activeAvatarId).toBe('fiat-bird');
      // rarer first: the pro duck (rare) before the beginner bird (common)
      expect(collection.avatars.map((a) => [a.avatarId, a.rarity, a.category, a.source])).toEqual([
        ['bitcoin-duck', 'rare', 'achievement', 'pro'],
        ['fiat-bird', 'common', 'achievement', 'beginner'],
      ]);
      expect(Date.parse(collection.avatars[0]!.acquiredAt)).toBeGreaterThan(0);
    });

    it('an avatar the player does not own is a 403 and an unknown one a 404; nothing changes', async () => {
      const ann = await addPlayer(s.db, 'ann');
      expect(await failure(setActiveAvatar(s, ann, 'fiat-clown'))).toEqual({
        status: 403,
        message: 'REKT! HARDCORE Legend is not in your collection yet, so it cannot be your avatar.',
      });
      expect(await failure(setActiveAvatar(s, ann, 'no-such-avatar'))).toEqual({
        status: 404,
        message: 'There is no avatar "no-such-avatar" in the arcade.',
      });
      const row = await s.db
        .selectFrom('users')
        .select(['active_avatar_id'])
        .where('id', '=', ann)
        .executeTakeFirstOrThrow();
      expect(row.active_avatar_id).toBeNull();
      expect(await findActiveAvatar(s.db, row)).toBeNull();
    });

    it('a leaderboard page already answered shows a new active avatar on the next read', async () => {
      const ann = await addPlayer(s.db, 'ann');
      await play(ann, 15_000);
      const before = await leaderboardPage(s.db, s.rankings, 'rekt', { type: 'global' }, 1, 50);
      expect(before.entries[0]!.activeAvatar).toBeNull();
      await claim(ann, 'beginner', 'fiat-bird');
      await setActiveAvatar(s, ann, 'fiat-bird');
      const after = await leaderboardPage(s.db, s.rankings, 'rekt', { type: 'global' }, 1, 50);
      expect(after.entries[0]!.activeAvatar).toEqual({
        avatarImage: '/api/assets/avatars/fiat-bird.png',
        avatarName: 'REKT! Beginner',
      });
    });

    it('another server process shows the new avatar within the sync interval, through the change feed', async () => {
      const ann = await addPlayer(s.db, 'ann');
      await play(ann, 15_000);
      await claim(ann, 'beginner', 'fiat-bird');
      let now = Date.now();
      const other = new Rankings(s.db, () => now);
      expect(
        (await leaderboardPage(s.db, other, 'rekt', { type: 'global' }, 1, 50)).entries[0]!.activeAvatar,
      ).toBeNull();
      await setActiveAvatar(s, ann, 'fiat-bird');
      // no touch reaches the other process: its kept page stands until its next look
      expect(
        (await leaderboardPage(s.db, other, 'rekt', { type: 'global' }, 1, 50)).entries[0]!.activeAvatar,
      ).toBeNull();
      now += SYNC_INTERVAL_MS + 1;
      expect(
        (await leaderboardPage(s.db, other, 'rekt', { type: 'global' }, 1, 50)).entries[0]!.activeAvatar?.avatarName,
      ).toBe('REKT! Beginner');
    });
  });

  describe('public profiles', () => {
    it('lists stats, every catalogue game in order with global ranks, and the collection rarest first, never the e-mail', async () => {
      const ann = await addPlayer(s.db, 'ann', 'DE', T0 - 5000);
      const bob = await addPlayer(s.db, 'bob', 'US');
      await play(bob, 60_000);
      await play(ann, 20_000, rekt, {}, T0 + 10);
      await play(ann, 40_000, rekt, {}, T0 + 20);
      await play(ann, 300, quiz, {}, T0 + 30);
      await claim(ann, 'beginner', 'fiat-bird');
      await claim(ann, 'pro', 'bitcoin-duck');
      await s.db
        .insertInto('player_avatars')
        .values({ user_id: ann, avatar_id: 'laser-eyes', source: 'Winter Cup', acquired_at: T0 })
        .execute();
      await setActiveAvatar(s, ann, 'bitcoin-duck');

      const profile = (await findPublicProfile(s, ann, null))!;
      expect(JSON.stringify(profile)).not.toContain('@example.com');
      expect(profile.userId).toBe(ann);
      expect(profile.user).toEqual({ username: 'ann', country: 'DE', memberSince: new Date(T0 - 5000).toISOString() });
      expect(profile.activeAvatar).toMatchObject({ avatarId: 'bitcoin-duck', avatarName: 'REKT! Pro Player' });
      expect(profile.stats).toEqual({
        totalGamesPlayed: 3,
        gamesTried: 2,
        lastPlayedAt: new Date(T0 + 30).toISOString(),
      });
      expect(profile.gameStats).toEqual([
        { gameId: 'fishing-for-sats', gamesPlayed: 0, bestScore: 0, globalRank: null, lastPlayed: null },
        {
          gameId: 'rekt',
          gamesPlayed: 2,
          bestScore: 40_000,
          globalRank: 2,
          lastPlayed: new Date(T0 + 20).toISOString(),
        },
        {
          gameId: 'mr-quiz',
          gamesPlayed: 1,
          bestScore: 300,
          globalRank: 1,
          lastPlayed: new Date(T0 + 30).toISOString(),
        },
      ]);
      expect(profile.totalAvatars).toBe(3);
      expect(profile.avatarCollection.map((a) => [a.rarity, a.avatar.avatarId])).toEqual([
        ['legendary', 'laser-eyes'],
        ['rare', 'bitcoin-duck'],
        ['common', 'fiat-bird'],
      ]);
      expect(profile.tournamentStats).toEqual({ totalParticipations: 0, bestFinish: null, recentTournaments: [] });
    });

    it('a player who never played has empty stats; an unknown id has no profile', async () => {
      const ann = await addPlayer(s.db, 'ann');
      const profile = (await findPublicProfile(s, ann, null))!;
      expect(profile.stats).toEqual({ totalGamesPlayed: 0, gamesTried: 0, lastPlayedAt: null });
      expect(profile.suspended).toBe(false);
      expect(profile.avatarCollection).toEqual([]);
      expect(profile.activeAvatar).toBeNull();
      expect(profile.gameStats.every((g) => g.gamesPlayed === 0 && g.globalRank === null)).toBe(true);
      expect(await findPublicProfile(s, 999_999, null)).toBeNull();
    });
  });

  it('the new-games wish is recorded once and can be taken back', async () => {
    const ann = await addPlayer(s.db, 'ann');
    const first = await setNotifyNewGames(s.db, ann, true, T0);
    expect(first.notify_new_games_at).toBe(T0);
    expect((await setNotifyNewGames(s.db, ann, true, T0 + 5)).notify_new_games_at).toBe(T0);
    expect((await setNotifyNewGames(s.db, ann, false)).notify_new_games_at).toBeNull();
  });

  describe('images', () => {
    it('serves every collection avatar as a PNG, and an upload in the data directory before a built-in', async () => {
      const avatars = await s.db.selectFrom('avatars').select('avatar_id').execute();
      for (const { avatar_id } of avatars) {
        const image = await findImage(s.config.dataDir, 'avatars', `${avatar_id}.png`);
        expect(image?.contentType).toBe('image/png');
        expect([...image!.bytes.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
      }
      mkdirSync(join(s.config.dataDir, 'uploads', 'avatars'), { recursive: true });
      writeFileSync(join(s.config.dataDir, 'uploads', 'avatars', 'fiat-bird.png'), 'uploaded');
      expect(Buffer.from((await findImage(s.config.dataDir, 'avatars', 'fiat-bird.png'))!.bytes).toString()).toBe(
        'uploaded',
      );
      mkdirSync(join(s.config.dataDir, 'uploads', 'tournament'), { recursive: true });
      writeFileSync(join(s.config.dataDir, 'uploads', 'tournament', 'tournament_17_cup.jpg'), 'cup');
      expect((await findImage(s.config.dataDir, 'tournament', 'tournament_17_cup.jpg'))?.contentType).toBe(
        'image/jpeg',
      );
    });

    it('answers 304 to a matching ETag, and 404 to unknown files and any way out of the folder', async () => {
      writeFileSync(join(s.config.dataDir, 'secret.png'), 'not an avatar');
      const first = await imageResponse(s.config.dataDir, 'avatars', 'fiat-bird.png', null);
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toMatch(/max-age=\d{6,}/);
      const etag = first.headers.get('etag')!;
      expect((await imageResponse(s.config.dataDir, 'avatars', 'fiat-bird.png', etag)).status).toBe(304);
      expect((await imageResponse(s.config.dataDir, 'avatars', 'fiat-bird.png', `"other", ${etag}`)).status).toBe(304);
      for (const name of [
        'nobody.png',
        '../secret.png',
        '../../secret.png',
        '..%2fsecret.png',
        '..\\secret.png',
        'fiat-bird.png/..',
        '.',
        '..',
        '',
        'fiat-bird.svg',
        'fiat-bird.png\0',
      ]) {
        expect((await imageResponse(s.config.dataDir, 'avatars', name, null)).status, name).toBe(404);
      }
      expect((await imageResponse(s.config.dataDir, 'tournament', 'fiat-bird.png', null)).status).toBe(404);
    });
  });
});
