import type { FetcherValue, MutatorStore } from '@nanostores/query';
import type { ReadableAtom } from 'nanostores';
import { firstOf } from './query';

/**
 * Waiting on the data layer's stores (`query.ts`): a fetcher store's answer, a mutation's outcome.
 * Apart from `query.ts` because no page's first render needs them: a signed-in player's actions,
 * the boards and the admin tools load them (astro.config.mjs, the `player` group).
 */

/** The answer of a fetcher store once it has one; rejects with the call's error. */
export function loaded<T>(store: ReadableAtom<FetcherValue<T>>): Promise<T> {
  return firstOf<FetcherValue<T>, T>(store, ({ loading, data, error }) => {
    if (loading) return undefined;
    if (data !== undefined) return { value: data };
    return error !== undefined ? { error } : undefined;
  });
}

/** How a mutation ended: with the server's answer, with an error, or not at all (one already ran). */
export type Outcome<R> = { status: 'done'; result: R } | { status: 'failed'; error: unknown } | { status: 'busy' };

/**
 * Run a mutator store once and tell how it ended. nanoquery's `mutate` keeps a failure in the
 * store only, and only while the store is listened to: this listens for the call's length.
 */
export async function runMutation<D, R>(mutator: MutatorStore<D, R>, data: D): Promise<Outcome<R>> {
  const unlisten = mutator.listen(() => undefined);
  try {
    if (mutator.get().loading) return { status: 'busy' };
    const result = await (mutator.mutate as (data: D) => Promise<R | undefined>)(data);
    const { error } = mutator.get();
    return error === undefined ? { status: 'done', result: result as R } : { status: 'failed', error };
  } finally {
    unlisten();
  }
}
