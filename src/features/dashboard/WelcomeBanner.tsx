import { useStore } from '@nanostores/react';
import { TOTAL_ACHIEVEMENTS } from '~/lib/achievements';
import type { User } from '~/lib/schemas/user';
import { $achievements } from '~/lib/stores/avatars';
import { PlayerAvatar } from '~/ui/PlayerAvatar';

/**
 * 'Welcome back, {username}!' (for a player who has played: 'Welcome, {username}!' until the first
 * game, so a first visit is not greeted as a return) with the player's avatar and the 'Achievements Nailed' counter. On a
 * phone it is a compact strip (avatar beside the greeting, the counter on one row below), so the
 * game machines start on the first screen.
 */
export function WelcomeBanner({ user, returning }: { user: User; returning: boolean }) {
  const { data } = useStore($achievements);
  // 0 of 18 until the answer arrives, as the spec's defaults.
  const completed = data?.completed ?? 0;
  const total = data?.total ?? TOTAL_ACHIEVEMENTS;
  return (
    <section className="panel grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-3 p-4 sm:flex sm:flex-row sm:gap-5 sm:p-10">
      <PlayerAvatar player={user} size="xl" className="max-sm:size-14 max-sm:border-2" />
      <div className="min-w-0 flex-1">
        <h1 className="pixel-heading text-base leading-relaxed wrap-anywhere sm:text-2xl sm:leading-normal">
          {returning ? 'Welcome back' : 'Welcome'}, {user.username}!
        </h1>
        <p className="mt-1 text-base-content/80 sm:mt-3 sm:text-lg">
          {returning ? 'Ready to dominate the arcade?' : 'Pick a machine below and play your first game.'}
        </p>
      </div>
      <div className="col-span-2 flex shrink-0 items-center justify-between gap-3 rounded-box border-2 border-accent/60 bg-base-300/60 px-4 py-2 sm:flex-col sm:justify-start sm:gap-2 sm:px-5 sm:py-4">
        <div className="flex flex-col gap-1 sm:items-center sm:gap-2">
          <p className="font-pixel text-[0.55rem] text-base-content/80">Achievements Nailed</p>
          <p className="font-data text-xl font-bold text-accent sm:text-2xl" aria-live="polite">
            {completed}/{total}
          </p>
        </div>
        <a href="/achievements" className="btn-arcade btn-accent btn-sm">
          VIEW ALL
        </a>
      </div>
    </section>
  );
}
