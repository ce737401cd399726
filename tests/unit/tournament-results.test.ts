import { describe, expect, it } from 'vitest';
import type { LeaderboardEntry } from '../../src/lib/schemas/leaderboards';
import type { PrizeAward } from '../../src/lib/schemas/tournaments';
import { bitcoinWinners } from '../../src/lib/tournament-results';

const entry = (userId: number, rank: number, username: string): LeaderboardEntry => ({
  rank,
  userId,
  username,
  score: 1000 - rank,
  level: 3,
  country: 'US',
  createdAt: '2026-11-01T00:00:00Z',
  fishCaught: 0,
  fishDetails: [],
  activeAvatar: null,
});
const award = (id: number, userId: number, prizeType: 'bitcoin' | 'avatar', prizeValue: number): PrizeAward => ({
  id,
  tournamentId: 1,
  userId,
  prizeType,
  prizeValue,
  avatarId: prizeType === 'avatar' ? 'btc-player' : null,
  status: 'pending',
});

describe('the Bitcoin Rewards card', () => {
  const board = [entry(10, 1, 'alice'), entry(11, 2, 'bob'), entry(12, 3, 'carol')];

  it('matches each bitcoin award to its winner on the final board, sorted by rank', () => {
    const winners = bitcoinWinners([award(1, 12, 'bitcoin', 500), award(2, 10, 'bitcoin', 5000), award(3, 11, 'avatar', 0)], board);
    expect(winners).toEqual([
      { id: 2, username: 'alice', rank: 1, prizeValue: 5000 },
      { id: 1, username: 'carol', rank: 3, prizeValue: 500 },
    ]);
  });

  it("puts winners missing from the board last, as 'Unknown' without a rank", () => {
    const winners = bitcoinWinners([award(4, 99, 'bitcoin', 100), award(5, 11, 'bitcoin', 1000)], board);
    expect(winners.map((w) => [w.username, w.rank])).toEqual([
      ['bob', 2],
      ['Unknown', null],
    ]);
  });
});
