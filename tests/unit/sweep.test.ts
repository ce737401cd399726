import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduleSweep } from '~/server/shared/sweep';

// The background sweeps (src/server/shared/sweep.ts): at once, then on their interval, one run at a
// time; `now()` (the new-game mails after an announcement) runs one soon without waiting for a tick.

describe('a background sweep', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once, then on its interval, and now() runs it again without waiting for a tick', async () => {
    vi.useFakeTimers();
    const runs: number[] = [];
    const sweep = scheduleSweep('counting', async () => void runs.push(Date.now()), 10_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(1);

    sweep.now();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(2);

    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toHaveLength(3);
    await sweep();
  });

  it('never overlaps a run under way: now() queues one after it', async () => {
    let release!: () => void;
    let under = 0;
    let most = 0;
    let runs = 0;
    const sweep = scheduleSweep(
      'held',
      async () => {
        runs += 1;
        under += 1;
        most = Math.max(most, under);
        if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
        under -= 1;
      },
      60_000,
    );
    await vi.waitFor(() => expect(runs).toBe(1));
    sweep.now();
    await Promise.resolve();
    expect(runs).toBe(1); // held behind the first run
    release();
    await vi.waitFor(() => expect(runs).toBe(2));
    expect(most).toBe(1);
    await sweep();
  });

  it('runs nothing once stopped, and its stop waits for the run under way', async () => {
    let release!: () => void;
    let finished = false;
    let runs = 0;
    const sweep = scheduleSweep(
      'stopping',
      async () => {
        runs += 1;
        await new Promise<void>((resolve) => (release = resolve));
        finished = true;
      },
      60_000,
    );
    await vi.waitFor(() => expect(runs).toBe(1));
    const stopped = sweep();
    sweep.now();
    release();
    await stopped;
    expect(finished).toBe(true);
    await Promise.resolve();
    expect(runs).toBe(1);
  });
});
