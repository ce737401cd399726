import { plural } from '~/lib/format';
import { playHref } from '~/lib/play';
import GamesPlayed from '~/features/games/GamesPlayed';
import ScreenshotCarousel, { type Screenshot } from '~/features/games/ScreenshotCarousel';

/** What the dashboard shows of a catalogue game. */
export interface MachineGame {
  gameId: string;
  name: string;
  description: string;
  url: string;
  logo: string;
  isOnline: boolean;
  detailsPath: string;
  screenshots: Screenshot[];
  carouselIntervalMs: number;
  /** The description ends with a 'read more' link to the detail page. */
  readMore: boolean;
}

/** The dashboard's 'Choose your game...' section: one machine per catalogue game. */
export default function GameMachines({ games }: { games: MachineGame[] }) {
  return (
    <section aria-labelledby="choose-game">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="choose-game" className="pixel-heading text-base sm:text-xl">
          Choose your game...
        </h2>
        <p className="font-data text-sm font-bold text-accent">{plural(games.length, 'arcade machine')} available</p>
      </div>
      <div className="mt-4 grid gap-6 sm:mt-6 md:grid-cols-2 xl:grid-cols-3">
        {games.map((game) => (
          <article
            key={game.gameId}
            className="panel flex flex-col overflow-hidden"
            aria-labelledby={`machine-${game.gameId}`}
          >
            <div className="relative border-b-2 border-plum">
              <ScreenshotCarousel
                images={game.screenshots}
                intervalMs={game.carouselIntervalMs}
                label={`${game.name} screenshots`}
                width={640}
                height={400}
              />
            </div>
            <div className="flex flex-1 flex-col gap-3 p-5">
              <div className="flex items-start justify-between gap-3">
                <div className="flex items-center gap-3">
                  <img src={game.logo} alt="" width={40} height={40} className="pixelated size-10" />
                  <h3 id={`machine-${game.gameId}`} className="text-xs text-base-content">
                    {game.name}
                  </h3>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-2">
                  <span
                    className={`badge border-2 border-black font-pixel badge-sm text-[0.55rem] ${game.isOnline ? 'bg-success text-success-content' : 'bg-base-content/40'}`}
                  >
                    {game.isOnline ? 'ONLINE' : 'OFFLINE'}
                  </span>
                </div>
              </div>
              <p className="flex-1 text-base-content/80">
                {game.description}{' '}
                {game.readMore && (
                  <a
                    href={game.detailsPath}
                    className="link whitespace-nowrap link-info"
                    aria-label={`Read more about ${game.name}`}
                  >
                    read more
                  </a>
                )}
              </p>
              <GamesPlayed gameId={game.gameId} className="text-sm font-bold text-accent" />
              <a href={playHref(game.url, game.name)} className="btn-arcade w-full btn-primary">
                PLAY NOW
              </a>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
