import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { $openModal } from '../lib/stores/modal';
import { $toasts, dismissToast, takePendingToast, toast, type Toast, type ToastVariant } from '../lib/stores/toast';
import { PixelIcon } from '../ui/PixelIcon';
import { useHydratedStore } from '../ui/useHydratedStore';
import { close as iconClose } from '../ui/pixel-icons';

/** What the page's HTML shows: no toast. */
const NO_TOASTS: Toast[] = [];

const variantClass: Record<ToastVariant, string> = {
  default: 'border-info bg-base-200 text-base-content',
  destructive: 'border-error bg-error text-error-content',
  success: 'border-success bg-base-200 text-base-content',
};

/** Shows the toast store's messages in the corner, one at a time (mounted once per page by the layout). */
export default function Toaster() {
  const toasts = useHydratedStore($toasts, NO_TOASTS);
  const modal = useHydratedStore($openModal, null);

  useEffect(() => {
    const pending = takePendingToast();
    if (pending) toast(pending);
  }, []);

  const region = (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-center gap-2 p-4 sm:inset-x-auto sm:right-0 sm:items-end"
    >
      {toasts
        .filter((t) => t.open)
        .map((t) => (
          <div
            key={t.id}
            role={t.variant === 'destructive' ? 'alert' : 'status'}
            aria-live={t.variant === 'destructive' ? 'assertive' : 'polite'}
            data-variant={t.variant}
            className={`toast-enter pointer-events-auto relative w-full max-w-sm rounded-box border-2 p-4 pr-10 shadow-[6px_6px_0_0_rgb(0_0_0/0.5)] ${variantClass[t.variant]}`}
          >
            <p className="font-pixel text-[0.7rem] leading-relaxed">{t.title}</p>
            {t.description && <p className="mt-1 text-sm leading-snug">{t.description}</p>}
            <button
              type="button"
              className="btn btn-ghost btn-xs btn-square absolute top-2 right-2"
              aria-label="Dismiss notification"
              onClick={() => dismissToast(t.id)}
            >
              <PixelIcon icon={iconClose} className="size-4" />
            </button>
          </div>
        ))}
    </section>
  );

  // While a modal dialog is open the rest of the page is inert (dimmed, unclickable, silent to
  // screen readers): the toasts then live inside that dialog.
  return modal ? createPortal(region, modal) : region;
}
