/**
 * A background sweep of every process: `run` at once, then every `intervalMs`, one run at a time
 * (a slow run delays the next, never overlaps it); a failure is logged and the next run comes
 * anyway. Returns its stop, which waits for a run under way.
 */
/** A scheduled sweep: call it to stop (it waits for a run under way); `now()` runs it soon, after any under way. */
export type Sweep = (() => Promise<void>) & { now: () => void };

export function scheduleSweep(what: string, run: () => Promise<unknown>, intervalMs: number): Sweep {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = running.then(run).catch((error: unknown) => console.error(`[arcade] ${what} failed:`, error));
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  let stopped = false;
  const stop = async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
  return Object.assign(stop, {
    now: () => {
      if (!stopped) sweep();
    },
  });
}
