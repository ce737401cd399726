import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $toasts,
  PENDING_TOAST_KEY,
  TOAST_DEFAULT_DURATION,
  TOAST_REMOVE_DELAY,
  dismissToast,
  takePendingToast,
  toast,
  toastAfterNavigation,
} from '~/lib/stores/toast';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    items,
  };
}

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    $toasts.set([]);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows one toast at a time: a new toast replaces the one on screen', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', variant: 'success' });
    expect($toasts.get()).toHaveLength(1);
    expect($toasts.get()[0]).toMatchObject({ title: 'Second', variant: 'success', open: true });
  });

  it('closes a toast after the 5000 ms default and drops it after the removal delay', () => {
    toast({ title: 'Hello', description: 'World' });
    vi.advanceTimersByTime(TOAST_DEFAULT_DURATION - 1);
    expect($toasts.get()[0]?.open).toBe(true);
    vi.advanceTimersByTime(1);
    expect($toasts.get()[0]?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY);
    expect($toasts.get()).toHaveLength(0);
  });

  it('honours a custom duration and the destructive variant', () => {
    toast({ title: 'Oops', variant: 'destructive', duration: 1000 });
    expect($toasts.get()[0]).toMatchObject({ variant: 'destructive', duration: 1000 });
    vi.advanceTimersByTime(1000);
    expect($toasts.get()[0]?.open).toBe(false);
  });

  it('dismisses on request, and a replaced toast does not close its successor', () => {
    const first = toast({ title: 'First', duration: 1000 });
    dismissToast(first);
    expect($toasts.get()[0]?.open).toBe(false);
    toast({ title: 'Second' });
    vi.advanceTimersByTime(1000);
    expect($toasts.get()[0]).toMatchObject({ title: 'Second', open: true });
  });
});

describe('toasts across a page load', () => {
  it('keeps a toast for the next page and hands it over once', () => {
    const storage = memoryStorage();
    toastAfterNavigation(
      { title: 'Sign Up Required', description: 'Please sign up', variant: 'destructive' },
      storage,
      'first-page',
    );
    expect(takePendingToast(storage, 'next-page')).toEqual({
      title: 'Sign Up Required',
      description: 'Please sign up',
      variant: 'destructive',
      duration: undefined,
    });
    expect(takePendingToast(storage, 'next-page')).toBeNull();
  });

  it('leaves the toast for the next page when the page that kept it hydrates its Toaster late', () => {
    const storage = memoryStorage();
    toastAfterNavigation({ title: 'Invalid Login Link', variant: 'destructive' }, storage, 'callback-page');
    expect(takePendingToast(storage, 'callback-page')).toBeNull();
    expect(takePendingToast(storage, 'home-page')).toMatchObject({
      title: 'Invalid Login Link',
      variant: 'destructive',
    });
  });

  it('ignores a damaged stored toast', () => {
    const storage = memoryStorage();
    storage.setItem(PENDING_TOAST_KEY, '{not json');
    expect(takePendingToast(storage)).toBeNull();
    storage.setItem(PENDING_TOAST_KEY, JSON.stringify({ description: 'no title' }));
    expect(takePendingToast(storage)).toBeNull();
    storage.setItem(PENDING_TOAST_KEY, JSON.stringify({ title: 'T', variant: 'weird', duration: -5 }));
    expect(takePendingToast(storage)).toEqual({
      title: 'T',
      description: undefined,
      variant: 'default',
      duration: undefined,
    });
  });
});
