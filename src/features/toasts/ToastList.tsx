import { dismissToast, type Toast, type ToastVariant } from '~/lib/stores/toast';
import { PixelIcon } from '~/ui/PixelIcon';
import { close as iconClose } from '~/ui/pixel-icons';

const variantClass: Record<ToastVariant, string> = {
  default: 'border-info bg-base-200 text-base-content',
  destructive: 'border-error bg-error text-error-content',
  success: 'border-success bg-base-200 text-base-content',
};

/** The open toasts' markup, loaded with the page's first toast (the Toaster island keeps only the store). */
export function ToastList({ toasts }: { toasts: Toast[] }) {
  return toasts
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
          className="btn absolute top-2 right-2 btn-square btn-ghost btn-xs"
          aria-label="Dismiss notification"
          onClick={() => dismissToast(t.id)}
        >
          <PixelIcon icon={iconClose} className="size-4" />
        </button>
      </div>
    ));
}
