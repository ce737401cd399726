// Storing Game API runs: the hot path of score ingestion. Each run is one atomic unit (the player's
// rate-limit window, the run, the player's best, their entry of every tournament running for the
// game, the game's total, achievements). Runs that arrive together are written together (group
// commit): the runs that reached the store in one turn of the event loop become one batch, written
// by one prepared statement on PostgreSQL (a data-modifying CTE over arrays: one round trip, one
// commit) and by one transaction on SQLite (a savepoint per run, statements prepared once per
// connection). No run is answered before its batch committed.
import { driverOf, type Db, type Driver } from '../db';
import { isForeignKeyViolation } from '../db/errors';
import { unauthorized } from '../shared/errors';
import { ingestBatchSize } from '../shared/metrics';
import type { Outcome, Pending, RunLimit, RunRecord, StoreResult } from './run-records';
import { writeOnPostgres } from './run-writer-postgres';
import { sqliteStore } from './run-writer-sqlite';

/** Store a run atomically; a 429 (changing nothing) once the player's window is used up. */
export function storeRun(db: Db, record: RunRecord, limit: RunLimit): Promise<StoreResult> {
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = new RunBatcher(db)));
  return batcher.add(record, limit);
}

/** PostgreSQL batches written at once (each on its own pooled connection); later runs queue meanwhile. */
const MAX_BATCHES_IN_FLIGHT = 6;
/** Runs in one batch at most. */
export const MAX_BATCH = 64;

const batchers = new WeakMap<Db, RunBatcher>();

/**
 * Collects the runs that reach the store in one turn of the event loop and writes them as one
 * batch. On PostgreSQL a batch holds at most one run per player, all with the same limit settings
 * (a statement may change a row only once); the others wait for the next batch, so every run sees
 * the ones before it.
 */
class RunBatcher {
  private queue: Pending[] = [];
  private scheduled = false;
  private inFlight = 0;
  private readonly driver: Driver;

  constructor(private readonly db: Db) {
    this.driver = driverOf(db);
  }

  add(record: RunRecord, limit: RunLimit): Promise<StoreResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ record, limit, resolve, reject });
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush() {
    if (this.driver.dialect === 'sqlite') {
      const store = sqliteStore(this.driver.sqlite);
      // Each batch waits for Kysely's one connection, so no transaction of another caller is open on it.
      while (this.queue.length > 0) {
        void this.write(this.queue.splice(0, MAX_BATCH), (runs) =>
          this.db.connection().execute(async () => store.all.immediate(runs)),
        );
      }
      return;
    }
    const pool = this.driver.pool;
    // The rest waits for a batch to finish, then goes at once: the busier, the bigger the batches.
    while (this.inFlight < MAX_BATCHES_IN_FLIGHT && this.queue.length > 0) {
      const batch = this.takePostgresBatch();
      this.inFlight++;
      void this.write(batch, (runs) => writeOnPostgres(pool, runs)).finally(() => {
        this.inFlight--;
        this.flush();
      });
    }
  }

  /** The oldest runs with one run per player and the first run's limit settings, in arrival order. */
  private takePostgresBatch(): Pending[] {
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    const players = new Set<number>();
    const first = this.queue[0]!.limit;
    let i = 0;
    for (; i < this.queue.length && batch.length < MAX_BATCH; i++) {
      const pending = this.queue[i]!;
      const fits =
        !players.has(pending.record.userId) &&
        pending.limit.max === first.max &&
        pending.limit.windowMs === first.windowMs;
      if (fits) {
        batch.push(pending);
        players.add(pending.record.userId);
      } else {
        rest.push(pending);
      }
    }
    this.queue = i < this.queue.length ? rest.concat(this.queue.slice(i)) : rest;
    return batch;
  }

  private async write(batch: Pending[], writer: (runs: Pending[]) => Promise<Outcome[]>): Promise<void> {
    ingestBatchSize.observe(batch.length);
    let outcomes: Outcome[];
    try {
      outcomes = await writer(batch);
    } catch (error) {
      if (batch.length === 1) {
        // The one way a well-formed run breaks a constraint: its player no longer exists (a game
        // token outliving its account for a moment). That is the token's problem, a 401.
        batch[0]!.reject(
          isForeignKeyViolation(error) ? unauthorized('The player of this game token no longer exists.') : error,
        );
        return;
      }
      // The batch as a whole failed (one run's row broke a constraint, a lost connection): every
      // run is tried again on its own, so no run fails for another's sake.
      await Promise.all(batch.map((pending) => this.write([pending], writer)));
      return;
    }
    outcomes.forEach((outcome, i) =>
      outcome.ok ? batch[i]!.resolve(outcome.result) : batch[i]!.reject(outcome.error),
    );
  }
}
