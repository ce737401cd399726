import type { User } from '../../lib/schemas/user';
import { PixelIcon } from '../../ui/PixelIcon';
import { PlayerAvatar } from '../../ui/PlayerAvatar';
import { useSignOut } from '../../ui/useSignOut';
import GameMachines, { type MachineGame } from './GameMachines';
import { logout as iconLogout } from '../../ui/pixel-icons';

/** The signed-in home page: the welcome banner, the game machines and SIGN OUT. */
export function Dashboard({ user, games }: { user: User; games: MachineGame[] }) {
  return (
    <div className="mx-auto mt-10 max-w-6xl space-y-8">
      <section className="panel flex flex-col items-center gap-5 p-6 text-center sm:flex-row sm:p-10 sm:text-left">
        <PlayerAvatar player={user} size="xl" />
        <div className="min-w-0">
          <h1 className="pixel-heading text-lg break-words sm:text-2xl">Welcome back, {user.username}!</h1>
          <p className="mt-3 text-lg text-base-content/80">Ready to dominate the arcade?</p>
        </div>
      </section>
      <GameMachines games={games} />
      <div className="flex justify-center">
        <SignOutButton />
      </div>
    </div>
  );
}

function SignOutButton() {
  const { signOut, pending } = useSignOut();
  return (
    <button type="button" className="btn-arcade btn-outline btn-error" onClick={signOut} disabled={pending}>
      <PixelIcon icon={iconLogout} className="size-4" />
      {pending ? 'SIGNING OUT...' : 'SIGN OUT'}
    </button>
  );
}
