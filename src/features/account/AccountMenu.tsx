import type { User } from '~/lib/schemas/user';
import { PixelIcon } from '~/ui/PixelIcon';
import { PlayerAvatar } from '~/ui/PlayerAvatar';
import { useDropdown } from '~/ui/useDropdown';
import { useSignOut } from '~/ui/useSignOut';
import {
  chevronDown as iconChevronDown,
  logout as iconLogout,
  shield as iconShield,
  sliders as iconSliders,
  user as iconUser,
} from '~/ui/pixel-icons';

/** The header's account menu of a signed-in player (loaded by `islands/HeaderAccount.tsx` when needed). */
export default function AccountMenu({ user }: { user: User }) {
  const { open, root, buttonProps, menuProps } = useDropdown();
  const { signOut, pending: signingOut } = useSignOut();

  return (
    <div ref={root} className="relative">
      <button
        {...buttonProps}
        className="btn gap-2 btn-ghost px-1 btn-sm sm:px-2"
        aria-label={`Account menu for ${user.username}`}
      >
        <PlayerAvatar player={user} size="sm" fallback="icon" />
        <span className="hidden max-w-32 truncate sm:inline">{user.username}</span>
        <PixelIcon icon={iconChevronDown} className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <ul
        {...menuProps}
        className="menu absolute right-0 z-50 mt-2 w-60 rounded-box border-2 border-plum bg-base-200 p-2 shadow-[6px_6px_0_0_rgb(0_0_0/0.5)]"
      >
        <li className="menu-title font-pixel text-[0.6rem]">My Account</li>
        {/* A phone's account button has no room for the name: the open menu says whose it is. */}
        <li className="px-4 pb-2 font-data text-sm font-bold wrap-anywhere text-base-content sm:hidden">
          {user.username}
        </li>
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
