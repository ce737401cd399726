import { useAction } from './useAction';

/**
 * Sign out (every sign-out button of the arcade): on success the browser goes home, signed out. The
 * call's code (`lib/auth-client.ts`, with its answer's schema) loads at the first press: every page
 * has the header's Sign Out, few visits use it.
 */
export function useSignOut() {
  const { run, pending } = useAction<void, { success: boolean }>(
    () => import('~/lib/auth-client').then((m) => m.$signOut),
    {
      failureTitle: 'Sign Out Failed',
      pendingAfterSuccess: true,
      onSuccess: () => window.location.assign('/'),
    },
  );
  return { signOut: () => void run(), pending };
}
