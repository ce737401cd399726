import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { $openModal } from '~/lib/stores/modal';
import { $toasts, takePendingToast, toast, type Toast } from '~/lib/stores/toast';
import { useHydratedStore } from '~/ui/useHydratedStore';
import { useLoaded } from '~/ui/useLoaded';

/** What the page's HTML shows: no toast. */
const NO_TOASTS: Toast[] = [];

// The toasts' markup loads with the page's first toast: most pages never show one.
const loadToastList = () => import('~/features/toasts/ToastList').then((m) => m.ToastList);

/** Shows the toast store's messages in the corner, one at a time (mounted once per page by the layout). */
export default function Toaster() {
  const toasts = useHydratedStore($toasts, NO_TOASTS);
  const modal = useHydratedStore($openModal, null);
  const ToastList = useLoaded(loadToastList, toasts.length > 0);

  useEffect(() => {
    const pending = takePendingToast();
    if (pending) toast(pending);
  }, []);

  const region = (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-center gap-2 p-4 sm:inset-x-auto sm:right-0 sm:items-end"
    >
      {ToastList && <ToastList toasts={toasts} />}
    </section>
  );

  // While a modal dialog is open the rest of the page is inert (dimmed, unclickable, silent to
  // screen readers): the toasts then live inside that dialog.
  return modal ? createPortal(region, modal) : region;
}
