import type { ReactNode } from 'react';
import type { PublicProfile } from '~/lib/schemas/profile';
import { AvatarCollection } from './AvatarCollection';
import { PrizeList } from './PrizeList';
import { GamePerformance, OverallStats, ProfileCard, TournamentHistory, type ProfileGame } from './ProfileParts';

interface Props {
  profile: PublicProfile;
  games: ProfileGame[];
  /** The moment the page was rendered: relative times read the same on the server and in the browser. */
  now: number;
  /** The owner's avatar picker (hint, collection buttons and save button); others see the collection. */
  picker?: { selectedId: string | null; onSelect: (avatarId: string) => void; actions: ReactNode };
}

/** A player's public profile, the same for every visitor; its owner also gets the avatar picker. */
export function ProfileView({ profile, games, now, picker }: Props) {
  return (
    <div className="space-y-6">
      <ProfileCard profile={profile} />
      <OverallStats profile={profile} now={now} />
      <section aria-labelledby="avatar-collection" className="panel p-5 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="avatar-collection" className="text-[0.7rem] text-accent">
            Avatar Collection ({profile.totalAvatars})
          </h2>
          {picker?.actions}
        </div>
        {picker && profile.avatarCollection.length > 0 && (
          <p className="mt-3 text-base-content/80">Click on an avatar to set it as your active avatar</p>
        )}
        <AvatarCollection profile={profile} picker={picker} />
      </section>
      <GamePerformance profile={profile} games={games} now={now} />
      <TournamentHistory profile={profile} now={now} />
      <PrizeList prizes={profile.prizes} addAddressToGetPaid={profile.addAddressToGetPaid} />
    </div>
  );
}
