import type { LeaderboardEntry } from './schemas/leaderboards';
import type { PrizeAward } from './schemas/tournaments';

/** One line of the results page's Bitcoin Rewards card. */
export interface BitcoinWinner {
  id: number;
  /** The winner's name on the final board, or 'Unknown'. */
  username: string;
  /** Their final rank, or null when they are not on the board shown. */
  rank: number | null;
  prizeValue: number;
}

/**
 * The bitcoin prize awards, each matched to its winner's entry on the final board, by rank
 * (awards without an entry last, in the order given).
 */
export function bitcoinWinners(awards: readonly PrizeAward[], entries: readonly LeaderboardEntry[]): BitcoinWinner[] {
  const byUser = new Map(entries.map((entry) => [entry.userId, entry]));
  return awards
    .filter((award) => award.prizeType === 'bitcoin')
    .map((award) => {
      const entry = byUser.get(award.userId);
      return { id: award.id, username: entry?.username ?? 'Unknown', rank: entry?.rank ?? null, prizeValue: award.prizeValue };
    })
    .map((winner, order) => ({ winner, order }))
    .sort((a, b) => (a.winner.rank ?? Infinity) - (b.winner.rank ?? Infinity) || a.order - b.order)
    .map(({ winner }) => winner);
}
