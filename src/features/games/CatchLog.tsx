import { useEffect, useState } from 'react';
import { failureMessage, getJson, SOMETHING_WRONG } from '~/lib/api';
import { formatCount, formatOneDecimal, formatShortDate, plural } from '~/lib/format';
import { catchLogSchema, type CatchLog as Log, type CatchLogSpecies } from '~/lib/schemas/catch-log';
import { openAuthDialog } from '~/lib/stores/auth-dialog';
import { useSession } from '~/ui/useHydratedStore';

/**
 * The signed-in player's catch log on a fishing game's page (notes/games.md): every kind of fish,
 * landed or not, with how many, the heaviest, the best quality and the first catch, from their
 * verified runs (`GET /api/games/{gameId}/catch-log`). A visitor is asked to sign in.
 */
export default function CatchLog({ gameId, gameName }: { gameId: string; gameName: string }) {
  // 'loading' at hydration, as in the page's HTML, even when another island has the answer already
  const session = useSession();
  const userId = session.status === 'signed-in' ? session.user.id : null;
  const [log, setLog] = useState<{ userId: number; log: Log } | { userId: number; error: string } | null>(null);
  useEffect(() => {
    if (userId === null) return;
    let live = true;
    getJson(`games/${encodeURIComponent(gameId)}/catch-log`, catchLogSchema).then(
      (answer) => live && setLog({ userId, log: answer }),
      (error: unknown) => live && setLog({ userId, error: failureMessage(error, SOMETHING_WRONG) }),
    );
    return () => {
      live = false;
    };
  }, [gameId, userId]);

  if (session.status === 'loading') return <p className="text-base-content/70">Loading...</p>;
  if (userId === null)
    return (
      <p className="text-base-content/80">
        <button type="button" className="link font-bold link-primary" onClick={() => openAuthDialog('sign-in')}>
          Sign in
        </button>{' '}
        to keep a catch log: every kind of fish you land in {gameName}, how many, the heaviest and your best quality.
      </p>
    );
  if (!log || log.userId !== userId) return <p className="text-base-content/70">Loading your catch log...</p>;
  if ('error' in log)
    return (
      <p role="alert" className="text-error">
        Could not load your catch log: {log.error}
      </p>
    );
  const { species, caughtKinds, kinds, fish, trips } = log.log;
  return (
    <div>
      <p className="text-base-content/80" data-catch-summary>
        {fish === 0
          ? `No fish landed yet: ${kinds} kinds are waiting. Only verified trips count.`
          : `${caughtKinds} of ${kinds} kinds landed · ${plural(fish, 'fish', 'fish')} on ${plural(trips, 'trip')}`}
      </p>
      <ul className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Your catch log">
        {species.map((s) => (
          <Species key={s.name} species={s} />
        ))}
      </ul>
    </div>
  );
}

function Species({ species: s }: { species: CatchLogSpecies }) {
  const depth = `${s.depth.from}-${s.depth.to} M`;
  return (
    <li
      className={`panel p-4 ${s.caught ? '' : 'opacity-70'}`}
      data-species={s.name}
      data-caught={s.caught ? 'true' : 'false'}
    >
      <div className="flex items-baseline justify-between gap-3">
        <span className="font-bold">{s.name}</span>
        <span className="shrink-0 font-data text-xs text-base-content/70">{depth}</span>
      </div>
      {s.caught ? (
        <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
          <dt className="text-base-content/65">Landed</dt>
          <dd className="text-right font-data font-bold">{formatCount(s.count)}</dd>
          <dt className="text-base-content/65">Heaviest</dt>
          <dd className="text-right font-data">{formatOneDecimal(s.heaviest ?? 0)} kg</dd>
          <dt className="text-base-content/65">Best quality</dt>
          <dd className="text-right text-warning" aria-label={`${s.bestQuality} of 5 stars`}>
            {'★'.repeat(s.bestQuality ?? 0)}
            <span className="text-base-content/30">{'★'.repeat(5 - (s.bestQuality ?? 0))}</span>
          </dd>
          <dt className="text-base-content/65">First caught</dt>
          <dd className="text-right font-data">{formatShortDate(s.firstCaughtAt ?? '')}</dd>
        </dl>
      ) : (
        <p className="mt-2 text-sm text-base-content/70">
          Not caught yet{s.rare ? ' · rare: the abyss only' : `: cast to ${depth}`}
        </p>
      )}
    </li>
  );
}
