import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * An avatar reward's picture on the results page: on an error it falls back once to the default
 * path `/api/assets/avatars/{avatarId}.png` (also when it failed before hydration).
 */
export default function AvatarRewardImage({ src, avatarId, alt }: { src: string; avatarId: string; alt: string }) {
  const fallback = `/api/assets/avatars/${encodeURIComponent(avatarId)}.png`;
  const [shown, setShown] = useState(src);
  const ref = useRef<HTMLImageElement>(null);
  const fail = useCallback(() => setShown((current) => (current === fallback ? current : fallback)), [fallback]);
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) fail();
    // An image that failed before hydration sent its error to nobody: look once after mount.
  }, [fail]);
  return (
    <img
      ref={ref}
      src={shown}
      alt={alt}
      width={64}
      height={64}
      onError={fail}
      className="pixelated size-16 shrink-0 rounded-sm border-2 border-plum bg-neutral"
    />
  );
}
