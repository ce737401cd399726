import { useStore } from '@nanostores/react';
import { useId, useRef, useState } from 'react';
import { $authDialog, closeAuthDialog, type AuthDialog } from '~/lib/stores/auth-dialog';

/**
 * What both account dialogs share: open while `$authDialog` names them, a title id, the field that
 * takes the focus, and a key that changes at every close so the next opening starts afresh.
 */
export function useAuthDialog(kind: Exclude<AuthDialog, null>, onClosed?: () => void) {
  const open = useStore($authDialog) === kind;
  const [resetKey, setResetKey] = useState(0);
  const firstField = useRef<HTMLInputElement>(null);
  const titleId = useId();

  function closed() {
    if ($authDialog.get() === kind) closeAuthDialog();
    onClosed?.();
    setResetKey((key) => key + 1);
  }

  return {
    open,
    resetKey,
    firstField,
    titleId,
    closed,
    dialogProps: {
      open,
      onClose: closed,
      labelledBy: titleId,
      describedBy: `${titleId}-intro`,
      initialFocus: firstField,
    },
  };
}
