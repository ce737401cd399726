import { useId, useRef, useState, type SubmitEvent } from 'react';
import { failureMessage } from '~/lib/api';
import { runMutation } from '~/lib/query-wait';
import { AVATAR_IMAGE_PREFIX, avatarIdFromName, type AdminAvatar } from '~/lib/schemas/admin';
import { avatarFormProblems } from './avatar-form';
import {
  AVATAR_CATEGORIES,
  defaultAvatarImage,
  RARITIES,
  type AvatarCategory,
  type Rarity,
} from '~/lib/schemas/avatars';
import { $saveAvatar } from '~/lib/stores/admin';
import { ArcadeDialog } from '~/ui/ArcadeDialog';
import { sparkles as iconSparkles } from '~/ui/pixel-icons';
import { TextField } from '~/ui/TextField';
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
    <ArcadeDialog
      open={editing !== null}
      onClose={onClose}
      labelledBy={titleId}
      initialFocus={firstField}
      icon={iconSparkles}
    >
      {editing !== null && (
        <AvatarForm
          key={editing === 'new' ? 'new' : editing.id}
          avatar={editing === 'new' ? null : editing}
          titleId={titleId}
          firstField={firstField}
          onSaved={onSaved}
          onCancel={onClose}
        />
      )}
    </ArcadeDialog>
  );
}

const label = (value: string) => value[0]!.toUpperCase() + value.slice(1);

function AvatarForm({
  avatar,
  titleId,
  firstField,
  onSaved,
  onCancel,
}: {
  avatar: AdminAvatar | null;
  titleId: string;
  firstField: React.RefObject<HTMLInputElement | null>;
  onSaved: Props['onSaved'];
  onCancel: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(avatar?.name ?? '');
  const [description, setDescription] = useState(avatar?.description ?? '');
  const [imageFile, setImageFile] = useState(avatar ? avatar.imageUrl.replace(AVATAR_IMAGE_PREFIX, '') : '');
  const [rarity, setRarity] = useState<Rarity>(avatar?.rarity ?? 'common');
  const [category, setCategory] = useState<AvatarCategory>(avatar?.category ?? 'achievement');
  const [isActive, setIsActive] = useState(avatar?.isActive ?? true);
  const [pending, setPending] = useState(false);
  // The fields' messages show once a save was tried and follow the fields from then on; the
  // server's refusal stays until the admin changes something.
  const [checked, setChecked] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const avatarId = avatar?.avatarId ?? avatarIdFromName(name);
  const file = imageFile.trim();
  const imageUrl = file ? AVATAR_IMAGE_PREFIX + file : avatarId ? defaultAvatarImage(avatarId) : '';
  const problems = avatarFormProblems(name, avatarId, file);
  // The preview asks for an image only once there is one to show: a file name of an image type, or
  // an existing avatar's default path. A new avatar without a file shows the default icon, and a
  // name being typed never asks for `/api/assets/avatars/{id-so-far}.png`.
  const previewSrc = file ? (problems.image ? null : imageUrl) : avatar ? imageUrl : null;
  const edit =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      setServerError(undefined);
    };

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    if (problems.name || problems.image) return;
    setPending(true);
    setServerError(undefined);
    const values = { avatarId, name, description, imageUrl, rarity, category, isActive };
    const outcome = await runMutation($saveAvatar, { id: avatar?.id, values });
    setPending(false);
    if (outcome.status === 'done') onSaved(outcome.result.avatar, outcome.result.avatars, !avatar);
    else if (outcome.status === 'failed')
      setServerError(
        failureMessage(outcome.error, avatar ? 'Failed to update the avatar.' : 'Failed to create the avatar.'),
      );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h2 id={titleId} className="text-center text-sm leading-relaxed text-accent">
        {avatar ? 'Edit Avatar' : 'New Avatar'}
      </h2>
      <TextField
        ref={firstField}
        id={`${id}-name`}
        label="Name"
        value={name}
        maxLength={60}
        required
        error={checked ? problems.name : undefined}
        onChange={(e) => edit(setName)(e.target.value)}
      />
      <p className="text-sm text-base-content/80">
        Avatar ID: <span className="font-data font-bold text-base-content">{avatarId || '-'}</span>
        <span className="block text-base-content/60">
          {avatar ? 'The id never changes.' : 'Made from the name; it cannot be changed later.'}
        </span>
      </p>
      <div>
        <label
          htmlFor={`${id}-description`}
          className="mb-2 block font-pixel text-[0.6rem] tracking-wide text-secondary"
        >
          Description
        </label>
        <textarea
          id={`${id}-description`}
          className="textarea w-full border-2 border-plum bg-base-100 text-base"
          rows={2}
          maxLength={500}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <div className="flex items-end gap-3">
        <AvatarImage src={previewSrc} alt="Preview" className="size-16 shrink-0" />
        <div className="min-w-0 flex-1">
          <TextField
            id={`${id}-image`}
            label="Image File"
            value={imageFile}
            placeholder={avatarId ? `${avatarId}.png` : 'name.png'}
            error={checked ? problems.image : undefined}
            onChange={(e) => edit(setImageFile)(e.target.value)}
          />
        </div>
      </div>
      <p className="-mt-2 font-data text-xs break-all text-base-content/60">{imageUrl || AVATAR_IMAGE_PREFIX}</p>
      <ImageUpload folder="avatars" onUploaded={edit(setImageFile)} />
      <div className="grid grid-cols-2 gap-3">
        <Select
          id={`${id}-rarity`}
          label="Rarity"
          value={rarity}
          options={RARITIES}
          onChange={(v) => setRarity(v as Rarity)}
        />
        <Select
          id={`${id}-category`}
          label="Category"
          value={category}
          options={AVATAR_CATEGORIES}
          onChange={(v) => setCategory(v as AvatarCategory)}
        />
      </div>
      <label className="flex items-center gap-3">
        <input
          type="checkbox"
          className="checkbox checkbox-primary"
          checked={isActive}
          onChange={(e) => setIsActive(e.target.checked)}
        />
        <span>Active (can be awarded)</span>
      </label>
      {serverError && (
        <p role="alert" className="text-sm text-error">
          {serverError}
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

function Select({
  id,
  label: text,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-2 block font-pixel text-[0.6rem] tracking-wide text-secondary">
        {text}
      </label>
      <select
        id={id}
        className="select w-full border-2 border-plum bg-base-100"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {label(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
