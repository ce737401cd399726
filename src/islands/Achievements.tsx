import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useState } from 'react';
import { CELEBRATION_DELAY_MS, findCard, type AchievementCard } from '~/lib/achievements';
import { defaultAvatarImage } from '~/lib/schemas/avatars';
import { ApiError } from '~/lib/api';
import { $achievements, $claimAvatar } from '~/lib/stores/avatars';
import { openAuthDialog } from '~/lib/stores/auth-dialog';
import { toast } from '~/lib/stores/toast';
import { AchievementCardList } from '~/features/achievements/AchievementCardList';
import { AchievementList } from '~/features/achievements/AchievementList';
import { Celebration } from '~/features/achievements/Celebration';
import { RewardPanel } from '~/features/achievements/RewardPanel';
import { PixelIcon } from '~/ui/PixelIcon';
import { login as iconLogin, lock as iconLock } from '~/ui/pixel-icons';
import { useAction } from '~/ui/useAction';
import { useSession } from '~/ui/useHydratedStore';

/** The achievements page: the signed-in player's cards, their progress and rewards. */
export default function Achievements() {
  const session = useSession();
  if (session.status === 'loading') return <Loading />;
  if (session.status === 'signed-out') return <SignedOut />;
  return <Cards />;
}

function Loading() {
  return (
    <div role="status" className="grid min-h-[40vh] place-items-center">
      <p className="animate-glow font-pixel text-xs text-primary">Loading achievements...</p>
    </div>
  );
}

function SignedOut() {
  return (
    <section className="panel mx-auto mt-10 flex max-w-md flex-col items-center gap-4 p-8 text-center">
      <PixelIcon icon={iconLock} className="size-10 text-primary" />
      <h2 className="text-sm leading-relaxed text-accent">Authentication Required</h2>
      <p className="text-base-content/80">Please log in to view your achievements and track your progress.</p>
      <button type="button" className="btn-arcade btn-primary" onClick={() => openAuthDialog('sign-in')}>
        <PixelIcon icon={iconLogin} className="size-4" /> Sign In
      </button>
    </section>
  );
}

/** The error texts: the status of a failed answer, an answer that did not parse, or anything else. */
function loadError(error: unknown): string {
  if (error instanceof ApiError) return `API returned ${error.status}`;
  if (error instanceof Error && error.name === '$ZodError') return 'API returned unsuccessful response';
  return 'Unknown error occurred';
}

function Cards() {
  const { data, error } = useStore($achievements);
  const [selected, setSelected] = useState<string | null>(null);
  const [celebrating, setCelebrating] = useState<AchievementCard['reward'] | null>(null);
  const panelId = useId();
  const claim = useAction($claimAvatar, {
    failureTitle: 'Claim Failed',
    fallback: 'Failed to claim avatar',
    onSuccess: (answer, request) => {
      toast({ title: 'Avatar Claimed!', description: answer.message, variant: 'success' });
      const card = findCard(request.achievementCardId);
      if (card)
        setTimeout(
          () => setCelebrating({ ...card.reward, image: defaultAvatarImage(card.reward.avatarId) }),
          CELEBRATION_DELAY_MS,
        );
    },
  });
  const endCelebration = useCallback(() => setCelebrating(null), []);

  // The first card with a reward waiting, else the first card.
  useEffect(() => {
    if (data && !selected)
      setSelected((data.cards.find((c) => c.completed && !c.claimed) ?? data.cards[0])?.id ?? null);
  }, [data, selected]);

  if (!data) {
    if (error === undefined) return <Loading />;
    return (
      <section role="alert" className="panel mx-auto mt-10 flex max-w-md flex-col items-center gap-4 p-8 text-center">
        <h2 className="text-sm leading-relaxed text-error">Unable to load achievements</h2>
        <p className="text-base-content/80">{loadError(error)}</p>
        <button type="button" className="btn-arcade btn-primary" onClick={() => $achievements.invalidate()}>
          Try Again
        </button>
      </section>
    );
  }

  const card = data.cards.find((c) => c.id === selected) ?? data.cards[0]!;
  return (
    <div className="mt-8 space-y-6">
      <p className="flex flex-wrap items-center justify-center gap-3 text-center text-lg">
        <span className="badge h-auto border-2 border-accent bg-transparent px-3 py-1.5 font-data text-base font-bold text-accent">
          {data.completed}/{data.total}
        </span>
        achievements unlocked
      </p>
      <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <AchievementCardList cards={data.cards} selected={card.id} onSelect={setSelected} panelId={panelId} />
        <section
          id={panelId}
          role="tabpanel"
          aria-labelledby={`card-tab-${card.id}`}
          className="panel min-w-0 space-y-5 p-5 sm:p-6"
        >
          <header>
            <h2 className="pixel-heading text-sm leading-relaxed sm:text-base">{card.title}</h2>
            <p className="mt-2 text-base-content/80">{card.description}</p>
          </header>
          <AchievementList card={card} />
          <RewardPanel
            card={card}
            claiming={claim.pending}
            onClaim={() =>
              void claim.run({
                achievementCardId: card.id,
                avatarId: card.reward.avatarId,
                avatarName: card.reward.title,
                avatarImage: card.reward.image,
              })
            }
          />
        </section>
      </div>
      {celebrating && <Celebration avatar={celebrating} onDone={endCelebration} />}
    </div>
  );
}
