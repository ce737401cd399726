import { atom, onMount } from 'nanostores';
import { getJsonOrNullOn401 } from '../api';
import { meResponseSchema, type User } from '../schemas/user';

/** Who is using this tab: still being asked, nobody, or a signed-in player. */
export type Session = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; user: User };

/** The current user, loaded once per page from `GET /api/auth/me` when an island first needs it. */
export const $session = atom<Session>({ status: 'loading' });

let loading: Promise<Session> | null = null;

/** Ask the server who is signed in (not retried, SPEC section 7) and publish the answer. */
export function loadSession(): Promise<Session> {
  loading ??= getJsonOrNullOn401('auth/me', meResponseSchema)
    .then((me): Session => (me ? { status: 'signed-in', user: me.user } : { status: 'signed-out' }))
    .catch((error: unknown): Session => {
      // Without an answer the page behaves as signed out; the server still guards every action.
      console.warn('Could not load the current user:', error);
      return { status: 'signed-out' };
    })
    .then((session) => {
      $session.set(session);
      return session;
    });
  return loading;
}

/** The session once it is known (waits while it loads). */
export function settledSession(): Promise<Session> {
  const now = $session.get();
  return now.status === 'loading' ? loadSession() : Promise.resolve(now);
}

onMount($session, () => {
  // Prerendering has no visitor: the page is built in the loading state and asks once in the browser.
  if (typeof window !== 'undefined') void loadSession();
});
