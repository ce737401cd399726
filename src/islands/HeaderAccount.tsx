import type { User } from '../lib/schemas/user';
import { openAuthDialog } from '../lib/stores/auth-dialog';
import { PixelIcon } from '../ui/PixelIcon';
import { PlayerAvatar } from '../ui/PlayerAvatar';
import { useDropdown } from '../ui/useDropdown';
import { useSignOut } from '../ui/useSignOut';
import TournamentMenu from './TournamentMenu';
import { chartBar as iconChartBar, chevronDown as iconChevronDown, gamepad as iconGamepad, logout as iconLogout, message as iconMessage, shield as iconShield, sliders as iconSliders, user as iconUser } from '../ui/pixel-icons';
import { useSession } from '../ui/useHydratedStore';

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
        <a href={chatInviteUrl} className={iconButton} aria-label="Join Discord" target="_blank" rel="noopener noreferrer">
          <PixelIcon icon={iconMessage} />
        </a>
      </nav>
      {/* The account area keeps one width from the first paint (the widest of Sign In and Get
          Started), so nothing beside it moves when the session arrives; a signed-in phone header
          gives that room to its extra icon buttons. */}
      <div className={`flex items-center justify-end sm:w-60 ${signedIn ? '' : 'w-52'}`}>
        {session.status === 'loading' && <div className="skeleton h-8 w-full" aria-hidden="true" />}
        {session.status === 'signed-out' && (
          <div className="flex items-center gap-1 sm:gap-2">
            <button type="button" className="btn btn-ghost btn-sm px-2 font-pixel text-[0.55rem] sm:text-[0.6rem]" onClick={() => openAuthDialog('sign-in')}>
              Sign In
            </button>
            <button type="button" className="btn-arcade btn-primary btn-sm px-2 text-[0.55rem] sm:px-3 sm:text-[0.6rem]" onClick={() => openAuthDialog('sign-up')}>
              Get Started
            </button>
          </div>
        )}
        {session.status === 'signed-in' && <AccountMenu user={session.user} />}
      </div>
    </div>
  );
}

function AccountMenu({ user }: { user: User }) {
  const { open, root, buttonProps, menuProps } = useDropdown();
  const { signOut, pending: signingOut } = useSignOut();

  return (
    <div ref={root} className="relative">
      <button {...buttonProps} className="btn btn-ghost btn-sm gap-2 px-1 sm:px-2" aria-label={`Account menu for ${user.username}`}>
        <PlayerAvatar player={user} size="sm" fallback="icon" />
        <span className="hidden max-w-32 truncate sm:inline">{user.username}</span>
        <PixelIcon icon={iconChevronDown} className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <ul {...menuProps} className="menu absolute right-0 z-50 mt-2 w-60 rounded-box border-2 border-plum bg-base-200 p-2 shadow-[6px_6px_0_0_rgb(0_0_0/0.5)]">
        <li className="menu-title font-pixel text-[0.6rem]">My Account</li>
        <li>
          <a href={`/users/${user.id}`}>
            <PixelIcon icon={iconUser} className="size-4" /> Profile &amp; Avatars
          </a>
        </li>
        <li>
          <a href="/account">
            <PixelIcon icon={iconSliders} className="size-4" /> Account Settings
          </a>
        </li>
        {user.isAdmin && (
          <li>
            <a href="/admin">
              <PixelIcon icon={iconShield} className="size-4" /> Admin Room
            </a>
          </li>
        )}
        <li>
          <button type="button" onClick={signOut} disabled={signingOut}>
            <PixelIcon icon={iconLogout} className="size-4" /> {signingOut ? 'Signing Out...' : 'Sign Out'}
          </button>
        </li>
      </ul>
    </div>
  );
}
