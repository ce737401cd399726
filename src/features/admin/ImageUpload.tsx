import { useId, useState, type ChangeEvent } from 'react';
import { failureMessage } from '~/lib/api';
import { runMutation } from '~/lib/query-wait';
import { MAX_UPLOAD_BYTES, type UploadFolder } from '~/lib/schemas/admin';
import { $uploadImage } from '~/lib/stores/admin';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

interface Props {
  folder: UploadFolder;
  /** Told the stored file's name once the server has it. */
  onUploaded: (filename: string) => void;
}

/**
 * Choose an image and upload it at once. The server decides what is accepted (PNG, JPEG, WebP or
 * GIF, at most 2 MB, re-encoded); the size is checked here first only to spare a useless upload.
 */
export function ImageUpload({ folder, onUploaded }: Props) {
  const id = useId();
  const [state, setState] = useState<{ pending: boolean; error?: string; done?: string }>({ pending: false });

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) {
      setState({ pending: false, error: 'Images can be at most 2 MB.' });
      return;
    }
    setState({ pending: true });
    const outcome = await runMutation($uploadImage, { folder, file });
    if (outcome.status === 'done') {
      setState({
        pending: false,
        done: `Uploaded as ${outcome.result.filename} (${outcome.result.width}x${outcome.result.height}).`,
      });
      onUploaded(outcome.result.filename);
    } else if (outcome.status === 'failed') {
      setState({
        pending: false,
        error: failureMessage(outcome.error, 'The image could not be uploaded. Please try again.'),
      });
    }
  }

  return (
    <div>
      <label htmlFor={id} className="mb-2 block font-pixel text-[0.6rem] tracking-wide text-secondary">
        Upload Image
      </label>
      <input
        id={id}
        type="file"
        accept={ACCEPT}
        className="file-input w-full border-2 border-plum bg-base-100"
        onChange={choose}
        disabled={state.pending}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="mt-2 text-sm text-base-content/70" aria-live="polite">
        {state.pending ? (
          'Uploading...'
        ) : state.error ? (
          <span className="text-error">{state.error}</span>
        ) : (
          (state.done ?? 'PNG, JPEG, WebP or GIF, at most 2 MB.')
        )}
      </p>
    </div>
  );
}
