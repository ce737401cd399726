import { useState } from 'react';
import { AvatarFormDialog } from '~/features/admin/AvatarFormDialog';
import { AvatarImage } from '~/features/admin/AvatarImage';
import { ConfirmDialog } from '~/features/admin/ConfirmDialog';
import { failureMessage } from '~/lib/api';
import { runMutation } from '~/lib/query-wait';
import type { AdminAvatar } from '~/lib/schemas/admin';
import { $deleteAvatar } from '~/lib/stores/admin';
import { toast } from '~/lib/stores/toast';

const RARITY_BADGE: Record<AdminAvatar['rarity'], string> = {
  legendary: 'badge-warning',
  epic: 'badge-secondary',
  rare: 'badge-info',
  common: 'badge-ghost',
};

/**
 * `/admin/avatars`: the whole collection (retired avatars too) with create, edit and delete. The
 * server rendered the first list; every change answers with the list as it is now.
 */
export default function AdminAvatars({ initial }: { initial: AdminAvatar[] }) {
  const [avatars, setAvatars] = useState(initial);
  const [editing, setEditing] = useState<AdminAvatar | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminAvatar | null>(null);
  const [deleteState, setDeleteState] = useState<{ pending: boolean; error?: string }>({ pending: false });

  async function confirmDelete() {
    if (!deleting) return;
    setDeleteState({ pending: true });
    const outcome = await runMutation($deleteAvatar, deleting.id);
    if (outcome.status === 'done') {
      setAvatars(outcome.result.avatars);
      setDeleting(null);
      setDeleteState({ pending: false });
      toast({
        title: outcome.result.retired ? 'Avatar Retired' : 'Avatar Deleted',
        description: outcome.result.message,
        variant: 'success',
      });
    } else if (outcome.status === 'failed') {
      setDeleteState({ pending: false, error: failureMessage(outcome.error, 'Failed to delete the avatar.') });
    }
  }

  return (
    <>
      <div className="mt-8 flex flex-wrap items-center justify-between gap-4">
        <p className="text-base-content/80">
          <span className="font-data font-bold text-base-content">{avatars.length}</span> avatars,{' '}
          <span className="font-data font-bold text-base-content">{avatars.filter((a) => !a.isActive).length}</span>{' '}
          retired
        </p>
        <button type="button" className="btn-arcade btn-primary" onClick={() => setEditing('new')}>
          + New Avatar
        </button>
      </div>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Avatar collection">
        {avatars.map((avatar) => (
          <li key={avatar.id} className={`panel flex flex-col gap-3 p-4 ${avatar.isActive ? '' : 'opacity-75'}`}>
            <div className="flex gap-4">
              <AvatarImage src={avatar.imageUrl} alt={avatar.name} className="size-20 shrink-0" />
              <div className="min-w-0">
                <h2 className="font-pixel text-[0.7rem] leading-relaxed break-words text-accent">{avatar.name}</h2>
                <p className="font-data text-sm break-all text-base-content/70">{avatar.avatarId}</p>
                <p className="mt-2 flex flex-wrap gap-1.5">
                  <span className={`badge badge-sm ${RARITY_BADGE[avatar.rarity]}`}>{avatar.rarity}</span>
                  <span className="badge badge-outline badge-sm">{avatar.category}</span>
                  <span className={`badge badge-sm ${avatar.isActive ? 'badge-success' : 'badge-error'}`}>
                    {avatar.isActive ? 'active' : 'retired'}
                  </span>
                </p>
              </div>
            </div>
            {avatar.description && <p className="text-sm text-base-content/80">{avatar.description}</p>}
            <p className="text-sm text-base-content/70">
              Owned by <span className="font-data font-bold text-base-content">{avatar.owners}</span>{' '}
              {avatar.owners === 1 ? 'player' : 'players'}
              {avatar.cardReward && ' · achievement card reward'}
            </p>
            <div className="mt-auto flex gap-2">
              <button
                type="button"
                className="btn-arcade btn-outline btn-info btn-sm"
                onClick={() => setEditing(avatar)}
                aria-label={`Edit ${avatar.name}`}
              >
                Edit
              </button>
              {!avatar.cardReward && (
                <button
                  type="button"
                  className="btn-arcade btn-outline btn-error btn-sm"
                  onClick={() => setDeleting(avatar)}
                  aria-label={`Delete ${avatar.name}`}
                >
                  Delete
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <AvatarFormDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(avatar, list, created) => {
          setAvatars(list);
          setEditing(null);
          toast({
            title: created ? 'Avatar Created' : 'Avatar Updated',
            description: `${avatar.name} (${avatar.avatarId}) was saved.`,
            variant: 'success',
          });
        }}
      />
      <ConfirmDialog
        question={deleting ? `Are you sure you want to delete "${deleting.name}"?` : null}
        detail={
          deleting && deleting.owners > 0
            ? `${deleting.owners === 1 ? '1 player owns' : `${deleting.owners} players own`} it, so it will be retired instead: it stays in their collections and is no longer awarded.`
            : 'This cannot be undone.'
        }
        confirmLabel="Delete"
        pending={deleteState.pending}
        error={deleteState.error}
        onConfirm={() => void confirmDelete()}
        onClose={() => {
          setDeleting(null);
          setDeleteState({ pending: false });
        }}
      />
    </>
  );
}
