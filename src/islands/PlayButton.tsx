import type { MouseEvent } from 'react';
import { playHref, signUpRequiredToast } from '~/lib/play';
import { settledSession } from '~/lib/stores/session';
import { toastAfterNavigation } from '~/lib/stores/toast';
import { useSession } from '~/ui/useHydratedStore';

interface Props {
  /** The game's name, passed to the play page and named in the sign-up toast. */
  gameName: string;
  gameUrl: string;
  /** The label for signed-in players, e.g. PLAY NOW or CAST YOUR LINE NOW!. */
  label: string;
  /** The label for signed-out visitors (also shown while the session loads). */
  signedOutLabel?: string;
  className?: string;
}

/**
 * A game's launch button. Signed-in players go to the play page; signed-out visitors get the
 * 'Sign Up Required' toast and are sent to the home page.
 */
export default function PlayButton({
  gameName,
  gameUrl,
  label,
  signedOutLabel = 'SIGN UP TO PLAY',
  className = 'btn-primary',
}: Props) {
  const session = useSession();
  const href = playHref(gameUrl, gameName);

  async function onClick(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    const settled = await settledSession();
    if (settled.status === 'signed-in') {
      window.location.assign(href);
    } else {
      toastAfterNavigation(signUpRequiredToast(gameName));
      window.location.assign('/');
    }
  }

  return (
    <a href={href} onClick={onClick} className={`btn-arcade ${className}`} aria-busy={session.status === 'loading'}>
      {session.status === 'signed-in' ? label : signedOutLabel}
    </a>
  );
}
