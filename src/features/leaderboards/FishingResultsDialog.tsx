import { useId, useRef } from 'react';
import { formatCount } from '~/lib/format';
import { fishByPoints, formatWeight, isGreatHaul, qualityStars, type WeightUnit } from '~/lib/fish-display';
import { PIXEL_STAR_PATH } from '~/lib/pixel-star';
import type { FishDetail } from '~/lib/schemas/leaderboard';
import { ArcadeDialog } from '~/ui/ArcadeDialog';
import { PixelIcon } from '~/ui/PixelIcon';
import { fish as iconFish, sparkles as iconSparkles } from '~/ui/pixel-icons';

interface Props {
  open: boolean;
  onClose: () => void;
  username: string;
  /** The run's score (the total the fish add up to, or more). */
  score: number;
  /** The run's fish; weights in kilograms. */
  fish: readonly FishDetail[];
  /** Weights are shown in pounds on the leaderboard and in kilograms in the tournament view. */
  unit: WeightUnit;
}

/**
 * A player's best fishing run, fish by fish: total score, then each
 * fish with its points, weight and a 1-5 star quality, most points first.
 */
export function FishingResultsDialog({ open, onClose, username, score, fish, unit }: Props) {
  const id = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const sorted = fishByPoints(fish);

  return (
    <ArcadeDialog
      open={open}
      onClose={onClose}
      labelledBy={`${id}-title`}
      describedBy={`${id}-total`}
      initialFocus={title}
      icon={iconFish}
    >
      <h2
        id={`${id}-title`}
        ref={title}
        tabIndex={-1}
        className="text-center text-sm leading-relaxed wrap-anywhere text-primary outline-none"
      >
        <span className="font-data text-base font-bold">{username}</span>&apos;s Fishing Results
      </h2>
      <p
        id={`${id}-total`}
        className="mt-4 flex flex-col items-center gap-1 rounded-box border-2 border-plum bg-base-300 px-4 py-3 text-center"
      >
        <span className="font-pixel text-[0.6rem] text-base-content/75">TOTAL SCORE</span>
        <span className="font-data text-2xl font-bold text-accent">
          {formatCount(score)} <span className="font-sans text-sm font-normal text-base-content/75">points</span>
        </span>
        <span className="font-data text-sm text-base-content/75">
          {sorted.length === 1 ? '1 fish caught' : `${formatCount(sorted.length)} fish caught`}
        </span>
      </p>
      {isGreatHaul(sorted) && (
        <p className="mt-4 flex items-center justify-center gap-2 font-pixel text-[0.65rem] text-warning">
          <PixelIcon icon={iconSparkles} className="size-5" /> Great haul!{' '}
          <PixelIcon icon={iconSparkles} className="size-5" />
        </p>
      )}
      {sorted.length === 0 ? (
        <p className="mt-5 text-center text-base-content/75">No fish were landed in this run.</p>
      ) : (
        <ol className="mt-5 space-y-2" aria-label="Fish caught, most points first">
          {sorted.map((f, i) => (
            <li key={i} className="flex items-center gap-3 rounded-box border-2 border-plum bg-base-100 px-3 py-2">
              <PixelIcon icon={iconFish} className="size-6 shrink-0 text-info" />
              <div className="min-w-0 flex-1">
                <p className="font-bold wrap-anywhere">{f.name}</p>
                <p className="flex flex-col items-start gap-1 text-sm text-base-content/75 sm:flex-row sm:items-center sm:gap-3">
                  <span className="font-data">{formatWeight(f.weight, unit)}</span>
                  <QualityStars quality={f.quality} />
                </p>
              </div>
              <p className="shrink-0 text-right">
                <span className="block font-data text-base font-bold text-primary">{formatCount(f.points)}</span>
                <span className="text-xs text-base-content/75">points</span>
              </p>
            </li>
          ))}
        </ol>
      )}
    </ArcadeDialog>
  );
}

/** Quality as five pixel stars, the first `quality` of them lit; read out as 'Quality: 4 out of 5'. */
export function QualityStars({ quality }: { quality: number }) {
  const lit = qualityStars(quality);
  return (
    <span role="img" aria-label={`Quality: ${lit} out of 5`} className="inline-flex gap-0.5" data-stars={lit}>
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          key={n}
          viewBox="0 0 9 9"
          className={`size-3.5 ${n <= lit ? 'text-warning' : 'text-base-content/25'}`}
          aria-hidden="true"
          shapeRendering="crispEdges"
        >
          <path fill="currentColor" d={PIXEL_STAR_PATH} />
        </svg>
      ))}
    </span>
  );
}
