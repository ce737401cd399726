import { useId, useRef, useState, type SubmitEvent } from 'react';
import { failureMessage } from '../../lib/api';
import { runMutation } from '../../lib/query-wait';
import { AVATAR_IMAGE_PREFIX, avatarIdFromName, type AdminAvatar } from '../../lib/schemas/admin';
import { AVATAR_CATEGORIES, RARITIES, type AvatarCategory, type Rarity } from '../../lib/schemas/avatars';
import { $saveAvatar } from '../../lib/stores/admin';
import { ArcadeDialog } from '../../ui/ArcadeDialog';
import { sparkles as iconSparkles } from '../../ui/pixel-icons';
import { TextField } from '../../ui/TextField';
import { AvatarImage } from './AvatarImage';
import { ImageUpload } from './ImageUpload';

interface Props {
  /** The avatar to edit, 'new' for a new one, null when closed. */
  editing: AdminAvatar | 'new' | null;
  onSaved: (avatar: AdminAvatar, avatars: AdminAvatar[], created: boolean) => void;
  onClose: () => void;
}

/** Create or edit an avatar. A new avatar's id follows its name; an existing one's never changes. */
export function AvatarFormDialog({ editing, onSaved, onClose }: Props) {
  const titleId = useId();
  const firstField = useRef<HTMLInputElement>(null);
  return (
    <ArcadeDialog open={editing !== null} onClose={onClose} labelledBy={titleId} initialFocus={firstField} icon={iconSparkles}>
      {editing !== null && (
        <AvatarForm key={editing === 'new' ? 'new' : editing.id} avatar={editing === 'new' ? null : editing} titleId={titleId} firstField={firstField} onSaved={onSaved} onCancel={onClose} />
      )}
    </ArcadeDialog>
  );
}

const label = (value: string) => value[0]!.toUpperCase() + value.slice(1);

function AvatarForm({ avatar, titleId, firstField, onSaved, onCancel }: { avatar: AdminAvatar | null; titleId: string; firstField: React.RefObject<HTMLInputElement | null>; onSaved: Props['onSaved']; onCancel: () => void }) {
  const id = useId();
  const [name, setName] = useState(avatar?.name ?? '');
  const [description, setDescription] = useState(avatar?.description ?? '');
  const [imageFile, setImageFile] = useState(avatar ? avatar.imageUrl.replace(AVATAR_IMAGE_PREFIX, '') : '');
  const [rarity, setRarity] = useState<Rarity>(avatar?.rarity ?? 'common');
  const [category, setCategory] = useState<AvatarCategory>(avatar?.category ?? 'achievement');
  const [isActive, setIsActive] = useState(avatar?.isActive ?? true);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const avatarId = avatar?.avatarId ?? avatarIdFromName(name);
  const imageUrl = imageFile.trim() ? AVATAR_IMAGE_PREFIX + imageFile.trim() : avatarId ? `${AVATAR_IMAGE_PREFIX}${avatarId}.png` : '';

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) return setError('Give the avatar a name.');
    if (!avatarId) return setError('The name needs at least one letter or digit: the avatar id is made from it.');
    setPending(true);
    setError(undefined);
    const values = { avatarId, name, description, imageUrl, rarity, category, isActive };
    const outcome = await runMutation($saveAvatar, { id: avatar?.id, values });
    setPending(false);
    if (outcome.status === 'done') onSaved(outcome.result.avatar, outcome.result.avatars, !avatar);
    else if (outcome.status === 'failed') setError(failureMessage(outcome.error, avatar ? 'Failed to update the avatar.' : 'Failed to create the avatar.'));
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h2 id={titleId} className="text-center text-sm leading-relaxed text-accent">
        {avatar ? 'Edit Avatar' : 'New Avatar'}
      </h2>
      <TextField ref={firstField} id={`${id}-name`} label="Name" value={name} maxLength={60} required onChange={(e) => setName(e.target.value)} />
      <p className="text-sm text-base-content/80">
        Avatar ID: <span className="font-data font-bold text-base-content">{avatarId || '-'}</span>
        <span className="block text-base-content/60">{avatar ? 'The id never changes.' : 'Made from the name; it cannot be changed later.'}</span>
      </p>
      <div>
        <label htmlFor={`${id}-description`} className="mb-2 block font-pixel text-[0.6rem] tracking-wide text-secondary">
          Description
        </label>
        <textarea id={`${id}-description`} className="textarea w-full border-2 border-plum bg-base-100 text-base" rows={2} maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <div className="flex items-end gap-3">
        <AvatarImage src={imageUrl || `${AVATAR_IMAGE_PREFIX}missing.png`} alt="Preview" className="size-16 shrink-0" />
        <div className="min-w-0 flex-1">
          <TextField id={`${id}-image`} label="Image File" value={imageFile} placeholder={avatarId ? `${avatarId}.png` : 'name.png'} onChange={(e) => setImageFile(e.target.value)} />
        </div>
      </div>
      <p className="-mt-2 font-data text-xs break-all text-base-content/60">{imageUrl || AVATAR_IMAGE_PREFIX}</p>
      <ImageUpload folder="avatars" onUploaded={setImageFile} />
      <div className="grid grid-cols-2 gap-3">
        <Select id={`${id}-rarity`} label="Rarity" value={rarity} options={RARITIES} onChange={(v) => setRarity(v as Rarity)} />
        <Select id={`${id}-category`} label="Category" value={category} options={AVATAR_CATEGORIES} onChange={(v) => setCategory(v as AvatarCategory)} />
      </div>
      <label className="flex items-center gap-3">
        <input type="checkbox" className="checkbox checkbox-primary" checked={isActive} onChange={(e) => setIsActive(e.target.checked)} />
        <span>Active (can be awarded)</span>
      </label>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3 pt-2">
        <button type="button" className="btn-arcade btn-ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn-arcade btn-primary" disabled={pending}>
          {pending ? 'Saving...' : avatar ? 'Save Changes' : 'Create Avatar'}
        </button>
      </div>
    </form>
  );
}

function Select({ id, label: text, value, options, onChange }: { id: string; label: string; value: string; options: readonly string[]; onChange: (value: string) => void }) {
  return (
    <div>
      <label htmlFor={id} className="mb-2 block font-pixel text-[0.6rem] tracking-wide text-secondary">
        {text}
      </label>
      <select id={id} className="select w-full border-2 border-plum bg-base-100" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {label(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
