import type { AvatarReward } from '~/lib/schemas/tournament';
import { useBrokenImage } from '~/ui/useBrokenImage';

/** How many avatar rewards a card shows before '+N'. */
export const SHOWN_AVATAR_REWARDS = 3;

/**
 * A tournament's avatar rewards on a card: up to three thumbnails, then '+N' for the rest. A
 * thumbnail that fails to load gives way to a trophy.
 */
export function RewardAvatars({ rewards, size = 'size-10' }: { rewards: AvatarReward[]; size?: string }) {
  if (rewards.length === 0) return null;
  const rest = rewards.length - SHOWN_AVATAR_REWARDS;
  return (
    <ul className="flex items-center gap-2" aria-label="Avatar rewards">
      {rewards.slice(0, SHOWN_AVATAR_REWARDS).map((reward) => (
        <li key={reward.avatarId}>
          <Thumbnail reward={reward} size={size} />
        </li>
      ))}
      {rest > 0 && (
        <li className="font-data text-sm font-bold text-base-content/80" aria-label={`and ${rest} more`}>
          +{rest}
        </li>
      )}
    </ul>
  );
}

function Thumbnail({ reward, size }: { reward: AvatarReward; size: string }) {
  const { broken, ref, onError } = useBrokenImage(reward.imageUrl);
  const frame = `grid ${size} place-items-center rounded-sm border-2 border-plum bg-neutral`;
  if (broken) {
    return (
      <span className={frame} role="img" aria-label={reward.avatarName} title={reward.avatarName}>
        <span aria-hidden="true">🏆</span>
      </span>
    );
  }
  return (
    <img
      ref={ref}
      src={reward.imageUrl}
      alt={reward.avatarName}
      title={reward.avatarName}
      width={40}
      height={40}
      onError={onError}
      className={`pixelated ${frame}`}
    />
  );
}
