import type { ReactNode } from 'react';
import { PixelIcon } from '~/ui/PixelIcon';
import {
  alert as iconAlert,
  gamepad as iconGamepad,
  reload as iconReload,
  trophy as iconTrophy,
} from '~/ui/pixel-icons';

/** Skeleton rows while a board loads. */
export function LoadingRows() {
  return (
    <div role="status" aria-label="Loading leaderboard" className="space-y-3 p-4 sm:p-6">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="flex items-center gap-3">
          <div className="size-10 shrink-0 skeleton" />
          <div className="h-5 flex-1 skeleton" />
          <div className="h-5 w-20 skeleton" />
        </div>
      ))}
    </div>
  );
}

function Notice({
  icon,
  tone,
  title,
  children,
  alert = false,
}: {
  icon: string;
  tone: string;
  title: string;
  children: ReactNode;
  alert?: boolean;
}) {
  return (
    <div role={alert ? 'alert' : undefined} className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <span className={`grid size-16 place-items-center rounded-box border-2 border-dashed border-plum ${tone}`}>
        <PixelIcon icon={icon} className="size-9" />
      </span>
      <h3 className={`text-xs leading-relaxed sm:text-sm ${tone}`}>{title}</h3>
      {children}
    </div>
  );
}

/** 'Failed to load leaderboard' with Try Again. */
export function BoardError({ onRetry }: { onRetry: () => void }) {
  return (
    <Notice icon={iconAlert} tone="text-error" title="Failed to load leaderboard" alert>
      <p className="text-base-content/75">The scores could not be fetched. Check your connection and try again.</p>
      <button type="button" className="btn-arcade mt-2 btn-primary" onClick={onRetry}>
        <PixelIcon icon={iconReload} className="size-4" /> Try Again
      </button>
    </Notice>
  );
}

/** 'No players found' / 'Be the first to set a high score!'. */
export function EmptyBoard({ hint, detailsPath, gameName }: { hint?: string; detailsPath: string; gameName: string }) {
  return (
    <Notice icon={iconTrophy} tone="text-warning" title="No players found">
      <p className="text-lg text-base-content/85">Be the first to set a high score!</p>
      {hint && <p className="max-w-md text-sm text-base-content/75">{hint}</p>}
      <a href={detailsPath} className="btn-arcade mt-2 btn-outline btn-info">
        <PixelIcon icon={iconGamepad} className="size-4" /> About {gameName}
      </a>
    </Notice>
  );
}
