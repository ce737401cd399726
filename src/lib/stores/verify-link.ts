import { getJson } from '../api';
import { clearAllQueries, createMutatorStore } from '../query';
import { verifyResponseSchema, type VerifyResponse } from '../schemas/user';
import { setSignedIn, settledSession } from './session';
import type { ToastInput } from './toast';

/**
 * Verifying a magic link or code: the magic-link landing loads only this, the sign-in dialog the
 * rest of `sign-in.ts`. A verified sign-in clears every cached answer and publishes the user.
 */

/** The toast of a successful sign-in, by link or by code. */
export const WELCOME_TOAST: ToastInput = { title: 'Welcome to the arcade!', description: "You've been successfully signed in.", variant: 'success' };

/** A verified link or code: every answer may differ now, and the page knows who is signed in. */
export async function signedIn(answer: VerifyResponse) {
  // The page asked who is signed in before the cookie existed: let that answer land first.
  await settledSession();
  clearAllQueries();
  setSignedIn(answer.user);
  return answer;
}

/** `GET /api/auth/verify-magic-link`: signs this browser in with the link's token (single use). */
export const $verifyMagicLink = createMutatorStore<string, VerifyResponse>(async ({ data: token }) =>
  signedIn(await getJson('auth/verify-magic-link', verifyResponseSchema, { searchParams: { token } })),
);
