import type { AchievementCard } from '~/lib/achievements';
import { PixelIcon } from '~/ui/PixelIcon';
import { useTabs } from '~/ui/useTabs';
import { check as iconCheck, lock as iconLock, sparkles as iconSparkles } from '~/ui/pixel-icons';

interface Props {
  cards: AchievementCard[];
  selected: string;
  onSelect: (cardId: string) => void;
  panelId: string;
}

/**
 * The cards as tabs: a column on the left on large screens, a row that scrolls sideways on small
 * ones. Each shows its completed/total badge and a progress bar; the arrow keys move between them.
 */
export function AchievementCardList({ cards, selected, onSelect, panelId }: Props) {
  const { listProps, tabProps } = useTabs(
    cards.map((c) => c.id),
    selected,
    onSelect,
    panelId,
    (cardId) => `card-tab-${cardId}`,
  );

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div
        {...listProps}
        aria-label="Achievement cards"
        className="flex snap-x gap-3 overflow-x-auto pb-2 lg:flex-col lg:overflow-visible lg:pb-0"
      >
        {cards.map((card) => {
          const active = card.id === selected;
          const percent = Math.round((card.completedCount / Math.max(1, card.totalCount)) * 100);
          return (
            <button
              key={card.id}
              {...tabProps(card.id)}
              className={`w-60 shrink-0 snap-start rounded-box border-2 p-4 text-left transition-transform lg:w-full ${
                active
                  ? 'border-primary bg-neutral shadow-[4px_4px_0_0_rgb(0_0_0/0.55)]'
                  : 'border-plum bg-base-200/80 hover:-translate-y-0.5 hover:border-primary/60'
              }`}
            >
              <span className="flex items-start justify-between gap-3">
                <span
                  className={`font-pixel text-[0.6rem] leading-relaxed ${active ? 'text-primary' : 'text-base-content'}`}
                >
                  {card.title}
                </span>
                <span
                  className={`badge shrink-0 border-2 font-data text-xs font-bold ${card.completed ? 'border-black bg-accent text-accent-content' : 'border-plum bg-base-300 text-base-content'}`}
                >
                  {card.completedCount}/{card.totalCount}
                </span>
              </span>
              <progress
                className={`progress mt-3 h-2 w-full ${card.completed ? 'progress-accent' : 'progress-primary'}`}
                value={percent}
                max={100}
                aria-label={`${card.title}: ${percent}% done`}
              />
              <span className="mt-2 flex items-center gap-1.5 text-sm text-base-content/75">
                <PixelIcon
                  icon={card.claimed ? iconCheck : card.completed ? iconSparkles : iconLock}
                  className="size-4"
                />
                {card.claimed ? 'Reward claimed' : card.completed ? 'Reward ready' : 'In progress'}
              </span>
            </button>
          );
        })}
      </div>
      <p className="rounded-box border-2 border-dashed border-plum px-4 py-3 text-center text-sm text-base-content/70">
        More achievement cards coming soon
      </p>
    </div>
  );
}
