import { useEffect, useRef, useState } from 'react';

/**
 * Whether an image failed to load, also when it failed before its island hydrated (React only
 * hears the errors that come after): `ref` and `onError` go on the `<img>`.
 */
export function useBrokenImage(src: string | null | undefined) {
  const ref = useRef<HTMLImageElement>(null);
  const [broken, setBroken] = useState<string | null>(null);
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && src) setBroken(src);
  }, [src]);
  return { broken: !!src && broken === src, ref, onError: () => setBroken(src ?? null) };
}
