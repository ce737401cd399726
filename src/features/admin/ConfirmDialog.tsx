import { useId, useRef, type ReactNode } from 'react';
import { ArcadeDialog } from '~/ui/ArcadeDialog';
import { alert as iconAlert } from '~/ui/pixel-icons';

interface Props {
  /** The question, e.g. 'Are you sure you want to delete "Laser Eyes"?'; null keeps the dialog closed. */
  question: string | null;
  /** What happens, under the question. */
  detail?: string;
  confirmLabel: string;
  pending: boolean;
  /** A failure to show inside the dialog (the admin room's avatar calls show no toast). */
  error?: string;
  onConfirm: () => void;
  onClose: () => void;
  /** Extra fields between the question and the buttons. */
  children?: ReactNode;
}

/** The admin room's confirmation: a question, Cancel (focused first) and the action. */
export function ConfirmDialog({ question, detail, confirmLabel, pending, error, onConfirm, onClose, children }: Props) {
  const titleId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <ArcadeDialog
      open={question !== null}
      onClose={onClose}
      labelledBy={titleId}
      describedBy={detail ? `${titleId}-detail` : undefined}
      initialFocus={cancel}
      icon={iconAlert}
    >
      <h2 id={titleId} className="text-center text-sm leading-relaxed text-accent">
        {question}
      </h2>
      {detail && (
        <p id={`${titleId}-detail`} className="mt-4 text-center text-base-content/80">
          {detail}
        </p>
      )}
      {children}
      {error && (
        <p role="alert" className="mt-4 text-center text-sm text-error">
          {error}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button ref={cancel} type="button" className="btn-arcade btn-ghost" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn-arcade btn-error" disabled={pending} onClick={onConfirm}>
          {pending ? 'Working...' : confirmLabel}
        </button>
      </div>
    </ArcadeDialog>
  );
}
