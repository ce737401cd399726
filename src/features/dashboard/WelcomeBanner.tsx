import { useStore } from '@nanostores/react';
import { TOTAL_ACHIEVEMENTS } from '../../lib/achievements';
import type { User } from '../../lib/schemas/user';
import { $achievements } from '../../lib/stores/avatars';
import { PlayerAvatar } from '../../ui/PlayerAvatar';

/** 'Welcome back, {username}!' with the player's avatar and the 'Achievements Nailed' counter. */
export function WelcomeBanner({ user }: { user: User }) {
  const { data } = useStore($achievements);
  // 0 of 18 until the answer arrives, as the spec's defaults.
  const completed = data?.completed ?? 0;
  const total = data?.total ?? TOTAL_ACHIEVEMENTS;
  return (
    <section className="panel flex flex-col items-center gap-5 p-6 text-center sm:flex-row sm:p-10 sm:text-left">
      <PlayerAvatar player={user} size="xl" />
      <div className="min-w-0 flex-1">
        <h1 className="pixel-heading text-lg wrap-anywhere sm:text-2xl">Welcome back, {user.username}!</h1>
        <p className="mt-3 text-lg text-base-content/80">Ready to dominate the arcade?</p>
      </div>
      <div className="flex shrink-0 flex-col items-center gap-2 rounded-box border-2 border-accent/60 bg-base-300/60 px-5 py-4">
        <p className="font-pixel text-[0.55rem] text-base-content/80">Achievements Nailed</p>
        <p className="font-data text-2xl font-bold text-accent" aria-live="polite">
          {completed}/{total}
        </p>
        <a href="/achievements" className="btn-arcade btn-accent btn-sm">
          VIEW ALL
        </a>
      </div>
    </section>
  );
}
