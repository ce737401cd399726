import { useId, useState } from 'react';
import type { AdminAvatar } from '~/lib/schemas/admin';
import { describeEligibility, ELIGIBILITIES, ELIGIBILITY_LABELS, type Eligibility } from '~/lib/tournament-prizes';
import { AvatarImage } from './AvatarImage';
import type { RewardDraft } from './tournament-form';

interface Props {
  avatars: AdminAvatar[];
  rewards: RewardDraft[];
  onChange: (rewards: RewardDraft[]) => void;
}

/**
 * The avatar reward drafts: pick an avatar (click again to deselect), choose who
 * earns it and an optional whole minimum score, add it to the list; remove any from the list.
 */
export function AvatarRewardPicker({ avatars, rewards, onChange }: Props) {
  const id = useId();
  const [picked, setPicked] = useState<string | null>(null);
  const [eligibility, setEligibility] = useState<Eligibility>('first_place');
  const [minScore, setMinScore] = useState('');
  const [error, setError] = useState<string>();
  const offered = new Set(rewards.map((r) => r.avatarId));
  const nameOf = (avatarId: string) => avatars.find((a) => a.avatarId === avatarId)?.name ?? avatarId;

  function add() {
    if (!picked) return setError('Choose an avatar first.');
    const min = minScore.trim();
    if (min !== '' && !/^\d+$/.test(min)) return setError('The minimum score must be a whole number.');
    onChange([...rewards, { avatarId: picked, eligibility, minScore: min === '' ? null : Number(min) }]);
    setPicked(null);
    setMinScore('');
    setError(undefined);
  }

  return (
    <fieldset className="rounded-box border-2 border-plum p-4">
      <legend className="px-2 font-pixel text-[0.6rem] text-secondary">Avatar Rewards</legend>
      {rewards.length > 0 ? (
        <ul className="space-y-2" aria-label="Avatar rewards">
          {rewards.map((r) => (
            <li key={r.avatarId} className="flex flex-wrap items-center gap-3">
              <AvatarImage
                src={
                  avatars.find((a) => a.avatarId === r.avatarId)?.imageUrl ?? `/api/assets/avatars/${r.avatarId}.png`
                }
                alt={nameOf(r.avatarId)}
                className="size-8"
              />
              <span className="font-bold">{nameOf(r.avatarId)}</span>
              <span className="text-sm text-base-content/70">{describeEligibility(r.eligibility, r.minScore)}</span>
              <button
                type="button"
                className="btn btn-ghost text-error btn-xs"
                onClick={() => onChange(rewards.filter((x) => x.avatarId !== r.avatarId))}
                aria-label={`Remove ${nameOf(r.avatarId)}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-base-content/70">No avatar rewards yet.</p>
      )}
      <p id={`${id}-pick`} className="mt-4 text-sm text-base-content/80">
        Choose an avatar (click again to deselect):
      </p>
      <div role="group" aria-labelledby={`${id}-pick`} className="mt-2 flex flex-wrap gap-2">
        {avatars
          .filter((a) => a.isActive && !offered.has(a.avatarId))
          .map((a) => (
            <button
              key={a.avatarId}
              type="button"
              aria-pressed={picked === a.avatarId}
              title={a.name}
              aria-label={a.name}
              onClick={() => setPicked(picked === a.avatarId ? null : a.avatarId)}
              className={`rounded-sm border-2 p-0.5 ${picked === a.avatarId ? 'border-primary bg-primary/20' : 'border-transparent hover:border-plum'}`}
            >
              <AvatarImage src={a.imageUrl} alt="" className="size-12" />
            </button>
          ))}
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div>
          <label htmlFor={`${id}-eligibility`} className="mb-2 block font-pixel text-[0.6rem] text-secondary">
            Eligibility
          </label>
          <select
            id={`${id}-eligibility`}
            className="select w-full border-2 border-plum bg-base-100"
            value={eligibility}
            onChange={(e) => setEligibility(e.target.value as Eligibility)}
          >
            {ELIGIBILITIES.map((e) => (
              <option key={e} value={e}>
                {ELIGIBILITY_LABELS[e]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-min`} className="mb-2 block font-pixel text-[0.6rem] text-secondary">
            Minimum Score (optional)
          </label>
          <input
            id={`${id}-min`}
            inputMode="numeric"
            className="input w-full border-2 border-plum bg-base-100"
            value={minScore}
            onChange={(e) => setMinScore(e.target.value)}
          />
        </div>
        <button type="button" className="btn-arcade btn-secondary" onClick={add}>
          Add Reward{picked ? `: ${nameOf(picked)}` : ''}
        </button>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
