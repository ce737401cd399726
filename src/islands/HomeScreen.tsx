import { useEffect } from 'react';
import type { MachineGame } from '~/features/dashboard/GameMachines';
import { followCrossTabLogin } from '~/lib/cross-tab-listen';
import { openAuthDialog } from '~/lib/stores/auth-dialog';
import { useSession } from '~/ui/useHydratedStore';
import { useLoaded } from '~/ui/useLoaded';

// The dashboard (its statistics, stores and schemas) loads once the session says a player is
// signed in: a visitor's home page carries only the hero and the showcase under it.
const loadDashboard = () => import('~/features/dashboard/Dashboard').then((m) => m.Dashboard);

interface Props {
  productName: string;
  tagline: string;
}

interface ScreenProps extends Props {
  games: MachineGame[];
  /**
   * The server sent this page to a browser without a session cookie, where nobody is signed in:
   * the hero is in the HTML at once (and stays unless the session says otherwise, say a sign-in in
   * another tab). Without it the page names the product until the session is known.
   */
  visitor?: boolean;
}

/**
 * The home page: the hero for visitors, the dashboard for signed-in players, and a loading text
 * naming the product while the session of a browser with a session cookie loads.
 */
export default function HomeScreen({ productName, tagline, games, visitor = false }: ScreenProps) {
  const session = useSession();
  const Dashboard = useLoaded(loadDashboard, session.status === 'signed-in');
  const hero = session.status === 'signed-out' || (session.status === 'loading' && visitor);

  // A magic link opened in another tab signs this one in too (src/lib/cross-tab.ts).
  useEffect(() => followCrossTabLogin(), []);

  // At least a screen tall in every state, so the footer stays below the fold while the loading
  // text (also shown while the dashboard's code arrives) gives way to the hero or the dashboard (no layout shift); flow-root keeps the margins of
  // what it holds inside it, so the box itself never moves.
  return (
    <div className="flow-root min-h-[calc(100dvh-4rem)]">
      {hero ? (
        <>
          <Hero productName={productName} tagline={tagline} />
          <Showcase games={games} />
        </>
      ) : session.status === 'signed-in' && Dashboard ? (
        <Dashboard user={session.user} games={games} />
      ) : (
        <Loading productName={productName} />
      )}
    </div>
  );
}

function Loading({ productName }: { productName: string }) {
  return (
    <div className="grid min-h-[60vh] place-items-center" role="status">
      <p className="animate-glow font-pixel text-sm text-primary">Loading {productName}...</p>
    </div>
  );
}

/**
 * Under a visitor's hero: the games (each with its details page) and the way to the tournaments,
 * so the first screen leads somewhere before signing up (README, "Home"). All of it is in the
 * page's HTML: nothing is fetched, nothing moves.
 */
function Showcase({ games }: { games: MachineGame[] }) {
  return (
    <div className="mx-auto max-w-6xl space-y-10 pb-12">
      <section aria-labelledby="visitor-games">
        <h2 id="visitor-games" className="pixel-heading text-center text-base sm:text-xl lg:text-left">
          The Games
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {games.map((game) => (
            <li key={game.gameId} className="panel flex flex-col gap-3 p-5">
              <div className="flex items-center gap-3">
                <img src={game.logo} alt="" width={40} height={40} className="pixelated size-10" />
                <h3 className="text-xs">{game.name}</h3>
              </div>
              <p className="flex-1 text-base-content/80">{game.description}</p>
              <a href={game.detailsPath} className="btn-arcade btn-outline btn-info btn-sm">
                {/* the visible words begin the link's name, as speech input expects */}
                GAME DETAILS<span className="sr-only"> of {game.name}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section
        aria-labelledby="visitor-tournaments"
        className="panel flex flex-col items-center gap-4 p-6 text-center sm:flex-row sm:text-left"
      >
        <div className="min-w-0 flex-1">
          <h2 id="visitor-tournaments" className="pixel-heading text-sm leading-relaxed sm:text-base">
            Tournaments
          </h2>
          <p className="mt-2 text-base-content/80">
            Timed contests on one game: the best scores inside the window win sats and avatars. See what is coming up
            and who won before.
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap justify-center gap-3">
          <a href="/tournaments/upcoming" className="btn-arcade btn-secondary btn-sm">
            UPCOMING
          </a>
          <a href="/tournaments/past" className="btn-arcade btn-outline btn-sm">
            PAST RESULTS
          </a>
        </div>
      </section>
    </div>
  );
}

function Hero({ productName, tagline }: Props) {
  return (
    <section className="mx-auto grid max-w-6xl items-center gap-10 py-10 lg:grid-cols-[1fr_1.1fr] lg:py-16">
      <div className="text-center lg:text-left">
        <p className="neon-text font-pixel text-[0.65rem] tracking-widest text-accent">INSERT COIN · PRESS START</p>
        <h1 className="pixel-heading mt-4 text-3xl leading-snug sm:text-5xl">{productName}</h1>
        <p className="mt-4 font-pixel text-xs leading-relaxed text-secondary sm:text-sm">{tagline}</p>
        <p className="mx-auto mt-6 max-w-xl text-lg text-base-content/85 lg:mx-0">
          Browser games with a Bitcoin twist. Sign in with a magic link, climb the leaderboards, collect avatars and win
          sats in timed tournaments.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3 lg:justify-start">
          <button type="button" className="btn-arcade btn-lg btn-primary" onClick={() => openAuthDialog('sign-up')}>
            CREATE ACCOUNT
          </button>
          <button type="button" className="btn-arcade btn-lg btn-secondary" onClick={() => openAuthDialog('sign-in')}>
            LOGIN
          </button>
        </div>
        <div className="mt-4 flex flex-wrap justify-center gap-3 lg:justify-start">
          <a href="/about" className="btn-arcade btn-outline btn-info">
            ABOUT
          </a>
          <a href="/donate" className="btn-arcade btn-outline btn-warning">
            DONATE
          </a>
        </div>
      </div>
      <img
        src="/images/hero.svg"
        alt="Three glowing arcade cabinets under a starry sky with a Bitcoin moon"
        width={960}
        height={480}
        fetchPriority="high"
        className="pixelated w-full rounded-box border-2 border-plum shadow-[8px_8px_0_0_rgb(0_0_0/0.5)]"
      />
    </section>
  );
}
