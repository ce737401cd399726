import { useState } from 'react';
import { $notifyNewGames } from '~/lib/stores/account';
import { toast } from '~/lib/stores/toast';
import { PixelIcon } from '~/ui/PixelIcon';
import { check as iconCheck, mail as iconMail } from '~/ui/pixel-icons';
import { useAction } from '~/ui/useAction';

/**
 * 'MORE GAMES COMING SOON!' with NOTIFY ME: the server records the player's wish to hear of new
 * games (pressed again, it says so; Account Settings takes it back). The dashboard does not ask
 * for the wish on every visit: the button shows the answer once pressed.
 */
export function ComingSoon() {
  const [onList, setOnList] = useState(false);
  const notify = useAction($notifyNewGames, {
    failureTitle: 'Notify Me Failed',
    onSuccess: (answer) => {
      setOnList(answer.notifyNewGames);
      toast({ title: "You're on the list!", description: answer.message, variant: 'success' });
    },
  });
  return (
    <section
      aria-labelledby="coming-soon"
      className="panel flex flex-col items-center gap-4 border-dashed p-6 text-center sm:flex-row sm:text-left"
    >
      <div className="min-w-0 flex-1">
        <h2 id="coming-soon" className="pixel-heading text-sm leading-relaxed sm:text-base">
          MORE GAMES COMING SOON!
        </h2>
        <p className="mt-2 text-base-content/80">New machines are being wired up. Want an e-mail when one lands?</p>
      </div>
      <button
        type="button"
        className="btn-arcade shrink-0 btn-secondary"
        disabled={notify.pending || onList}
        onClick={() => void notify.run(true)}
      >
        <PixelIcon icon={onList ? iconCheck : iconMail} className="size-4" />
        {onList ? "YOU'RE ON THE LIST" : notify.pending ? 'SAVING...' : 'NOTIFY ME'}
      </button>
    </section>
  );
}
