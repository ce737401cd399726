import type { Services } from '../context';
import { ARCADE } from './payouts/payouts';
import { payAutomatically } from './payouts/pay-all';
import { processWinnersOnce } from './winners';
import { scheduleSweep } from '../shared/sweep';

// Tournaments that process their winners themselves (README, "Tournaments that run themselves"):
// within a minute after the end, once, in whichever process of the arcade gets there first; then,
// with PAYOUT_AUTOMATIC, their bitcoin prizes are paid.

/** How often every process looks for tournaments that ended. */
export const WINNERS_SWEEP_MS = 30_000;

/** Process the winners of every tournament that asked for it and has ended; how many this call processed. */
export async function processEndedTournaments(
  services: Pick<Services, 'db' | 'config' | 'wallet'>,
  now = Date.now(),
): Promise<number> {
  const due = await services.db
    .selectFrom('tournaments as t')
    .select('t.id')
    .where('t.process_when_ended', '=', 1)
    .where('t.end_at', '<=', now)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('tournament_processing as p')
            .select('p.tournament_id')
            .whereRef('p.tournament_id', '=', 't.id'),
        ),
      ),
    )
    .orderBy('t.end_at')
    .execute();
  let processed = 0;
  for (const { id } of due) {
    try {
      if (!(await processWinnersOnce(services, ARCADE, id, now))) continue;
    } catch (error) {
      // Deleted meanwhile, say: the next tournament still gets its turn.
      console.error(`[arcade] processing the winners of tournament ${id} failed:`, error);
      continue;
    }
    processed += 1;
    await payAutomatically(services, id);
  }
  return processed;
}

/** The sweep: at once, then every {@link WINNERS_SWEEP_MS}. Returns its stop. */
export function scheduleWinnersWhenEnded(
  services: Pick<Services, 'db' | 'config' | 'wallet'>,
  intervalMs = WINNERS_SWEEP_MS,
): () => Promise<void> {
  return scheduleSweep('processing ended tournaments', () => processEndedTournaments(services), intervalMs);
}
