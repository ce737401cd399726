import { $signOut } from '../lib/auth-client';
import { useAction } from './useAction';

/** Sign out (every sign-out button of the arcade): on success the browser goes home, signed out. */
export function useSignOut() {
  const { run, pending } = useAction($signOut, {
    failureTitle: 'Sign Out Failed',
    pendingAfterSuccess: true,
    onSuccess: () => window.location.assign('/'),
  });
  return { signOut: () => void run(), pending };
}
