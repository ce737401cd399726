// @vitest-environment happy-dom
import { computed } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, serverMessage } from '~/lib/api';
import {
  FRESH,
  LEADERBOARD_REFETCH,
  RETRY_DELAY,
  clearAllQueries,
  createMutatorStore,
  createQuery,
  storeFamily,
} from '~/lib/query';
import { loaded, runMutation } from '~/lib/query-wait';

// The data layer's rules, on a fake clock: freshness (no second call while an answer is fresh),
// dedupe (one call for several subscribers), failures never kept, retries only where asked for,
// the refetch interval skipping hidden tabs, and mutations that invalidate what they changed.

let keyNumber = 0;
const uniqueKey = (name: string) => `test/${name}/${++keyNumber}`;

/** Let the stores' promises and microtasks run. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T12:00:00Z') });
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
});

afterEach(() => {
  clearAllQueries();
  vi.useRealTimers();
});

describe('fetcher stores', () => {
  it('reuse a fresh answer and ask again once it is stale', async () => {
    const load = vi.fn(async () => Date.now());
    const store = createQuery(uniqueKey('fresh'), load, { freshMs: FRESH.leaderboard });
    const first = await loaded(store);
    await vi.advanceTimersByTimeAsync(1500); // the store unmounts after its last listener left
    vi.advanceTimersByTime(FRESH.leaderboard - 2000);
    expect(await loaded(store)).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1500);
    vi.advanceTimersByTime(1000);
    const again = await loaded(store);
    expect(again).toBeGreaterThan(first);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('share one call between every island that subscribes at once', async () => {
    const answer = deferred<string>();
    const load = vi.fn(() => answer.promise);
    const store = createQuery(uniqueKey('dedupe'), load, { freshMs: FRESH.countries });
    const a = loaded(store);
    const b = loaded(computed(store, (v) => v));
    answer.resolve('one');
    expect(await Promise.all([a, b])).toEqual(['one', 'one']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keep no failure: the next subscriber asks again', async () => {
    let calls = 0;
    const store = createQuery(
      uniqueKey('failure'),
      async () => {
        calls += 1;
        if (calls === 1) throw new ApiError(500, '', 'Internal Server Error');
        return 'back';
      },
      { freshMs: FRESH.account },
    );
    await expect(loaded(store)).rejects.toThrow('500: Internal Server Error');
    expect(await loaded(store)).toBe('back');
    expect(calls).toBe(2);
  });

  it('keep showing the last good answer while a failed refetch is retried later', async () => {
    let fail = false;
    const key = uniqueKey('stale');
    const store = createQuery(
      key,
      async () => {
        if (fail) throw new Error('offline');
        return 'good';
      },
      { freshMs: FRESH.leaderboard, refetchEveryMs: LEADERBOARD_REFETCH },
    );
    const seen: (string | undefined)[] = [];
    const stop = store.subscribe((v) => seen.push(v.data));
    await settle();
    expect(store.get().data).toBe('good');
    fail = true;
    await vi.advanceTimersByTimeAsync(LEADERBOARD_REFETCH);
    expect(store.get()).toMatchObject({ data: 'good', loading: false });
    expect(store.get().error).toBeInstanceOf(Error);
    fail = false;
    await vi.advanceTimersByTimeAsync(LEADERBOARD_REFETCH);
    expect(store.get()).toMatchObject({ data: 'good', loading: false });
    expect(store.get().error).toBeUndefined();
    // The good answer never left the screen.
    expect(seen.slice(seen.indexOf('good')).every((data) => data === 'good')).toBe(true);
    stop();
  });

  it('retry once only when told to (the stats calls), after a short wait', async () => {
    const failing = vi.fn(async () => Promise.reject(new Error('down')));
    const stats = createQuery(uniqueKey('stats'), failing, { freshMs: FRESH.globalStats, retries: 1 });
    const result = loaded(stats).catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(RETRY_DELAY);
    expect(await result).toBe('down');
    expect(failing).toHaveBeenCalledTimes(2);

    const once = vi.fn(async () => Promise.reject(new Error('down')));
    const other = createQuery(uniqueKey('no-retry'), once, { freshMs: FRESH.leaderboard });
    await expect(loaded(other)).rejects.toThrow('down');
    await vi.advanceTimersByTimeAsync(10 * RETRY_DELAY);
    expect(once).toHaveBeenCalledTimes(1);
  });

  it('a stats call that fails once and then answers shows the answer', async () => {
    let calls = 0;
    const stats = createQuery(
      uniqueKey('stats-ok'),
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('blip');
        return 42;
      },
      { freshMs: FRESH.globalStats, retries: 1 },
    );
    const result = loaded(stats);
    await vi.advanceTimersByTimeAsync(RETRY_DELAY);
    expect(await result).toBe(42);
  });

  it('ask again every 30 s while shown, but never while the tab is hidden', async () => {
    const load = vi.fn(async () => 'rows');
    const store = createQuery(uniqueKey('interval'), load, {
      freshMs: FRESH.leaderboard,
      refetchEveryMs: LEADERBOARD_REFETCH,
    });
    const stop = store.listen(() => undefined);
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(LEADERBOARD_REFETCH);
    expect(load).toHaveBeenCalledTimes(2);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    await vi.advanceTimersByTimeAsync(3 * LEADERBOARD_REFETCH);
    expect(load).toHaveBeenCalledTimes(2);
    stop();
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    await vi.advanceTimersByTimeAsync(1500 + 3 * LEADERBOARD_REFETCH);
    // Nobody shows it any more: no more calls.
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('mutator stores', () => {
  it('invalidate exactly the keys they changed', async () => {
    const changedKey = uniqueKey('changed');
    const otherKey = uniqueKey('other');
    const changed = vi.fn(async () => 'value');
    const other = vi.fn(async () => 'value');
    const $changed = createQuery(changedKey, changed, { freshMs: FRESH.account });
    const $other = createQuery(otherKey, other, { freshMs: FRESH.account });
    const stops = [$changed.listen(() => undefined), $other.listen(() => undefined)];
    await settle();
    const save = createMutatorStore<string, string>(async ({ data, invalidate }) => {
      invalidate(changedKey);
      return `saved ${data}`;
    });
    expect(await runMutation(save, 'x')).toEqual({ status: 'done', result: 'saved x' });
    await settle();
    expect(changed).toHaveBeenCalledTimes(2);
    expect(other).toHaveBeenCalledTimes(1);
    stops.forEach((stop) => stop());
  });

  it('report a failure with the server error, and refuse a second run while one is under way', async () => {
    const answer = deferred<string>();
    const save = createMutatorStore<void, string>(() => answer.promise);
    const first = runMutation(save, undefined);
    expect(await runMutation(save, undefined)).toEqual({ status: 'busy' });
    answer.reject(new ApiError(409, '{"error":"Taken"}', 'Conflict'));
    const outcome = await first;
    expect(outcome.status).toBe('failed');
    expect(outcome.status === 'failed' && serverMessage(outcome.error as ApiError)).toBe('Taken');
  });

  it('signing in or out clears every answer', async () => {
    const load = vi.fn(async () => 'mine');
    const store = createQuery(uniqueKey('private'), load, { freshMs: FRESH.currentUser });
    const stop = store.listen(() => undefined);
    await settle();
    clearAllQueries();
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    stop();
  });
});

describe('store families', () => {
  it('keep a store per argument, and forget the least recently asked unused ones (with their answers) past their size', async () => {
    const family = uniqueKey('pages');
    const load = vi.fn(async (page: number) => `page ${page}`);
    const pageStore = storeFamily(
      (page: number) => `${family}?page=${page}`,
      (page, key) => createQuery(key, () => load(page), { freshMs: FRESH.leaderboard }),
      3,
    );
    // Page 1 stays on screen; pages 2 to 5 are each read once and left.
    const one = pageStore(1);
    const stop = one.listen(() => undefined);
    expect(await loaded(one)).toBe('page 1');
    for (const page of [2, 3, 4, 5]) expect(await loaded(pageStore(page))).toBe(`page ${page}`);
    await vi.advanceTimersByTimeAsync(1500); // the pages left unmount
    expect(load.mock.calls.map(([page]) => page)).toEqual([1, 2, 3, 4, 5]);

    // The one on screen is kept (the same store, its answer still fresh: no call) ...
    expect(pageStore(1)).toBe(one);
    expect(await loaded(pageStore(1))).toBe('page 1');
    // ... as are the two asked for last.
    const five = pageStore(5);
    expect(await loaded(five)).toBe('page 5');
    expect(load).toHaveBeenCalledTimes(5);
    // Page 2 was forgotten with its answer: a new store, which asks again.
    expect(await loaded(pageStore(2))).toBe('page 2');
    expect(load.mock.calls.map(([page]) => page)).toEqual([1, 2, 3, 4, 5, 2]);
    stop();
  });

  it('never forget the store being asked for, though nothing listens to it yet (its island subscribes after rendering)', () => {
    const family = uniqueKey('asked');
    const pageStore = storeFamily(
      (page: number) => `${family}?page=${page}`,
      (page, key) => createQuery(key, async () => page, { freshMs: FRESH.leaderboard }),
      1,
    );
    const stop = pageStore(1).listen(() => undefined);
    // Page 1 is listened to, page 2 only asked for: both stay, one over the size.
    expect(pageStore(2)).toBe(pageStore(2));
    // Asking for page 3 forgets page 2 (nothing listens to it), never page 3 itself.
    const three = pageStore(3);
    expect(pageStore(3)).toBe(three);
    stop();
  });
});
