import { atom } from 'nanostores';

/** Which account dialog is open. The header and hero buttons set it; the dialog islands read it. */
export type AuthDialog = 'sign-in' | 'sign-up' | null;

export const $authDialog = atom<AuthDialog>(null);

export function openAuthDialog(dialog: Exclude<AuthDialog, null>) {
  $authDialog.set(dialog);
}

export function closeAuthDialog() {
  $authDialog.set(null);
}
