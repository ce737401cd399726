// Shared by the benchmarks: autocannon runs and sequential latency, with the figures the README shows.
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';

export const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

export interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Requests answered 2xx. */
  ok: number;
}

/** Throughput and latency of one endpoint under {@link CONNECTIONS} concurrent connections. */
export async function measure(name: string, options: Record<string, unknown>): Promise<Figures> {
  const result = await autocannon({ duration: DURATION, connections: CONNECTIONS, ...options });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    ok: result['2xx'],
  };
}

/**
 * One endpoint's figures over rounds of equal length: mean throughput, the median round's p50, the
 * worst round's p99, failures and successes summed.
 */
export function combineRounds(rounds: Figures[]): Figures {
  const middle = [...rounds].sort((a, b) => a.p50 - b.p50)[Math.floor((rounds.length - 1) / 2)]!;
  return {
    name: rounds[0]!.name,
    rps: rounds.reduce((sum, f) => sum + f.rps, 0) / rounds.length,
    p50: middle.p50,
    p99: Math.max(...rounds.map((f) => f.p99)),
    errors: rounds.reduce((sum, f) => sum + f.errors, 0),
    non2xx: rounds.reduce((sum, f) => sum + f.non2xx, 0),
    ok: rounds.reduce((sum, f) => sum + f.ok, 0),
  };
}

/** An endpoint measured in rounds taking turns with the no-op, and the no-op's own rounds. */
export interface Paired {
  target: Figures;
  noop: Figures;
  /** Each round's throughput: the endpoint's and the no-op's. */
  rounds: { target: number; noop: number }[];
  /** The endpoint's throughput as a share of the no-op's over the same rounds. */
  share: number;
}

/**
 * Measure `target` and the no-op `noop` in `rounds` alternating rounds of `seconds` each, so that
 * the machine's drift and noise (a shared 2-core machine, a heap that grows through a long bench)
 * fall on both alike.
 */
export async function measurePaired(
  name: string,
  target: Record<string, unknown>,
  noop: Record<string, unknown>,
  rounds: number,
  seconds: number,
): Promise<Paired> {
  const noops: Figures[] = [];
  const targets: Figures[] = [];
  for (let round = 0; round < rounds; round++) {
    noops.push(await measure('no-op GET /api/health', { ...noop, duration: seconds }));
    targets.push(await measure(name, { ...target, duration: seconds }));
  }
  const combinedNoop = combineRounds(noops);
  const combinedTarget = combineRounds(targets);
  return {
    target: combinedTarget,
    noop: combinedNoop,
    rounds: targets.map((f, i) => ({ target: f.rps, noop: noops[i]!.rps })),
    share: combinedTarget.rps / combinedNoop.rps,
  };
}

/** `62% (4590/7475), 50% (…)`: each round's share of the no-op. */
export const roundShares = (p: Paired) =>
  p.rounds
    .map((r) => `${((r.target / r.noop) * 100).toFixed(0)}% (${r.target.toFixed(0)}/${r.noop.toFixed(0)})`)
    .join(', ');

/** Latency of one request at a time (no queueing): p50 and p99 in milliseconds. */
export async function sequentialLatency(
  url: string,
  headers: Record<string, string>,
  count = 2_000,
): Promise<{ p50: number; p99: number; failed: number }> {
  const times: number[] = [];
  let failed = 0;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (!response.ok) failed++;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p99: at(0.99), failed };
}

/** Resident and peak memory of a process, in MB (Linux). */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

export const table = (header: string[], rows: (string | number)[][]) =>
  [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
