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

/** Latency of one request at a time (no queueing): p50 and p99 in milliseconds. */
export async function sequentialLatency(url: string, headers: Record<string, string>, count = 2_000): Promise<{ p50: number; p99: number; failed: number }> {
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
  [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
