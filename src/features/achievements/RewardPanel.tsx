import { claimButton, type AchievementCard } from '~/lib/achievements';
import { PixelIcon } from '~/ui/PixelIcon';
import { trophy as iconTrophy } from '~/ui/pixel-icons';
import { useState } from 'react';

interface Props {
  card: AchievementCard;
  claiming: boolean;
  onClaim: () => void;
}

/** The card's reward avatar and the claim button: LOCKED, CLAIM REWARD!, CLAIMING... or CLAIMED!. */
export function RewardPanel({ card, claiming, onClaim }: Props) {
  const button = claimButton(card, claiming);
  const [broken, setBroken] = useState(false);
  return (
    <section
      aria-label="Reward"
      className="flex flex-col items-center gap-4 rounded-box border-2 border-gold/60 bg-gold/5 p-5 text-center sm:flex-row sm:text-left"
    >
      {broken ? (
        <span className="grid size-24 shrink-0 place-items-center rounded-sm border-4 border-gold bg-neutral text-gold">
          <PixelIcon icon={iconTrophy} className="size-12" />
        </span>
      ) : (
        <img
          src={card.reward.image}
          alt={`${card.reward.title} avatar`}
          width={96}
          height={96}
          onError={() => setBroken(true)}
          className={`pixelated size-24 shrink-0 rounded-sm border-4 border-gold bg-neutral ${card.claimed || card.completed ? '' : 'opacity-60 grayscale'}`}
        />
      )}
      <div className="min-w-0 flex-1">
        <p className="font-pixel text-[0.55rem] text-gold">REWARD</p>
        <h3 className="mt-2 text-sm leading-relaxed text-base-content">{card.reward.title}</h3>
        <p className="mt-1 text-base-content/75">{card.reward.description}</p>
      </div>
      <button
        type="button"
        className={`btn-arcade shrink-0 ${card.claimed ? 'btn-success' : 'btn-primary'}`}
        disabled={!button.enabled}
        aria-disabled={!button.enabled}
        onClick={onClaim}
      >
        {claiming && <span className="loading loading-xs loading-spinner" aria-hidden="true" />}
        {button.label}
      </button>
    </section>
  );
}
