import { RewardAvatars } from '~/features/tournaments/RewardAvatars';
import type { AvatarReward } from '~/lib/schemas/tournament';

/** A server-rendered card's avatar rewards (an island only so a thumbnail that fails gives way to a trophy). */
export default function RewardThumbnails({ rewards }: { rewards: AvatarReward[] }) {
  return <RewardAvatars rewards={rewards} />;
}
