import { useState } from 'react';
import { ConfirmDialog } from '~/features/admin/ConfirmDialog';
import { formatCount, formatShortDate } from '~/lib/format';
import type { AnnouncementSummary } from '~/lib/schemas/announcements';
import { $announceGame } from '~/lib/stores/announcements';
import { toast } from '~/lib/stores/toast';
import { useAction } from '~/ui/useAction';

interface Props {
  /** The listed games, in catalogue order. */
  games: { gameId: string; name: string }[];
  announcements: AnnouncementSummary[];
  /** Players on the new-game list now. */
  subscribers: number;
}

/**
 * The Admin Room's new-game announcement (README, "New-game mails"): pick a listed game, confirm,
 * and every player on the new-game list gets one mail, sent in the background.
 */
export default function AnnounceGame({ games, announcements: initial, subscribers }: Props) {
  const [announcements, setAnnouncements] = useState(initial);
  const announced = new Set(announcements.map((a) => a.gameId));
  const open = games.filter((g) => !announced.has(g.gameId));
  const [gameId, setGameId] = useState(open[0]?.gameId ?? '');
  const [asking, setAsking] = useState(false);
  const nameOf = (id: string) => games.find((g) => g.gameId === id)?.name ?? id;
  const announce = useAction($announceGame, {
    failureTitle: 'Announcement Failed',
    onSuccess: (answer) => {
      setAsking(false);
      setAnnouncements(answer.announcements);
      const left = games.filter((g) => !answer.announcements.some((a) => a.gameId === g.gameId));
      setGameId(left[0]?.gameId ?? '');
      toast({ title: 'Game Announced', description: answer.message, variant: 'success' });
    },
  });
  return (
    <div className="mt-4">
      <p className="text-base-content/80">
        {formatCount(subscribers)} {subscribers === 1 ? 'player is' : 'players are'} on the new-game list. Each game is
        announced once; the mails go out in the background, at most 20 every 10 seconds per server process.
      </p>
      {open.length === 0 ? (
        <p className="mt-4 text-base-content/70">Every listed game has been announced.</p>
      ) : (
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1">
            <span className="text-sm">Game</span>
            <select className="select-bordered select" value={gameId} onChange={(e) => setGameId(e.target.value)}>
              {open.map((g) => (
                <option key={g.gameId} value={g.gameId}>
                  {g.name}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn-arcade btn-secondary" onClick={() => setAsking(true)} disabled={!gameId}>
            ANNOUNCE
          </button>
        </div>
      )}
      {announcements.length > 0 && (
        <ul className="mt-4 divide-y divide-plum/60" aria-label="Announcements">
          {announcements.map((a) => (
            <li key={a.id} className="py-2">
              <span className="font-bold">{nameOf(a.gameId)}</span>, {formatShortDate(a.announcedAt)}:{' '}
              {formatCount(a.sent)} of {formatCount(a.queued)} mails sent
              {a.givenUp > 0 && `, ${formatCount(a.givenUp)} not sent (player left the list or mail refused)`}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        question={asking ? `Announce ${nameOf(gameId)} to the new-game list?` : null}
        detail={`Every player on the list (${formatCount(subscribers)} now) gets one e-mail about it, with a one-click unsubscribe link. This cannot be undone.`}
        confirmLabel="Send the mails"
        pending={announce.pending}
        onConfirm={() => void announce.run(gameId)}
        onClose={() => setAsking(false)}
      />
    </div>
  );
}
