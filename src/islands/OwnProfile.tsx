import type { FetcherValue } from '@nanostores/query';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useState } from 'react';
import type { PublicProfile } from '~/lib/schemas/profile';
import { $setActiveAvatar, publicProfileStore } from '~/lib/stores/avatars';
import { toast } from '~/lib/stores/toast';
import { ProfileView } from '~/features/profile/ProfileView';
import type { ProfileGame } from '~/features/profile/ProfileParts';
import { useAction } from '~/ui/useAction';

const $asRendered = atom<FetcherValue<PublicProfile>>({ loading: false });

/**
 * The owner's own profile: the page as the server rendered it, plus the avatar picker. After a
 * save the profile is asked again (the header, the collection and the boards follow).
 */
export default function OwnProfile({
  profile: rendered,
  games,
  now,
}: {
  profile: PublicProfile;
  games: ProfileGame[];
  now: number;
}) {
  // The avatar just saved, until the profile asked again arrives.
  const [saved, setSaved] = useState<string | null>(null);
  const { data } = useStore(saved ? publicProfileStore(rendered.userId) : $asRendered);
  const profile = data ?? rendered;
  const activeId = data ? (data.activeAvatar?.avatarId ?? null) : (saved ?? rendered.activeAvatar?.avatarId ?? null);
  const [selectedId, setSelectedId] = useState<string | null>(activeId);
  const save = useAction($setActiveAvatar, {
    failureTitle: 'Update Failed',
    fallback: 'Failed to update avatar. Please try again.',
    onSuccess: (answer, avatarId) => {
      toast({
        title: 'Avatar Updated!',
        description: answer.message || 'Your avatar has been updated successfully!',
        variant: 'success',
      });
      setSaved(avatarId);
    },
  });
  const current = selectedId === activeId;
  // Nothing chosen (no avatars, or none active and none clicked yet): no button, the hint says what to do.
  const actions =
    profile.avatarCollection.length > 0 && selectedId !== null ? (
      <button
        type="button"
        className={`btn-arcade btn-sm ${current ? 'btn-outline btn-accent' : 'btn-primary'}`}
        disabled={current || save.pending}
        onClick={() => void save.run(selectedId)}
      >
        {save.pending ? 'Saving...' : current ? 'Current Avatar' : 'Set as Active Avatar'}
      </button>
    ) : null;

  return (
    <ProfileView profile={profile} games={games} now={now} picker={{ selectedId, onSelect: setSelectedId, actions }} />
  );
}
