import { PixelIcon } from '~/ui/PixelIcon';
import { useBrokenImage } from '~/ui/useBrokenImage';
import { trophy as iconTrophy } from '~/ui/pixel-icons';

/** A tournament's picture, or a trophy when it has none or the image fails to load (the broken image is hidden). */
export function TournamentImage({ src, className = '' }: { src: string | null; className?: string }) {
  const { broken, ref, onError } = useBrokenImage(src);
  if (src && !broken) {
    return (
      <img
        ref={ref}
        src={src}
        alt=""
        width={640}
        height={360}
        onError={onError}
        className={`object-cover ${className}`}
      />
    );
  }
  return (
    <div
      aria-hidden="true"
      className={`grid place-items-center bg-gradient-to-br from-plum to-base-300 text-gold ${className}`}
    >
      <PixelIcon icon={iconTrophy} className="size-16" />
    </div>
  );
}
