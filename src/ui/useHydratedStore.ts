import type { ReadableAtom } from 'nanostores';
import { useCallback, useSyncExternalStore } from 'react';
import { $session, type Session } from '~/lib/stores/session';

/**
 * A store's value for an island, starting from `serverValue`: what the prerendered HTML shows
 * (nobody signed in yet, nothing loaded). `useStore` would hydrate with the store's current value,
 * which differs as soon as another island of the page has loaded it first, and React then throws
 * away the page's HTML (a hydration mismatch). After hydration the island follows the store.
 */
export function useHydratedStore<T>(store: ReadableAtom<T>, serverValue: T): T {
  const subscribe = useCallback((changed: () => void) => store.listen(changed), [store]);
  const get = useCallback(() => store.get(), [store]);
  return useSyncExternalStore(subscribe, get, () => serverValue);
}

const LOADING: Session = { status: 'loading' };

/** Who is signed in, for islands: 'loading' in the HTML and at hydration, then the answer. */
export const useSession = () => useHydratedStore($session, LOADING);
