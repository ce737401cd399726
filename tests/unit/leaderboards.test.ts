import { describe, expect, it } from 'vitest';
import { formatCount, formatShortDate } from '~/lib/format';
import { boardKey, boardRequest, countryBadge, mergePages } from '~/lib/board-rules';
import { fishByPoints, formatWeight, isGreatHaul, qualityStars } from '~/lib/fish-display';
import type { LeaderboardEntry, LeaderboardResponse } from '~/lib/schemas/leaderboard';

const fish = (name: string, points: number, weight = 1, quality = 3) => ({ name, points, weight, quality });

function page(users: [number, string][], hasMore = false): LeaderboardResponse {
  const entries: LeaderboardEntry[] = users.map(([userId, username], i) => ({
    rank: i + 1,
    userId,
    username,
    score: 100 - i,
    level: 1,
    country: 'US',
    createdAt: '2026-11-22T12:00:00Z',
    fishCaught: 0,
    fishDetails: [],
    activeAvatar: null,
  }));
  return { entries, pagination: { page: 1, limit: 50, hasMore, totalPlayers: users.length } };
}

describe('leaderboard rows', () => {
  it('show a country code uppercased only when it is exactly two letters and known', () => {
    expect(countryBadge('us')).toBe('US');
    expect(countryBadge('DE')).toBe('DE');
    expect(countryBadge('XX')).toBeNull();
    expect(countryBadge('xx')).toBeNull();
    expect(countryBadge('')).toBeNull();
    expect(countryBadge(null)).toBeNull();
    expect(countryBadge('USA')).toBeNull();
    expect(countryBadge('U1')).toBeNull();
  });

  it('show the join date as MM/DD/YY, like every date in the arcade', () => {
    expect(formatShortDate('2026-11-22T12:00:00')).toBe('11/22/26');
    expect(formatShortDate('2025-06-09T12:00:00')).toBe('06/09/25');
    expect(formatShortDate('soon')).toBe('-');
  });

  it('group the digits of scores', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
  });

  it('list each player once when a refetch moved them between loaded pages', () => {
    const rows = mergePages([
      page([
        [1, 'a'],
        [2, 'b'],
      ]),
      page([
        [2, 'b'],
        [3, 'c'],
      ]),
    ]);
    expect(rows.map((r) => r.username)).toEqual(['a', 'b', 'c']);
  });

  it('name a board by game, scope and (in country scope) country', () => {
    expect(boardKey({ gameId: 'rekt', scope: 'global', country: 'US' })).toBe('rekt|global|');
    expect(boardKey({ gameId: 'rekt', scope: 'country', country: 'US' })).toBe('rekt|country|US');
  });
});

describe('which board to show', () => {
  const countries = {
    status: 'ready' as const,
    countries: [
      { code: 'DE', name: 'Germany' },
      { code: 'US', name: 'United States' },
    ],
  };

  it('waits for the address bar, then shows the global board at once', () => {
    expect(boardRequest(null, { status: 'idle' })).toEqual({ kind: 'waiting' });
    expect(boardRequest({ gameId: 'rekt', scope: 'global', country: 'DE' }, { status: 'idle' })).toEqual({
      kind: 'query',
      query: { gameId: 'rekt', scope: 'global' },
    });
  });

  it('in country scope waits for the country list and a listed country', () => {
    const view = { gameId: 'rekt', scope: 'country' as const, country: 'US' };
    expect(boardRequest(view, { status: 'loading' })).toEqual({ kind: 'waiting' });
    expect(boardRequest({ ...view, country: 'FR' }, countries)).toEqual({ kind: 'waiting' });
    expect(boardRequest(view, countries)).toEqual({ kind: 'query', query: view });
  });

  it('shows no board when no country has players, and a failure when the list could not be loaded', () => {
    const view = { gameId: 'rekt', scope: 'country' as const };
    expect(boardRequest(view, { status: 'ready', countries: [] })).toEqual({ kind: 'none' });
    expect(boardRequest(view, { status: 'error' })).toEqual({ kind: 'failed' });
  });
});

describe('fishing results', () => {
  it('weigh fish in pounds on the leaderboard and in kilograms in the tournament view', () => {
    expect(formatWeight(2, 'lbs')).toBe('4.4 lbs');
    expect(formatWeight(1000, 'lbs')).toBe('2,204.6 lbs');
    expect(formatWeight(2, 'kg')).toBe('2.0 kg');
  });

  it('list fish by points, highest first, without changing the input', () => {
    const caught = [fish('Sat Sardine', 15), fish('Whale', 900), fish('Coin Carp', 40)];
    expect(fishByPoints(caught).map((f) => f.name)).toEqual(['Whale', 'Coin Carp', 'Sat Sardine']);
    expect(caught[0]!.name).toBe('Sat Sardine');
  });

  it('call it a great haul from four kinds of fish on, counting kinds by name', () => {
    expect(isGreatHaul([fish('A', 1), fish('B', 1), fish('C', 1)])).toBe(false);
    expect(isGreatHaul([fish('A', 1), fish('A', 2), fish('B', 1), fish('C', 1)])).toBe(false);
    expect(isGreatHaul([fish('A', 1), fish('B', 1), fish('C', 1), fish('D', 1)])).toBe(true);
  });

  it('show quality as 1 to 5 whole stars', () => {
    expect([0, 1, 2.6, 5, 9].map(qualityStars)).toEqual([1, 1, 3, 5, 5]);
  });
});
