import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { driverOf, type Db } from '../db';

/**
 * The process's Prometheus metrics (README, Observability): requests by route and status, their
 * latency, Game API ingestion batch sizes, the time replays take, the rankings held in memory and the database pool, plus
 * Node's own (memory, event loop, GC). Each server process counts its own; scrape every one.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'arcade_node_' });
// Three of Node's default gauges end in `_total`, which names counters only (`promtool check
// metrics` refuses them); the gauges by type beside them (`…_active_handles{type}` and so on) hold
// the same counts.
for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) {
  registry.removeSingleMetric(`arcade_node_${name}`);
}

export const requests = new Counter({
  name: 'arcade_http_requests_total',
  help: 'On-demand requests answered, by route pattern, method and status.',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [registry],
});

export const requestSeconds = new Histogram({
  name: 'arcade_http_request_duration_seconds',
  help: 'Time to answer an on-demand request, by route pattern and method.',
  labelNames: ['route', 'method'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

export const ingestBatchSize = new Histogram({
  name: 'arcade_ingest_batch_size',
  help: 'Game API runs written together in one batch (group commit).',
  buckets: [1, 2, 4, 8, 16, 32, 64],
  registers: [registry],
});

export const replaySeconds = new Histogram({
  name: 'arcade_replay_duration_seconds',
  help: 'Time the server took to replay a submitted run (handbook: Studios, Fair play), refused runs included, by game and by thread (request: a short run on the thread that answered it; pool: the replay pool).',
  labelNames: ['game', 'thread'] as const,
  buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1, 0.25, 1],
  registers: [registry],
});

/** What the gauges read of the running arcade: its database pool and the players its rankings hold by game. */
export interface Watched {
  db: Db;
  rankings: { sizes(): [string, number][] };
}

let source: Watched | null = null;

/** Let the gauges read the running arcade's rankings and database pool at each scrape. */
export function watchServices(services: Watched): void {
  source = services;
}

new Gauge({
  name: 'arcade_rankings_players',
  help: 'Players held in the in-memory leaderboards, by game (about 135 bytes each; handbook: API reference, Leaderboards).',
  labelNames: ['game'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [game, players] of source?.rankings.sizes() ?? []) this.set({ game }, players);
  },
});

new Gauge({
  name: 'arcade_db_pool_connections',
  help: 'PostgreSQL pool connections by state (total, idle, waiting clients); absent on SQLite.',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    if (!source) return;
    const driver = driverOf(source.db);
    if (driver.dialect !== 'postgres') return;
    this.set({ state: 'total' }, driver.pool.totalCount);
    this.set({ state: 'idle' }, driver.pool.idleCount);
    this.set({ state: 'waiting' }, driver.pool.waitingCount);
  },
});

export const payouts = new Counter({
  name: 'arcade_payouts_total',
  help: 'Lightning prize payouts by outcome: sent, failed (proven unpaid), refused (over the daily budget), unanswered (the wallet was silent; settled later).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const payoutSats = new Counter({
  name: 'arcade_payout_sats_total',
  help: 'Sats paid over Lightning (prizes whose preimage came back).',
  registers: [registry],
});

export const walletSeconds = new Histogram({
  name: 'arcade_wallet_request_duration_seconds',
  help: 'Time the wallet (Nostr Wallet Connect) took to answer, by NIP-47 method, timeouts included.',
  labelNames: ['method'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [registry],
});

/** Counters, not gauges: how many are banned or hidden now is a database question, not a process's. */
export const bans = new Counter({
  name: 'arcade_bans_total',
  help: 'Players banned (action="ban") and unbanned (action="unban") by administrators in this process.',
  labelNames: ['action'] as const,
  registers: [registry],
});

export const runsHidden = new Counter({
  name: 'arcade_runs_hidden_total',
  help: 'Runs hidden from every board (action="hide") and restored (action="restore") by administrators in this process.',
  labelNames: ['action'] as const,
  registers: [registry],
});

export const donations = new Counter({
  name: 'arcade_donations_total',
  help: 'Lightning donations by outcome: created (an invoice made), paid (credited once), expired (never paid), refused (the wallet made no invoice).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const donationSats = new Counter({
  name: 'arcade_donation_sats_total',
  help: 'Sats received in donations (what the wallet says it received, credited once).',
  registers: [registry],
});
