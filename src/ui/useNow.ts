import { useEffect, useState } from 'react';
import { SECOND } from '~/lib/format';

/**
 * The current time for a ticking countdown: `initial` at the first render (the moment a
 * server-rendered page was made, so the island's first render prints the server's text), then the
 * browser's clock, every `everyMs` after mount. A function as `initial` is called once, at the
 * first render (`useNow(Date.now)` where no server time is at hand).
 */
export function useNow(initial: number | (() => number), everyMs = SECOND): number {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
