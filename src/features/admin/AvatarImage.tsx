import { useState } from 'react';
import { PixelIcon } from '~/ui/PixelIcon';
import { user as iconUser } from '~/ui/pixel-icons';

/**
 * An avatar's image in the admin room. Without an image yet (`src` empty: a new avatar before a
 * file is chosen) it draws the default avatar icon and asks the server for nothing; an image that
 * fails to load says 'Image not found' instead of showing a broken image.
 */
export function AvatarImage({
  src,
  alt,
  className = 'size-20',
}: {
  src: string | null;
  alt: string;
  className?: string;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  if (!src) {
    return (
      <span
        role="img"
        aria-label={alt ? `${alt}: no image yet` : 'No image yet'}
        className={`grid place-items-center border-2 border-dashed border-plum bg-base-300 text-base-content/60 ${className}`}
      >
        <PixelIcon icon={iconUser} className="size-1/2" />
      </span>
    );
  }
  if (broken === src) {
    return (
      <span
        role="img"
        aria-label={`${alt}: Image not found`}
        className={`grid place-items-center border-2 border-dashed border-error/70 bg-base-300 p-1 text-center text-xs text-error ${className}`}
      >
        Image not found
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={80}
      height={80}
      loading="lazy"
      className={`bg-base-300 object-contain [image-rendering:pixelated] ${className}`}
      onError={() => setBroken(src)}
    />
  );
}
