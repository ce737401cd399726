import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { User } from '~/lib/schemas/user';
import { publicProfileStore } from '~/lib/stores/avatars';
import { PixelIcon } from '~/ui/PixelIcon';
import { logout as iconLogout } from '~/ui/pixel-icons';
import { useSignOut } from '~/ui/useSignOut';
import { ComingSoon } from './ComingSoon';
import { FeaturedTournament } from './FeaturedTournament';
import GameMachines, { type MachineGame } from './GameMachines';
import { ArcadePerformance, GameStatistics } from './GameStatistics';
import { WelcomeBanner } from './WelcomeBanner';
import { PrizeList } from '../profile/PrizeList';

/**
 * The signed-in home page: the welcome banner, the game machines, what is coming, the player's
 * statistics (from their public profile, one call for every game) and SIGN OUT.
 */
export function Dashboard({ user, games }: { user: User; games: MachineGame[] }) {
  const { data, error, loading } = useStore(publicProfileStore(user.id));
  const profile = data ?? (error !== undefined && !loading ? null : undefined);
  useEffect(() => {
    if (error !== undefined) console.warn('Could not load the statistics:', error);
  }, [error]);
  return (
    <div className="mx-auto mt-6 max-w-6xl space-y-8 sm:mt-10 sm:space-y-10">
      <WelcomeBanner user={user} returning={!!profile && profile.stats.totalGamesPlayed > 0} />
      <GameMachines games={games} />
      <FeaturedTournament />
      <ComingSoon />
      <GameStatistics games={games} profile={profile} />
      <ArcadePerformance profile={profile} userId={user.id} />
      <PrizeList prizes={profile?.prizes} title="Your Prizes" addAddressToGetPaid={profile?.addAddressToGetPaid} />
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
