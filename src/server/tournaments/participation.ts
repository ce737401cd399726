import type { PublicProfile } from '../../lib/schemas/profile';
import type { Db } from '../db';

// A player's tournament record. Tournaments are not built yet: until they are, every player has
// entered none. The tournaments work fills these two functions in; the achievements (the
// tourney-regular card) and the profiles read them and need no change.

/** How many tournaments the player entered (at least one run inside each one's window). */
export async function countTournamentsEntered(_db: Db, _userId: number): Promise<number> {
  return 0;
}

/** The profile's Tournament History: entries, best finish and the most recent results. */
export async function getTournamentStats(_db: Db, _userId: number): Promise<PublicProfile['tournamentStats']> {
  return { totalParticipations: 0, bestFinish: null, recentTournaments: [] };
}
