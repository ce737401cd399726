import type { FetcherValue } from '@nanostores/query';
import { atom } from 'nanostores';
import type { FeaturedTournamentResponse } from '~/lib/schemas/tournament';
import { PixelIcon } from '~/ui/PixelIcon';
import { useDropdown } from '~/ui/useDropdown';
import { useHydratedStore, useSession } from '~/ui/useHydratedStore';
import { useLoaded } from '~/ui/useLoaded';
import { chevronDown as iconChevronDown, trophy as iconTrophy } from '~/ui/pixel-icons';

export interface TournamentMenuProps {
  /** `label`: the TOURNAMENT text link of wide screens; `icon`: the trophy button of narrow ones. */
  variant: 'label' | 'icon';
}

const lists = [
  { href: '/tournaments/upcoming', text: 'Upcoming Tournaments' },
  { href: '/tournaments/past', text: 'Past Tournaments' },
];

const NOTHING: FetcherValue<FeaturedTournamentResponse> = { loading: false };
const $nothing = atom(NOTHING);

/**
 * The featured tournament's store, loaded once a player is signed in: a visitor's page (every static
 * page's first load) carries neither it nor the API client and schemas it needs.
 */
const loadFeatured = () => import('~/lib/stores/tournament-queries').then((stores) => stores.$featuredTournament);

/** How the featured tournament lights the menu: pulsing green while active, yellow while upcoming. */
const TONE = {
  active: 'text-accent animate-glow',
  upcoming: 'text-warning',
} as const;

/**
 * The header's TOURNAMENT dropdown: Active Tournament while the featured one runs, Upcoming and
 * Past Tournaments. For a signed-in player the featured tournament is asked every 60 s (the
 * store's poll, loaded when the session names a player) and colours the label; a visitor sees the
 * plain menu.
 */
export default function TournamentMenu({ variant }: TournamentMenuProps) {
  const { open, setOpen, root, buttonProps, menuProps } = useDropdown();
  const signedIn = useSession().status === 'signed-in';
  const $featured = useLoaded(loadFeatured, signedIn);
  const { data: featured } = useHydratedStore(signedIn && $featured ? $featured : $nothing, NOTHING);
  const status = featured?.status === 'active' || featured?.status === 'upcoming' ? featured.status : null;
  const tone = status ? TONE[status] : '';
  const entries = status === 'active' ? [{ href: '/tournament', text: 'Active Tournament' }, ...lists] : lists;
  const state =
    status === 'active' ? ': a tournament is running' : status === 'upcoming' ? ': a tournament is coming up' : '';

  return (
    <div ref={root} className="relative" data-featured={status ?? undefined}>
      {variant === 'label' ? (
        <button
          {...buttonProps}
          className={`btn btn-ghost font-pixel text-[0.65rem] tracking-wide btn-sm ${tone}`}
          aria-label={`TOURNAMENT${state}`}
        >
          TOURNAMENT
          <PixelIcon icon={iconChevronDown} className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
      ) : (
        <button
          {...buttonProps}
          className={`btn btn-square btn-ghost btn-sm ${tone}`}
          aria-label={`Tournaments${state}`}
        >
          <PixelIcon icon={iconTrophy} className="size-5" />
        </button>
      )}
      <ul
        {...menuProps}
        className="menu absolute right-0 z-50 mt-2 w-60 rounded-box border-2 border-plum bg-base-200 p-2 shadow-[6px_6px_0_0_rgb(0_0_0/0.5)] lg:right-auto lg:left-0"
      >
        {entries.map((entry) => (
          <li key={entry.href}>
            <a
              href={entry.href}
              onClick={() => setOpen(false)}
              className={entry.href === '/tournament' ? 'text-accent' : undefined}
            >
              {entry.text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
