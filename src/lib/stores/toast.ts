import { atom } from 'nanostores';

/** How a toast looks: neutral, a failure (destructive) or a success. */
export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds the toast stays open; defaults to {@link TOAST_DEFAULT_DURATION}. */
  duration?: number;
}

export interface Toast extends Required<Omit<ToastInput, 'description'>> {
  id: number;
  description?: string;
  /** False once dismissed: the toast animates out and is removed later. */
  open: boolean;
}

/** One toast at a time: a new one replaces the one on screen. */
export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION = 5000;
/** A dismissed toast is kept this long before it is dropped from the store. */
export const TOAST_REMOVE_DELAY = 1_000_000;
/** Where a toast waits while the browser loads the next page (see {@link toastAfterNavigation}). */
export const PENDING_TOAST_KEY = 'sats-arcade:pending-toast';
/**
 * This page load, as every island of the page sees it (they share this module). A toast kept for
 * the next page names the load that kept it, so the page that is leaving never takes it itself
 * when its Toaster hydrates after the redirect was decided.
 */
export const PAGE_LOAD = Math.random().toString(36).slice(2);

/** The toasts on screen, newest first. */
export const $toasts = atom<Toast[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function clearTimer(id: number) {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

function schedule(id: number, ms: number, action: () => void) {
  clearTimer(id);
  timers.set(id, setTimeout(action, ms));
}

function removeToast(id: number) {
  clearTimer(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

/** Close a toast; it leaves the store {@link TOAST_REMOVE_DELAY} ms later. */
export function dismissToast(id: number) {
  const toasts = $toasts.get();
  if (!toasts.some((t) => t.id === id && t.open)) return;
  $toasts.set(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  schedule(id, TOAST_REMOVE_DELAY, () => removeToast(id));
}

/** Show a toast; it closes by itself after its duration. Returns its id. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  const shown: Toast = {
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DEFAULT_DURATION,
    open: true,
  };
  const kept = [shown, ...$toasts.get()].slice(0, TOAST_LIMIT);
  for (const dropped of $toasts.get()) if (!kept.includes(dropped)) clearTimer(dropped.id);
  $toasts.set(kept);
  schedule(id, shown.duration, () => dismissToast(id));
  return id;
}

/**
 * Keep a toast for the next page the browser loads in this tab, for messages that come with a
 * redirect ("Sign Up Required" then `/`). The Toaster shows it once on arrival.
 */
export function toastAfterNavigation(
  input: ToastInput,
  storage: Pick<Storage, 'setItem'> = sessionStorage,
  page = PAGE_LOAD,
) {
  try {
    storage.setItem(PENDING_TOAST_KEY, JSON.stringify({ ...input, keptBy: page }));
  } catch {
    // storage disabled: the redirect still happens, only the message is lost
  }
}

/**
 * Take the toast left by {@link toastAfterNavigation} on an earlier page, if any; it is shown only
 * once. A toast kept by this very page load stays for the page that comes next.
 */
export function takePendingToast(
  storage: Pick<Storage, 'getItem' | 'removeItem'> = sessionStorage,
  page = PAGE_LOAD,
): ToastInput | null {
  try {
    const raw = storage.getItem(PENDING_TOAST_KEY);
    if (raw === null) return null;
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(raw);
    } catch {
      // damaged: dropped below
    }
    if (parsed && typeof parsed === 'object' && (parsed as Record<string, unknown>).keptBy === page) return null;
    storage.removeItem(PENDING_TOAST_KEY);
    if (!parsed || typeof parsed !== 'object') return null;
    const { title, description, variant, duration } = parsed as Record<string, unknown>;
    if (typeof title !== 'string') return null;
    return {
      title,
      description: typeof description === 'string' ? description : undefined,
      variant: variant === 'destructive' || variant === 'success' ? variant : 'default',
      duration: typeof duration === 'number' && duration > 0 ? duration : undefined,
    };
  } catch {
    return null;
  }
}
