import * as z from 'zod/mini';
import { sendJson } from './api';
import { clearAllQueries, createMutatorStore } from './query';
import { setSignedOut } from './stores/session';

/**
 * Signing out, the one call every page's header can make. The rest of the account calls live
 * where they are used: signing up and in in `stores/sign-in.ts` (loaded with the dialogs), the
 * settings and sign out everywhere in `stores/account.ts` (Account Settings).
 */

/** A successful sign-out's answer: every cached answer is forgotten and the page is signed out. */
export function signedOut<T>(answer: T): T {
  clearAllQueries();
  setSignedOut();
  return answer;
}

/** `POST /api/auth/logout`: ends this browser's session. The one sign-out of every button. */
export const $signOut = createMutatorStore<void, { success: boolean }>(async () =>
  signedOut(await sendJson('post', 'auth/logout', {}, z.object({ success: z.boolean() }))),
);
