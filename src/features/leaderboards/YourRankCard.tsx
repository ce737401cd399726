import { countryName, isListedCountry } from '~/lib/countries';
import { formatCount } from '~/lib/format';
import { playHref } from '~/lib/play';
import type { GameResults } from '~/lib/schemas/games';
import type { UserRankResponse } from '~/lib/schemas/leaderboard';
import { openAuthDialog } from '~/lib/stores/auth-dialog';
import { PixelIcon } from '~/ui/PixelIcon';
import type { RankState } from './useLeaderboard';
import {
  arrowDown as iconArrowDown,
  gamepad as iconGamepad,
  login as iconLogin,
  sliders as iconSliders,
  target as iconTarget,
} from '~/ui/pixel-icons';

interface Props {
  rank: RankState;
  /** What the game's runs report: fish caught or levels. */
  results: GameResults;
  game: { name: string; url: string };
  /** Country scope: players are ranked on their home country's board only. */
  countryScope: boolean;
  /** Show another country's board (the player's own, from a board they are not on). */
  onShowCountry: (code: string) => void;
  onJump: () => void;
  jumping: boolean;
}

/**
 * The signed-in player's 'Your Rank' card: rank, score, fish caught (fishing) or
 * level, and the number of players; a button jumps to the player's own row on the board. On a
 * phone it stays compact (the jump button beside the title), so the board's first rows still show
 * on the first screen; from lg on the button sits beside the figures.
 */
export function YourRankCard({ rank, results, game, countryScope, onShowCountry, onJump, jumping }: Props) {
  return (
    <section
      aria-labelledby="your-rank-title"
      className="panel grid grid-cols-[1fr_auto] items-center gap-3 border-accent/70 p-3 sm:p-5 lg:gap-4"
    >
      <h2
        id="your-rank-title"
        className="flex items-center gap-2 text-[0.7rem] whitespace-nowrap text-accent lg:col-span-2"
      >
        <PixelIcon icon={iconTarget} className="size-5 max-sm:hidden" /> Your Rank
      </h2>
      {rank.status === 'loading' && (
        <div role="status" aria-label="Loading your rank" className="col-span-2 h-16 w-full skeleton" />
      )}
      {rank.status === 'error' && (
        <p className="col-span-2 text-base-content/75">Your rank could not be loaded right now.</p>
      )}
      {rank.status === 'ready' &&
        (rank.rank.rank === null ? (
          <Unranked
            game={game}
            countryScope={countryScope}
            homeCountry={rank.rank.homeCountry ?? null}
            onShowCountry={onShowCountry}
          />
        ) : (
          <Ranked rank={rank.rank} results={results} onJump={onJump} jumping={jumping} />
        ))}
    </section>
  );
}

/** The figures and Jump to My Row, as cells of the card's grid (see {@link YourRankCard}). */
function Ranked({
  rank,
  results,
  onJump,
  jumping,
}: {
  rank: UserRankResponse;
  results: GameResults;
  onJump: () => void;
  jumping: boolean;
}) {
  const stats: [string, string][] = [
    ['Rank', `#${formatCount(rank.rank ?? 0)}`],
    ['Score', formatCount(rank.score)],
    ...(results.fish ? [['Fish Caught', formatCount(rank.fishCaught)] as [string, string]] : []),
    ...(!results.fish && results.levels
      ? [['Level', rank.level === null ? '-' : formatCount(rank.level)] as [string, string]]
      : []),
    ['Total Players', formatCount(rank.totalPlayers)],
  ];
  return (
    <>
      {rank.page !== null && (
        <button
          type="button"
          className="btn-arcade col-start-2 row-start-1 shrink-0 btn-accent btn-sm max-sm:px-2.5 max-sm:text-[0.6rem] sm:btn-md lg:row-start-2"
          onClick={onJump}
          disabled={jumping}
        >
          {jumping ? (
            <span className="loading loading-xs loading-spinner" aria-hidden="true" />
          ) : (
            <PixelIcon icon={iconArrowDown} className="size-4" />
          )}
          {jumping ? 'Finding You...' : 'Jump to My Row'}
        </button>
      )}
      <dl className="col-span-2 grid auto-cols-fr grid-flow-col gap-1.5 sm:gap-3 lg:col-span-1 lg:col-start-1 lg:row-start-2">
        {stats.map(([label, value], i) => (
          <div
            key={label}
            className="flex flex-col justify-between rounded-box border-2 border-plum bg-base-300/70 px-1.5 py-1 sm:px-3 sm:py-2"
          >
            <dt className="font-pixel text-[0.45rem] leading-relaxed text-base-content/75 sm:text-[0.55rem]">
              {label}
            </dt>
            <dd
              className={`font-data text-sm font-bold break-all sm:mt-1 sm:text-xl ${i === 0 ? 'text-accent' : 'text-primary'}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/**
 * A player with no rank on this board: no score in the game yet, or (country scope) a home country
 * other than the board's, with the way to their own board, or no country set.
 */
function Unranked({
  game,
  countryScope,
  homeCountry,
  onShowCountry,
}: {
  game: { name: string; url: string };
  countryScope: boolean;
  homeCountry: string | null;
  onShowCountry: (code: string) => void;
}) {
  const elsewhere = countryScope && homeCountry !== null && isListedCountry(homeCountry);
  const noCountry = countryScope && homeCountry !== null && !elsewhere;
  const [title, text] = !countryScope
    ? ['Not ranked yet.', `Play ${game.name} to get ranked!`]
    : elsewhere
      ? [
          'You are not on this board.',
          `You play for ${countryName(homeCountry)}: your rank in ${game.name} is on its board.`,
        ]
      : noCountry
        ? ['You are not on a country board.', 'Set your home country in Account Settings to appear on its board.']
        : [
            'You are not on this board.',
            `Country boards list players from their home country, which you set in Account Settings. Play ${game.name} to get on your country's board!`,
          ];
  return (
    <div className="col-span-2 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
      <div className="text-sm sm:text-base">
        <p className="font-bold">{title}</p>
        <p className="text-base-content/75">{text}</p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {elsewhere && (
          <button
            type="button"
            className="btn-arcade btn-accent btn-sm sm:btn-md"
            onClick={() => onShowCountry(homeCountry)}
          >
            <PixelIcon icon={iconTarget} className="size-4" /> {`View ${countryName(homeCountry)} Board`}
          </button>
        )}
        {countryScope && (
          <a href="/account" className="btn-arcade btn-outline btn-info btn-sm sm:btn-md">
            <PixelIcon icon={iconSliders} className="size-4" /> Account Settings
          </a>
        )}
        {!elsewhere && !noCountry && (
          <a href={playHref(game.url, game.name)} className="btn-arcade btn-primary btn-sm sm:btn-md">
            <PixelIcon icon={iconGamepad} className="size-4" /> Play Now
          </a>
        )}
      </div>
    </div>
  );
}

/** What a signed-out visitor sees where the rank card would be. */
export function SignInForRank() {
  return (
    <section aria-labelledby="rank-sign-in" className="panel flex items-center justify-between gap-3 p-3 sm:p-5">
      <div>
        <h2 id="rank-sign-in" className="text-[0.7rem] text-accent">
          Where do you rank?
        </h2>
        <p className="mt-1.5 text-sm text-base-content/75 sm:mt-2 sm:text-base">
          Sign in to see your own rank and jump to your row.
        </p>
      </div>
      <button
        type="button"
        className="btn-arcade shrink-0 btn-primary btn-sm sm:btn-md"
        onClick={() => openAuthDialog('sign-in')}
      >
        <PixelIcon icon={iconLogin} className="size-4" /> Sign In
      </button>
    </section>
  );
}
