import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { $openModal } from '~/lib/stores/modal';
import { PixelIcon } from './PixelIcon';
import { close as iconClose } from './pixel-icons';

interface Props {
  open: boolean;
  /** Called once the dialog has closed, whatever closed it (Escape, backdrop, close button, `open`). */
  onClose: () => void;
  /** Id of the visible title, which names the dialog. */
  labelledBy: string;
  describedBy?: string;
  /** Receives focus when the dialog opens (the first field). */
  initialFocus: RefObject<HTMLElement | null>;
  /** The icon above the title (`iconCoin`). */
  icon: string;
  /** Room for long reading (a tournament report) instead of a form's width. */
  wide?: boolean;
  children: ReactNode;
}

/**
 * A modal arcade panel on the native `<dialog>`: `showModal()` traps focus and makes the page
 * inert; Escape, a click on the backdrop and the close button close it; the browser returns focus
 * to the button that opened it.
 */
export function ArcadeDialog({
  open,
  onClose,
  labelledBy,
  describedBy,
  initialFocus,
  icon,
  wide = false,
  children,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  // A click counts as a backdrop click only when it also started there (not a text selection
  // dragged out of a field).
  const pressedOnBackdrop = useRef(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      $openModal.set(element);
      initialFocus.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open, initialFocus]);

  function closed() {
    if ($openModal.get() === dialog.current) $openModal.set(null);
    onClose();
  }

  return (
    <dialog
      ref={dialog}
      className="modal bg-night/80"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClose={closed}
      onPointerDown={(event) => (pressedOnBackdrop.current = event.target === event.currentTarget)}
      onClick={(event) => {
        if (pressedOnBackdrop.current && event.target === event.currentTarget) dialog.current?.close();
        pressedOnBackdrop.current = false;
      }}
    >
      <div
        className={`relative modal-box max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] ${wide ? 'max-w-3xl' : 'max-w-md'} border-2 border-primary bg-base-200 px-5 pt-6 pb-6 shadow-[8px_8px_0_0_rgb(0_0_0/0.6)] sm:px-8 sm:pt-8`}
      >
        <span
          aria-hidden="true"
          className="mx-auto mb-4 grid size-12 place-items-center rounded-sm border-2 border-primary bg-base-300 text-primary shadow-[3px_3px_0_0_rgb(0_0_0/0.6)]"
        >
          <PixelIcon icon={icon} className="size-7" />
        </span>
        <button
          type="button"
          className="btn absolute top-2 right-2 btn-square btn-ghost btn-sm"
          aria-label="Close"
          onClick={() => dialog.current?.close()}
        >
          <PixelIcon icon={iconClose} className="size-5" />
        </button>
        {children}
      </div>
    </dialog>
  );
}
