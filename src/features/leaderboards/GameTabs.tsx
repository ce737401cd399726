import { useTabs } from '~/ui/useTabs';

interface GameTabsProps {
  games: { gameId: string; name: string; logo: string }[];
  selected: string;
  onSelect: (gameId: string) => void;
  panelId: string;
  idPrefix: string;
}

/** The game tabs: a tab list that the arrow keys, Home and End move through. */
export function GameTabs({ games, selected, onSelect, panelId, idPrefix }: GameTabsProps) {
  const { listProps, tabProps } = useTabs(
    games.map((g) => g.gameId),
    selected,
    onSelect,
    panelId,
    (gameId) => `${idPrefix}-${gameId}`,
  );

  return (
    <div {...listProps} aria-label="Games" className="grid grid-cols-3 gap-2 sm:gap-4">
      {games.map((game) => {
        const active = game.gameId === selected;
        return (
          <button
            key={game.gameId}
            {...tabProps(game.gameId)}
            className={`flex min-h-12 flex-row items-center justify-center gap-1.5 rounded-box border-2 px-1.5 py-1.5 text-left transition-transform sm:min-h-20 sm:gap-3 sm:px-4 sm:py-3 sm:text-center ${
              active
                ? 'border-primary bg-neutral text-primary shadow-[4px_4px_0_0_rgb(0_0_0/0.55)]'
                : 'border-plum bg-base-200/80 text-base-content/80 hover:-translate-y-0.5 hover:border-primary/60 hover:text-base-content'
            }`}
          >
            <img src={game.logo} alt="" width={40} height={40} className="pixelated size-6 shrink-0 sm:size-10" />
            <span className="font-pixel text-[0.45rem] leading-relaxed sm:text-[0.65rem]">{game.name}</span>
          </button>
        );
      })}
    </div>
  );
}
