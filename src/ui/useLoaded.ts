import { useEffect, useState } from 'react';

/**
 * What `load` resolves to once `wanted` has been true, null until then: a part of an island that
 * loads only when needed (the account menu, the dashboard). Unlike `lazy()` with Suspense, the part
 * shows as soon as it arrives (React may hold a resolved Suspense boundary back, on a timer).
 * A part that fails to load leaves the island as it was, with the failure in the console.
 */
export function useLoaded<T>(load: () => Promise<T>, wanted: boolean): T | null {
  const [loaded, setLoaded] = useState<{ value: T } | null>(null);
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    load().then(
      (value) => live && setLoaded({ value }),
      (error: unknown) => console.error('Could not load a part of the page:', error),
    );
    return () => {
      live = false;
    };
  }, [wanted, loaded, load]);
  return loaded ? loaded.value : null;
}
