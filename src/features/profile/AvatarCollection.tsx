import type { PublicProfile } from '~/lib/schemas/profile';
import { RARITY_DOT } from './ProfileParts';

interface Props {
  profile: PublicProfile;
  /** The owner's picker: the avatar chosen but not yet saved, and how to choose one. */
  picker?: { selectedId: string | null; onSelect: (avatarId: string) => void };
}

/** Avatar Collection: three columns, rarest first then by name, a rarity dot, the active one marked. */
export function AvatarCollection({ profile, picker }: Props) {
  const activeId = profile.activeAvatar?.avatarId ?? null;
  return (
    <>
      {profile.avatarCollection.length === 0 ? (
        <p className="mt-4 text-base-content/75">No avatars collected yet</p>
      ) : (
        <ul className="mt-4 grid grid-cols-3 gap-3" aria-label="Avatars">
          {profile.avatarCollection.map(({ rarity, avatar }) => {
            const active = avatar.avatarId === activeId;
            const selected = picker?.selectedId === avatar.avatarId;
            const tile = (
              <>
                <img
                  src={avatar.avatarImage}
                  alt=""
                  width={96}
                  height={96}
                  loading="lazy"
                  className="pixelated aspect-square w-full max-w-24 rounded-sm bg-neutral"
                />
                <span className="flex max-w-full items-start gap-1.5 text-xs sm:text-sm">
                  <span
                    className={`mt-1 size-2.5 shrink-0 rounded-full ${RARITY_DOT[rarity]}`}
                    title={rarity}
                    aria-hidden="true"
                  />
                  <span className="line-clamp-2 wrap-anywhere">{avatar.avatarName}</span>
                </span>
                <span className="sr-only">, {rarity}</span>
                {active && (
                  <span className="badge border-black bg-accent font-pixel badge-xs text-[0.45rem] text-accent-content">
                    ACTIVE
                  </span>
                )}
              </>
            );
            const frame = `flex w-full flex-col items-center gap-2 rounded-box border-2 p-2 text-center ${
              selected
                ? 'border-primary bg-primary/10'
                : active
                  ? 'border-accent bg-accent/10'
                  : 'border-plum bg-base-200/70'
            }`;
            return (
              <li key={avatar.avatarId}>
                {picker ? (
                  <button
                    type="button"
                    className={`${frame} hover:border-primary/70`}
                    aria-pressed={selected}
                    onClick={() => picker.onSelect(avatar.avatarId)}
                  >
                    {tile}
                  </button>
                ) : (
                  <div className={frame}>{tile}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
