import { useId, useState } from 'react';
import { formatUtcStamp } from '~/lib/format';
import type { AdminUserSummary } from '~/lib/schemas/people';
import { ConfirmDialog } from './ConfirmDialog';

// Parts of User Management (`/admin/users` and a player's page): dates, the badges that say what a
// player's account is, and the dialog that asks for a reason.

/** A moment as the admin room writes it: `11/26/26 07:20 UTC` (the same on the server and in every browser). */
export function DateTime({ iso, empty = '-' }: { iso: string | null; empty?: string }) {
  if (iso === null) return <span className="font-data text-base-content/70">{empty}</span>;
  return (
    <time dateTime={iso} className="font-data whitespace-nowrap">
      {formatUtcStamp(iso)}
    </time>
  );
}

/** ADMIN, BANNED or DELETED beside a player's name (nothing for a player in good standing). */
export function AccountBadges({ user }: { user: Pick<AdminUserSummary, 'isAdmin' | 'bannedAt' | 'deletedAt'> }) {
  return (
    <>
      {user.isAdmin && <span className="badge font-pixel badge-sm text-[0.55rem] badge-info">ADMIN</span>}
      {user.bannedAt && <span className="badge font-pixel badge-sm text-[0.55rem] badge-error">BANNED</span>}
      {user.deletedAt && <span className="badge badge-outline font-pixel badge-sm text-[0.55rem]">DELETED</span>}
    </>
  );
}

interface ReasonDialogProps {
  /** The question ('Ban "satoshi"?'); null keeps the dialog closed. */
  question: string | null;
  detail: string;
  confirmLabel: string;
  pending: boolean;
  error?: string;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** A confirmation that asks why (a ban, a hidden run): 1 to 500 characters, kept for the record. */
export function ReasonDialog({
  question,
  detail,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
}: ReasonDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <ConfirmDialog
      question={question}
      detail={detail}
      confirmLabel={confirmLabel}
      pending={pending}
      error={error}
      onConfirm={() => {
        if (!reason.trim()) return setMissing(true);
        onConfirm(reason.trim());
      }}
      onClose={() => {
        setReason('');
        setMissing(false);
        onClose();
      }}
    >
      <div className="mt-5">
        <label htmlFor={`${id}-reason`} className="mb-2 block font-pixel text-[0.6rem] tracking-wide text-secondary">
          Reason
        </label>
        <textarea
          id={`${id}-reason`}
          className={`textarea w-full border-2 bg-base-100 text-base ${missing ? 'textarea-error' : 'border-plum focus:border-primary'}`}
          rows={3}
          maxLength={500}
          value={reason}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${id}-missing` : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            if (event.target.value.trim()) setMissing(false);
          }}
        />
        <p className="mt-1 text-right font-data text-xs text-base-content/60">{reason.length}/500</p>
        {missing && (
          <p id={`${id}-missing`} className="text-sm text-error">
            Write a reason (1 to 500 characters).
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}
