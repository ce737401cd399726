import type {
  TournamentBoardResponse,
  TournamentRankResponse,
  TournamentReportResponse,
} from '~/lib/schemas/tournament';
import type { Services } from '../context';
import type { Db } from '../db';
import { rankedPage, rankIn, type Details } from '../leaderboards/boards';
import { tournamentReportHtml } from './report';
import { assertTournament, tournamentRow } from './tournaments';

// A tournament's board follows the leaderboard rules (best score inside the window, earlier wins a
// tie, unique consecutive ranks) from the same in-memory order the game boards use
// (leaderboards/rankings.ts), kept current by ingestion; rows show the entry's best run.

/** The details of the players `ids` of a tournament's board (one indexed lookup). */
function entryDetails(db: Db, tournamentId: number): Details {
  return (ids) =>
    db
      .selectFrom('tournament_entries as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .leftJoin('avatars as a', 'a.avatar_id', 'u.active_avatar_id')
      .select([
        'u.id',
        'u.username',
        'u.country',
        'u.created_at',
        'e.best_level',
        'e.best_fish_count',
        'e.best_fish_json',
        'a.name as avatar_name',
        'a.image_url as avatar_image',
      ])
      .where('e.tournament_id', '=', tournamentId)
      .where('e.user_id', 'in', ids)
      .execute();
}

/** One page of a tournament's board (404 for a tournament that does not exist). */
export async function tournamentBoardPage(
  services: Pick<Services, 'db' | 'rankings'>,
  tournamentId: number,
  page: number,
  limit: number,
): Promise<TournamentBoardResponse> {
  await Promise.all([assertTournament(services.db, tournamentId), services.rankings.current()]);
  return rankedPage(
    await services.rankings.tournament(tournamentId),
    undefined,
    page,
    limit,
    entryDetails(services.db, tournamentId),
  );
}

/** Where the player stands in a tournament (rank null until they enter it). */
export async function tournamentRank(
  services: Pick<Services, 'db' | 'rankings'>,
  tournamentId: number,
  userId: number,
): Promise<TournamentRankResponse> {
  await Promise.all([assertTournament(services.db, tournamentId), services.rankings.current()]);
  return rankIn(await services.rankings.tournament(tournamentId), undefined, userId);
}

/** `GET /api/tournaments/{id}/report`: the Markdown and its sanitised HTML (both '' without a report). */
export async function tournamentReport(db: Db, tournamentId: number): Promise<TournamentReportResponse> {
  const row = await tournamentRow(db, tournamentId);
  return {
    tournamentName: row.name,
    reportContent: row.report_content,
    reportHtml: await tournamentReportHtml(row.id, row.updated_at, row.report_content),
  };
}
