import { Fragment } from 'react';
import { countryBadge } from '~/lib/board-rules';
import { countryName } from '~/lib/countries';
import { formatCount, formatShortDate } from '~/lib/format';
import type { GameResults } from '~/lib/schemas/games';
import type { LeaderboardEntry } from '~/lib/schemas/leaderboard';
import { PixelIcon } from '~/ui/PixelIcon';
import { PlayerAvatar } from '~/ui/PlayerAvatar';
import { fish as iconFish, trophy as iconTrophy } from '~/ui/pixel-icons';

/** The id of a player's row, for 'Jump to my row'. */
export const rowId = (userId: number) => `leaderboard-row-${userId}`;

const TROPHIES = [
  {
    label: 'Gold trophy',
    icon: 'text-gold',
    row: 'bg-gold/10 [&>td:first-child]:shadow-[inset_4px_0_0_0_var(--color-gold)]',
  },
  {
    label: 'Silver trophy',
    icon: 'text-[#d3d8ea]',
    row: 'bg-[#d3d8ea]/8 [&>td:first-child]:shadow-[inset_4px_0_0_0_#d3d8ea]',
  },
  {
    label: 'Bronze trophy',
    icon: 'text-[#e0915a]',
    row: 'bg-[#e0915a]/8 [&>td:first-child]:shadow-[inset_4px_0_0_0_#e0915a]',
  },
] as const;

/**
 * One player on a board: rank (trophies for the top three), avatar, name with YOU on the player's
 * own row, fish or level, join date, country and score. On narrow screens the secondary columns
 * fold into a line under the name.
 */
export function LeaderboardRow({
  entry,
  results,
  own,
  flash,
  onFish,
}: {
  entry: LeaderboardEntry;
  results: GameResults;
  own: boolean;
  flash: boolean;
  onFish: () => void;
}) {
  const trophy = entry.rank <= 3 ? TROPHIES[entry.rank - 1] : undefined;
  const country = countryBadge(entry.country);
  const cell = 'border-t-2 border-plum/60 py-3 align-middle';
  const stat = results.fish ? (
    <FishButton entry={entry} onOpen={onFish} />
  ) : results.levels ? (
    <LevelText level={entry.level} />
  ) : null;

  return (
    <tr
      id={rowId(entry.userId)}
      data-rank={entry.rank}
      data-own={own || undefined}
      className={[
        trophy?.row ?? '',
        own ? 'bg-accent/10 outline-2 -outline-offset-2 outline-accent' : '',
        flash ? 'row-flash' : '',
      ].join(' ')}
    >
      <td className={`${cell} px-1 text-center sm:px-2`}>
        {trophy ? (
          <span className="inline-flex flex-col items-center gap-0.5">
            <PixelIcon icon={iconTrophy} label={trophy.label} className={`size-6 sm:size-7 ${trophy.icon}`} />
            <span className={`font-data text-xs font-bold ${trophy.icon}`}>#{entry.rank}</span>
          </span>
        ) : (
          <span className="font-data text-sm font-bold text-base-content/85">#{formatCount(entry.rank)}</span>
        )}
      </td>
      <td className={`${cell} px-2`}>
        <div className="flex min-w-0 items-center gap-3">
          <PlayerAvatar
            player={{
              username: entry.username,
              avatarImage: entry.activeAvatar?.avatarImage,
              avatarName: entry.activeAvatar?.avatarName,
            }}
            size="md"
            lazy
          />
          <div className="min-w-0">
            <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
              <a
                href={`/users/${entry.userId}`}
                title={entry.username}
                className="block min-w-0 link font-data font-bold wrap-anywhere link-hover hover:text-primary md:truncate"
              >
                <BreakableName name={entry.username} />
              </a>
              {own && (
                <span className="badge shrink-0 border-2 border-black bg-accent font-pixel badge-sm text-[0.5rem] text-accent-content">
                  YOU
                </span>
              )}
            </p>
            <p className="mt-0.5 hidden text-sm text-base-content/75 md:block lg:hidden">
              <JoinDate createdAt={entry.createdAt} />
            </p>
          </div>
        </div>
        {/* Narrow screens: the columns hidden there, on a line under the player. */}
        <p className="mt-2 flex flex-wrap items-center gap-x-2.5 gap-y-1.5 text-sm text-base-content/75 md:hidden">
          {stat}
          {country && <CountryCode code={country} />}
          <JoinDate createdAt={entry.createdAt} />
        </p>
      </td>
      {stat && <td className={`${cell} hidden px-2 md:table-cell`}>{stat}</td>}
      <td className={`${cell} hidden px-2 text-sm text-base-content/85 lg:table-cell`}>
        <JoinDate createdAt={entry.createdAt} />
      </td>
      <td className={`${cell} hidden px-2 text-center md:table-cell`}>{country && <CountryCode code={country} />}</td>
      <td className={`${cell} pr-3 pl-1 text-right sm:pr-6`}>
        <span className={`block font-data text-base font-bold sm:text-lg ${trophy ? trophy.icon : 'text-primary'}`}>
          {formatCount(entry.score)}
        </span>
        <span className="text-xs text-base-content/75">points</span>
      </td>
    </tr>
  );
}

function FishButton({ entry, onOpen }: { entry: LeaderboardEntry; onOpen: () => void }) {
  const text = `${formatCount(entry.fishCaught)} fish`;
  if (entry.fishDetails.length === 0) {
    return (
      <span className="inline-flex items-center gap-1.5">
        <PixelIcon icon={iconFish} className="size-4 text-info" /> <span className="font-data">{text}</span>
      </span>
    );
  }
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-haspopup="dialog"
      aria-label={`${text}: show ${entry.username}'s fishing results`}
      className="btn h-auto min-h-7 gap-1.5 border-2 border-info/60 bg-info/10 px-2 text-sm font-normal text-info btn-xs hover:bg-info/20"
    >
      <PixelIcon icon={iconFish} className="size-4" />
      <span className="font-data">{text}</span>
    </button>
  );
}

function LevelText({ level }: { level: number | null }) {
  return (
    <span className="font-data whitespace-nowrap">{level === null ? 'Level -' : `Level ${formatCount(level)}`}</span>
  );
}

function JoinDate({ createdAt }: { createdAt: string }) {
  return (
    <time dateTime={createdAt} className="font-data whitespace-nowrap">
      {formatShortDate(createdAt)}
    </time>
  );
}

function CountryCode({ code }: { code: string }) {
  return (
    <abbr
      title={countryName(code)}
      className="rounded-sm border-2 border-plum bg-base-300 px-1.5 py-0.5 font-data text-xs font-bold text-info no-underline"
    >
      {code}
    </abbr>
  );
}

/**
 * A username that, where it must wrap (a phone), breaks after its underscores and dashes first
 * (`cypher_` / `pilot`), and anywhere only when a part is still too long.
 */
function BreakableName({ name }: { name: string }) {
  const parts = name.split(/(?<=[_-])/);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && <wbr />}
    </Fragment>
  ));
}
