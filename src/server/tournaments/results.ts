import { LEADERBOARD_PAGE_SIZE } from '~/lib/schemas/leaderboard';
import { medalOf } from '~/lib/medals';
import type { PrizeAwardResult, TournamentResults } from '~/lib/schemas/tournament-results';
import type { Services } from '../context';
import { tournamentBoardPage } from './board';
import { findTournament } from './tournaments';

/** Final board rows the results page shows (the rest are on the tournament's board). */
export const RESULTS_ROWS = 2 * LEADERBOARD_PAGE_SIZE;

/**
 * Everything `/tournament/{id}/results` shows, for server rendering (no HTTP): the tournament, its
 * final board's first {@link RESULTS_ROWS} rows with medals, its prize awards with their winners'
 * names, ranks and scores (bitcoin ones by rank, unmatched last), and how many players earned each
 * avatar it offers. 404 when the tournament does not exist.
 */
export async function tournamentResults(
  services: Pick<Services, 'db' | 'rankings'>,
  tournamentId: number,
  now = Date.now(),
): Promise<TournamentResults> {
  const [tournament, board, awards] = await Promise.all([
    findTournament(services, tournamentId, now),
    tournamentBoardPage(services, tournamentId, 1, RESULTS_ROWS),
    services.db
      .selectFrom('prize_awards as p')
      .leftJoin('users as u', 'u.id', 'p.user_id')
      .leftJoin('avatars as a', 'a.avatar_id', 'p.avatar_id')
      .select([
        'p.id',
        'p.tournament_id',
        'p.user_id',
        'p.prize_type',
        'p.prize_value',
        'p.avatar_id',
        'p.status',
        'p.payout_state',
        'u.username',
        'a.name as avatar_name',
        'a.image_url as avatar_image',
      ])
      .where('p.tournament_id', '=', tournamentId)
      .orderBy('p.id')
      .execute(),
  ]);
  const ranking = await services.rankings.tournament(tournamentId);
  const withWinner = awards.map((p): PrizeAwardResult => {
    const player = ranking.players.get(p.user_id);
    const rank = player ? ranking.global.rankOf(player) : null;
    return {
      id: p.id,
      tournamentId: p.tournament_id,
      userId: p.user_id,
      prizeType: p.prize_type,
      prizeValue: p.prize_value,
      avatarId: p.avatar_id,
      status: p.status,
      username: p.username,
      rank,
      score: player && rank !== null ? player.score : null,
      avatarName: p.avatar_name,
      avatarImageUrl: p.avatar_image,
      paidOverLightning: p.payout_state === 'sent',
    };
  });
  const byRank = (a: PrizeAwardResult, b: PrizeAwardResult) =>
    (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.id - b.id;
  const avatarEarned: Record<string, number> = Object.fromEntries(
    tournament.rewards.avatarRewards.map((r) => [r.avatarId, 0]),
  );
  for (const award of withWinner)
    if (award.prizeType === 'avatar' && award.avatarId !== null)
      avatarEarned[award.avatarId] = (avatarEarned[award.avatarId] ?? 0) + 1;
  return {
    tournament,
    entries: board.entries.map((entry) => ({ ...entry, medal: medalOf(entry.rank) })),
    totalPlayers: board.pagination.totalPlayers,
    bitcoinAwards: withWinner.filter((a) => a.prizeType === 'bitcoin').sort(byRank),
    avatarAwards: withWinner.filter((a) => a.prizeType === 'avatar').sort(byRank),
    avatarEarned,
  };
}
