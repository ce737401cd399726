import { HOUR } from '~/lib/format';
import { pruneMagicLinks } from './auth/accounts';
import { pruneRateLimits } from './shared/rate-limit';
import { pruneSessions } from './auth/sessions';
import type { Db } from './db';
import { pruneTickets } from './games/fair-play';
import { pruneUnpaidDonations } from './donations/donations';

/** Rows one pruning removed, per table. */
export interface Pruned {
  rateLimits: number;
  magicLinks: number;
  sessions: number;
  runTickets: number;
  /** Donation invoices that expired unpaid a day ago. */
  donations: number;
}

/** How often each server process prunes (every process may: deleting what expired is idempotent). */
export const PRUNE_EVERY_MS = HOUR;

/**
 * Delete what can never be used again: rate-limit windows that ended long ago, magic links past
 * their expiry, expired sessions and run tickets, donation invoices that expired unpaid. Without it these tables grow with every visitor.
 */
export async function pruneExpired(db: Db, now = Date.now()): Promise<Pruned> {
  const [rateLimits, magicLinks, sessions, runTickets, donations] = await Promise.all([
    pruneRateLimits(db, now),
    pruneMagicLinks(db, now),
    pruneSessions(db, now),
    pruneTickets(db, now),
    pruneUnpaidDonations(db, now),
  ]);
  return { rateLimits, magicLinks, sessions, runTickets, donations };
}

/**
 * Prune now and then every `everyMs`, in the background: a failed pruning is logged and tried again
 * at the next turn. The timer does not keep the process alive. Returns a function that stops it
 * (and waits for a pruning under way).
 */
export function schedulePruning(db: Db, everyMs = PRUNE_EVERY_MS): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const prune = () => {
    // A slow pruning is never overtaken by the next one.
    running ??= pruneExpired(db)
      .catch((error: unknown) => console.error('[arcade] pruning expired rows failed:', error))
      .finally(() => {
        running = null;
      });
  };
  prune();
  const timer = setInterval(prune, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
