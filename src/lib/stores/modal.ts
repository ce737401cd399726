import { atom } from 'nanostores';

/**
 * The modal `<dialog>` on screen, if any. While one is open the browser makes everything outside it
 * inert (unclickable, hidden from screen readers), so anything that must stay usable then, such as
 * the toasts, renders inside this element (a React portal).
 */
export const $openModal = atom<HTMLDialogElement | null>(null);
