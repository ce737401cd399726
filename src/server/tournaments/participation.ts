import type { PublicProfile } from '~/lib/schemas/profile';
import type { TournamentParticipationResponse } from '~/lib/schemas/tournament';
import type { Services } from '../context';

// Who takes part in a tournament: the rule of which runs enter it, and a player's record.

/**
 * THE rule of which tournaments a stored run enters: every tournament of the run's game whose
 * window holds the run's time (start <= time < end; two tournaments of one game may run at once),
 * and for a game in `replay` fair-play mode only a verified run (README, "Fair play"): tournaments
 * pay sats, so a run the server did not replay (or a game's signed server did not vouch for) never
 * counts there. `game`, `time`, `verified` and `replayMode` are SQL expressions of the run's game
 * id, time, verified flag (0/1) and its game's mode (1 for `replay`). Both databases' run writers
 * (`src/server/games/run-writer-*.ts`) use this one fragment, so a rule about which runs count
 * belongs here and nowhere else.
 */
export function tournamentsEnteredBy(game: string, time: string, verified: string, replayMode: string): string {
  return `select t.id, t.max_players from tournaments t where t.game_id = ${game} and t.start_at <= ${time} and t.end_at > ${time} and ${countsInTournaments(verified, replayMode)}`;
}

/**
 * The limits' half (README, "Limits"), for the run writers. The player limit: on SQLite (one writer
 * at a time) a player enters a tournament `e` (a row of {@link tournamentsEnteredBy}) with
 * `max_players` while they hold an entry already or fewer than that many players do; PostgreSQL's
 * writer claims places on the tournament's row instead (`run-writer-postgres.ts`), as two runs at
 * once would both see the last place free.
 */
export function hasPlaceOnSqlite(e: string, user: string): string {
  return `(${e}.max_players is null or exists (select 1 from tournament_entries x where x.tournament_id = ${e}.id and x.user_id = ${user}) or (select count(*) from tournament_entries x where x.tournament_id = ${e}.id) < ${e}.max_players)`;
}

/**
 * The run limit, as the `where` of an entry's upsert: a run improves an entry (and counts) only
 * while fewer than the tournament's `max_runs` counted. The upsert locks the entry's row, so two
 * runs of one player at once cannot both be the last one.
 */
export const RUNS_LEFT = `tournament_entries.runs < coalesce((select l.max_runs from tournaments l where l.id = tournament_entries.tournament_id), 2147483647)`;

/**
 * The fair-play half of that rule, also applied when a tournament's entries are rebuilt from the
 * stored runs (`rebuildEntries` in `writes.ts`).
 */
export function countsInTournaments(verified: string, replayMode: string): string {
  return `(${verified} = 1 or ${replayMode} = 0)`;
}

// A player's tournament record: the tournaments they entered (at least one run inside each one's
// window), their ranks from the in-memory boards, and their best finish: the best rank they hold in
// any tournament entered, running ones included (their current rank), so the profile never says
// N/A beside a ranked entry. The achievements (the tourney-regular card), the profiles and the
// participation call (the dashboard's BEST TOURNAMENT FINISH) read it.

/** Recent tournaments a profile lists. */
export const RECENT_TOURNAMENTS = 10;

interface Entered {
  tournamentName: string;
  enteredAt: number;
  rank: number;
  score: number;
  /** The tournament has not ended yet: the rank can still change. */
  running: boolean;
}

/**
 * The player's entries, newest first, each with their rank on the tournament's board now, and how
 * many tournaments they entered (counted from the same read: an entry the board has not placed yet
 * counts, it just has no rank to show).
 */
async function entriesOf(
  services: Pick<Services, 'db' | 'rankings'>,
  userId: number,
  now = Date.now(),
): Promise<{ count: number; entered: Entered[] }> {
  const [rows] = await Promise.all([
    services.db
      .selectFrom('tournament_entries as e')
      .innerJoin('tournaments as t', 't.id', 'e.tournament_id')
      .select(['e.tournament_id', 'e.best_score', 'e.entered_at', 't.name', 't.end_at'])
      .where('e.user_id', '=', userId)
      .orderBy('e.entered_at', 'desc')
      .orderBy('e.tournament_id', 'desc')
      .execute(),
    services.rankings.current(),
  ]);
  const entered: Entered[] = [];
  for (const row of rows) {
    const ranking = await services.rankings.tournament(row.tournament_id);
    const player = ranking.players.get(userId);
    const rank = player ? ranking.global.rankOf(player) : null;
    // an entry the board has not seen yet (written a moment ago elsewhere) shows up at the next look
    if (rank === null) continue;
    entered.push({
      tournamentName: row.name,
      enteredAt: row.entered_at,
      rank,
      score: player!.score,
      running: Number(row.end_at) > now,
    });
  }
  return { count: rows.length, entered };
}

/** The best rank among the tournaments entered (finished or running), or null before any. */
function bestFinish(entries: Entered[]): number | null {
  return entries.length ? Math.min(...entries.map((e) => e.rank)) : null;
}

/** Whether the best finish is held only in tournaments still running, so it is a rank for now, not a finish. */
function bestFinishLive(entries: Entered[]): boolean {
  const best = bestFinish(entries);
  return best !== null && entries.filter((e) => e.rank === best).every((e) => e.running);
}

/** `GET /api/user/{id}/tournament-participation`: tournaments entered and the best rank reached. */
export async function tournamentParticipation(
  services: Pick<Services, 'db' | 'rankings'>,
  userId: number,
  now = Date.now(),
): Promise<TournamentParticipationResponse> {
  const { count, entered } = await entriesOf(services, userId, now);
  return { tournamentCount: count, bestFinish: bestFinish(entered), bestFinishLive: bestFinishLive(entered) };
}

/** The profile's Tournament History: entries, best finish (the same rule) and the most recent results. */
export async function getTournamentStats(
  services: Pick<Services, 'db' | 'rankings'>,
  userId: number,
): Promise<PublicProfile['tournamentStats']> {
  const { count, entered } = await entriesOf(services, userId);
  return {
    totalParticipations: count,
    bestFinish: bestFinish(entered),
    recentTournaments: entered.slice(0, RECENT_TOURNAMENTS).map((e) => ({
      tournamentName: e.tournamentName,
      createdAt: new Date(e.enteredAt).toISOString(),
      rank: e.rank,
      score: e.score,
    })),
  };
}
