import type { AchievementCard } from '~/lib/achievements';
import { formatCount } from '~/lib/format';
import { PixelIcon } from '~/ui/PixelIcon';
import { check as iconCheck, lock as iconLock } from '~/ui/pixel-icons';

/** The selected card's achievements, each unlocked or locked, with its target and count. */
export function AchievementList({ card }: { card: AchievementCard }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {card.achievements.map((achievement) => (
        <li
          key={achievement.name}
          data-unlocked={achievement.unlocked}
          className={`flex items-start gap-3 rounded-box border-2 p-3 ${achievement.unlocked ? 'border-accent/70 bg-accent/10' : 'border-plum bg-base-300/60'}`}
        >
          <span
            className={`grid size-9 shrink-0 place-items-center rounded-sm border-2 ${achievement.unlocked ? 'border-accent text-accent' : 'border-plum text-base-content/60'}`}
          >
            <PixelIcon icon={achievement.unlocked ? iconCheck : iconLock} className="size-5" />
          </span>
          <span className="min-w-0">
            <span className="block font-bold">{achievement.name}</span>
            <span className="block text-sm text-base-content/75">{achievement.description}</span>
            <span
              className={`mt-1 block font-data text-sm ${achievement.unlocked ? 'text-accent' : 'text-base-content/70'}`}
            >
              {achievement.unlocked ? 'Unlocked' : 'Locked'}
              {achievement.targetScore !== undefined && ` · target ${formatCount(achievement.targetScore)} points`}
              {achievement.targetCount !== undefined &&
                ` · ${formatCount(achievement.currentCount ?? 0)} of ${formatCount(achievement.targetCount)}`}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
