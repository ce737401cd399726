import { sendJson } from '../api';
import { clearAllQueries, createMutatorStore } from '../query';
import {
  verifyLinkResponseSchema,
  type VerifyLinkRequest,
  type VerifyLinkResponse,
  type VerifyResponse,
} from '../schemas/user';
import { setSignedIn, settledSession } from './session';
import type { ToastInput } from './toast';

/**
 * Verifying a magic link or code: the magic-link landing loads only this, the sign-in dialog the
 * rest of `sign-in.ts`. A verified sign-in clears every cached answer and publishes the user.
 */

/** The toast of a successful sign-in, by link or by code. */
export const WELCOME_TOAST: ToastInput = {
  title: 'Welcome to the arcade!',
  description: "You've been successfully signed in.",
  variant: 'success',
};

/** A verified link or code: every answer may differ now, and the page knows who is signed in. */
export async function signedIn(answer: VerifyResponse) {
  // The page asked who is signed in before the cookie existed: let that answer land first.
  await settledSession();
  clearAllQueries();
  setSignedIn(answer.user);
  return answer;
}

/**
 * `POST /api/auth/verify-magic-link`: signs this browser in with the link's token (single use) when
 * it is the browser that asked for the link, or `confirm` is set; otherwise answers whose account
 * the link opens, so the page asks first (and nothing is signed in or spent).
 */
export const $verifyMagicLink = createMutatorStore<VerifyLinkRequest, VerifyLinkResponse>(async ({ data }) => {
  const answer = await sendJson('post', 'auth/verify-magic-link', data, verifyLinkResponseSchema);
  return 'user' in answer ? signedIn(answer) : answer;
});
