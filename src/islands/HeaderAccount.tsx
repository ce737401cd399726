import { openAuthDialog } from '~/lib/stores/auth-dialog';
import { PixelIcon } from '~/ui/PixelIcon';
import TournamentMenu from './TournamentMenu';
import { chartBar as iconChartBar, gamepad as iconGamepad, message as iconMessage } from '~/ui/pixel-icons';
import { useSession } from '~/ui/useHydratedStore';
import { useLoaded } from '~/ui/useLoaded';

// The signed-in account menu (avatar, links, Sign Out) loads once the session names a player: a
// visitor's page carries only Sign In and Get Started.
const loadAccountMenu = () => import('~/features/account/AccountMenu').then((m) => m.default);

interface Props {
  chatInviteUrl: string;
}

const iconButton = 'btn btn-ghost btn-square btn-sm';

/**
 * The header's right side: the narrow-screen icon buttons and the account area (Sign In and
 * Get Started when signed out, the account menu when signed in).
 */
export default function HeaderAccount({ chatInviteUrl }: Props) {
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const AccountMenu = useLoaded(loadAccountMenu, signedIn);

  return (
    <div className="flex items-center gap-1 sm:gap-2">
      <nav aria-label="Quick links" className="flex items-center lg:hidden">
        <a href="/games" className={iconButton} aria-label="Games">
          <PixelIcon icon={iconGamepad} />
        </a>
        {signedIn && (
          <>
            <a href="/leaderboards" className={iconButton} aria-label="Leaderboards">
              <PixelIcon icon={iconChartBar} />
            </a>
            <TournamentMenu variant="icon" />
          </>
        )}
        <a
          href={chatInviteUrl}
          className={iconButton}
          aria-label="Join Discord"
          target="_blank"
          rel="noopener noreferrer"
        >
          <PixelIcon icon={iconMessage} />
        </a>
      </nav>
      {/* The account area keeps one width from the first paint (the widest of Sign In and Get
          Started), so nothing beside it moves when the session arrives; a signed-in phone header
          gives that room to its extra icon buttons. */}
      <div className={`flex items-center justify-end sm:w-60 ${signedIn ? '' : 'w-52'}`}>
        {session.status === 'loading' && <Placeholder />}
        {session.status === 'signed-out' && (
          <div className="flex items-center gap-1 sm:gap-2">
            <button
              type="button"
              className="btn btn-ghost px-2 font-pixel text-[0.55rem] btn-sm sm:text-[0.6rem]"
              onClick={() => openAuthDialog('sign-in')}
            >
              Sign In
            </button>
            <button
              type="button"
              className="btn-arcade px-2 text-[0.55rem] btn-primary btn-sm sm:px-3 sm:text-[0.6rem]"
              onClick={() => openAuthDialog('sign-up')}
            >
              Get Started
            </button>
          </div>
        )}
        {session.status === 'signed-in' &&
          (AccountMenu ? <AccountMenu user={session.user} /> : <Placeholder signedIn />)}
      </div>
    </div>
  );
}

/** The account area while it waits: its whole width, or (a player's phone header) the account button's. */
function Placeholder({ signedIn = false }: { signedIn?: boolean }) {
  return <div className={`h-8 skeleton ${signedIn ? 'w-[3.75rem] sm:w-full' : 'w-full'}`} aria-hidden="true" />;
}
