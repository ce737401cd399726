import { useState } from 'react';

/** An avatar's image in the admin room; a broken one says 'Image not found' instead. */
export function AvatarImage({ src, alt, className = 'size-20' }: { src: string; alt: string; className?: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  if (broken === src) {
    return (
      <span role="img" aria-label={`${alt}: Image not found`} className={`grid place-items-center border-2 border-dashed border-error/70 bg-base-300 p-1 text-center text-xs text-error ${className}`}>
        Image not found
      </span>
    );
  }
  return <img src={src} alt={alt} width={80} height={80} loading="lazy" className={`bg-base-300 object-contain [image-rendering:pixelated] ${className}`} onError={() => setBroken(src)} />;
}
