/**
 * A small read-through cache for GET calls: an answer stays fresh for `freshMs` (the spec's cache
 * freshness table), concurrent asks for one key share one request, and failures are not kept, so
 * the next ask tries again. Lives for the page; nothing is persisted.
 */
export interface QueryCache<T> {
  /** The fresh answer for `key`, else `load()`'s (shared with a request already under way). */
  get(key: string, load: () => Promise<T>, options?: { force?: boolean }): Promise<T>;
  /** The answer for `key` while it is fresh, without asking. */
  peek(key: string): T | undefined;
  /** Forget every answer (after sign-out or sign-in the answers may differ). */
  clear(): void;
}

export function createQueryCache<T>(freshMs: number, now: () => number = Date.now): QueryCache<T> {
  const answers = new Map<string, { value: T; at: number }>();
  const pending = new Map<string, Promise<T>>();

  function peek(key: string): T | undefined {
    const answer = answers.get(key);
    return answer && now() - answer.at < freshMs ? answer.value : undefined;
  }

  return {
    peek,
    get(key, load, { force = false } = {}) {
      const running = pending.get(key);
      if (running) return running;
      if (!force) {
        const fresh = peek(key);
        if (fresh !== undefined) return Promise.resolve(fresh);
      }
      const request = load()
        .then((value) => {
          answers.set(key, { value, at: now() });
          return value;
        })
        .finally(() => pending.delete(key));
      pending.set(key, request);
      return request;
    },
    clear() {
      answers.clear();
      pending.clear();
    },
  };
}
