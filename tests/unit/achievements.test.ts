import { describe, expect, it } from 'vitest';
import { TOTAL_ACHIEVEMENTS, claimButton, computeAchievements, type AchievementFacts } from '~/lib/achievements';

const facts = (over: Partial<AchievementFacts> = {}): AchievementFacts => ({
  formations: new Set(),
  bestScore: 0,
  tournamentsEntered: 0,
  ownedAvatarIds: new Set(),
  ...over,
});
const card = (result: ReturnType<typeof computeAchievements>, id: string) => result.cards.find((c) => c.id === id)!;

describe('achievement cards', () => {
  it('a new player has five locked cards and 0 of 18 achievements', () => {
    const result = computeAchievements(facts());
    expect(result.cards.map((c) => c.id)).toEqual(['perfect', 'beginner', 'pro', 'hardcore', 'tourney-regular']);
    expect(result.cards.map((c) => c.totalCount)).toEqual([8, 3, 3, 3, 1]);
    expect(result).toMatchObject({ completed: 0, total: 18 });
    expect(TOTAL_ACHIEVEMENTS).toBe(18);
    expect(result.cards.every((c) => !c.completed && !c.claimed)).toBe(true);
  });

  it('unlock a score tier at its target exactly, not one point below', () => {
    expect(card(computeAchievements(facts({ bestScore: 4999 })), 'beginner').completedCount).toBe(0);
    expect(card(computeAchievements(facts({ bestScore: 5000 })), 'beginner').completedCount).toBe(1);
    expect(card(computeAchievements(facts({ bestScore: 14999 })), 'beginner')).toMatchObject({
      completedCount: 2,
      completed: false,
    });
    const at15k = computeAchievements(facts({ bestScore: 15000 }));
    expect(card(at15k, 'beginner')).toMatchObject({ completedCount: 3, completed: true, claimed: false });
    expect(card(at15k, 'pro').completedCount).toBe(0);
    expect(at15k.completed).toBe(3);
  });

  it('count every tier a best score passes, up to the hardcore card', () => {
    const result = computeAchievements(facts({ bestScore: 100000 }));
    expect(
      [card(result, 'beginner'), card(result, 'pro'), card(result, 'hardcore')].map((c) => c.completedCount),
    ).toEqual([3, 3, 2]);
    expect(result.completed).toBe(8);
    const legend = computeAchievements(facts({ bestScore: 250000 }));
    expect(card(legend, 'hardcore').completed).toBe(true);
    expect(card(legend, 'hardcore').achievements.map((a) => a.targetScore)).toEqual([50000, 100000, 250000]);
  });

  it('complete the perfect card only with all eight formations', () => {
    const seven = new Set([
      'long line',
      'double arc',
      'jump trajectory',
      'spiral',
      'long wave',
      'big diamond',
      'zigzag',
    ]);
    expect(card(computeAchievements(facts({ formations: seven })), 'perfect')).toMatchObject({
      completedCount: 7,
      completed: false,
    });
    const all = computeAchievements(facts({ formations: new Set([...seven, 'mega circle']) }));
    expect(card(all, 'perfect')).toMatchObject({ completedCount: 8, completed: true });
    expect(card(all, 'perfect').achievements[0]).toEqual({
      name: 'Long Line',
      description: 'Collect every coin of a long line formation in one REKT! run.',
      unlocked: true,
    });
  });

  it('count tournaments towards ten and unlock at ten', () => {
    const nine = card(computeAchievements(facts({ tournamentsEntered: 9 })), 'tourney-regular');
    expect(nine.achievements[0]).toMatchObject({ unlocked: false, targetCount: 10, currentCount: 9 });
    const twelve = card(computeAchievements(facts({ tournamentsEntered: 12 })), 'tourney-regular');
    expect(twelve).toMatchObject({ completed: true });
    expect(twelve.achievements[0]).toMatchObject({ currentCount: 10 });
  });

  it('mark a card claimed once its reward avatar is in the collection', () => {
    const result = computeAchievements(facts({ bestScore: 15000, ownedAvatarIds: new Set(['fiat-bird']) }));
    expect(card(result, 'beginner')).toMatchObject({
      claimed: true,
      reward: { avatarId: 'fiat-bird', title: 'REKT! Beginner', image: '/api/assets/avatars/fiat-bird.png' },
    });
  });

  it('label the claim button LOCKED, CLAIM REWARD!, CLAIMING... and CLAIMED!', () => {
    expect(claimButton({ completed: false, claimed: false }, false)).toEqual({ label: 'LOCKED', enabled: false });
    expect(claimButton({ completed: true, claimed: false }, false)).toEqual({ label: 'CLAIM REWARD!', enabled: true });
    expect(claimButton({ completed: true, claimed: false }, true)).toEqual({ label: 'CLAIMING...', enabled: false });
    expect(claimButton({ completed: true, claimed: true }, false)).toEqual({ label: 'CLAIMED!', enabled: false });
  });
});

describe('relative times', () => {
  it('say how long ago, in the largest whole unit', async () => {
    const { formatRelativeTime, DAY, HOUR, MINUTE } = await import('~/lib/format');
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(formatRelativeTime(new Date(now - 20_000), now)).toBe('just now');
    expect(formatRelativeTime(new Date(now - 5 * MINUTE), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(new Date(now - 3 * HOUR), now)).toBe('3 hours ago');
    expect(formatRelativeTime(new Date(now - DAY), now)).toBe('yesterday');
    expect(formatRelativeTime(new Date(now - 3 * DAY), now)).toBe('3 days ago');
    expect(formatRelativeTime(new Date(now - 400 * DAY), now)).toBe('last year');
    expect(formatRelativeTime(null, now)).toBe('-');
  });
});
