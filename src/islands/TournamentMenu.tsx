import { PixelIcon } from '../ui/PixelIcon';
import { useDropdown } from '../ui/useDropdown';
import { chevronDown as iconChevronDown, trophy as iconTrophy } from '../ui/pixel-icons';

export interface TournamentMenuProps {
  /** `label`: the TOURNAMENT text link of wide screens; `icon`: the trophy button of narrow ones. */
  variant: 'label' | 'icon';
}

const entries = [
  { href: '/tournaments/upcoming', text: 'Upcoming Tournaments' },
  { href: '/tournaments/past', text: 'Past Tournaments' },
];

/** The header's TOURNAMENT dropdown. */
export default function TournamentMenu({ variant }: TournamentMenuProps) {
  const { open, setOpen, root, buttonProps, menuProps } = useDropdown();

  return (
    <div ref={root} className="relative">
      {variant === 'label' ? (
        <button {...buttonProps} className="btn btn-ghost btn-sm font-pixel text-[0.65rem] tracking-wide">
          TOURNAMENT
          <PixelIcon icon={iconChevronDown} className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
      ) : (
        <button {...buttonProps} className="btn btn-ghost btn-square btn-sm" aria-label="Tournaments">
          <PixelIcon icon={iconTrophy} className="size-5" />
        </button>
      )}
      <ul
        {...menuProps}
        className="menu absolute right-0 z-50 mt-2 w-60 rounded-box border-2 border-plum bg-base-200 p-2 shadow-[6px_6px_0_0_rgb(0_0_0/0.5)] lg:left-0 lg:right-auto"
      >
        {entries.map((entry) => (
          <li key={entry.href}>
            <a href={entry.href} onClick={() => setOpen(false)}>
              {entry.text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
