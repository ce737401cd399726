/** A tournament's status, from the clock: upcoming before its start, active until its end, past after. */
export const TOURNAMENT_STATUSES = ['upcoming', 'active', 'past'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

/**
 * The status at `now` of a tournament running from `start` to `end` (epoch milliseconds): upcoming
 * before the start, active from the start until the end, past from the end on. The one rule of the
 * server's answers and of a page left open (the tournament page reads it again as time passes).
 */
export function tournamentStatusAt(start: number, end: number, now: number): TournamentStatus {
  if (now < start) return 'upcoming';
  return now < end ? 'active' : 'past';
}
