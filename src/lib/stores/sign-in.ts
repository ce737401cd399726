import { sendJson } from '../api';
import { clearAllQueries, createMutatorStore } from '../query';
import type { RegisterRequest, VerifyCodeRequest } from '../schemas/auth';
import {
  messageResponseSchema,
  verifyLinkResponseSchema,
  verifyResponseSchema,
  type MessageResponse,
  type VerifyLinkRequest,
  type VerifyLinkResponse,
  type VerifyResponse,
} from '../schemas/user';
import { ME_KEY, setSignedIn, settledSession } from './session';
import type { ToastInput } from './toast';

/**
 * Signing up and signing in as mutator stores: registering asks for the current user again; a
 * verified link or code clears every cached answer and publishes the signed-in user.
 */

/** `POST /api/auth/register`: creates the account and mails a magic link. */
export const $register = createMutatorStore<RegisterRequest, MessageResponse>(async ({ data, invalidate }) => {
  const answer = await sendJson('post', 'auth/register', data, messageResponseSchema);
  invalidate(ME_KEY);
  return answer;
});

/** `POST /api/auth/send-magic-link`, for the first send and for a resend; changes nothing here. */
export const $sendMagicLink = createMutatorStore<string, MessageResponse>(({ data: email }) =>
  sendJson('post', 'auth/send-magic-link', { email }, messageResponseSchema),
);

async function signedIn(answer: VerifyResponse) {
  // The page asked who is signed in before the cookie existed: let that answer land first.
  await settledSession();
  clearAllQueries();
  setSignedIn(answer.user);
  return answer;
}

/** `POST /api/auth/verify-code`: signs this browser in with the 6-digit code from the mail. */
export const $verifyLoginCode = createMutatorStore<VerifyCodeRequest, VerifyResponse>(async ({ data }) =>
  signedIn(await sendJson('post', 'auth/verify-code', data, verifyResponseSchema)),
);

/**
 * `POST /api/auth/verify-magic-link`: signs this browser in with the link's token (single use) when
 * it is the browser that asked for the link, or `confirm` is set; otherwise answers whose account
 * the link opens, so the page asks first (and nothing is signed in or spent).
 */
export const $verifyMagicLink = createMutatorStore<VerifyLinkRequest, VerifyLinkResponse>(async ({ data }) => {
  const answer = await sendJson('post', 'auth/verify-magic-link', data, verifyLinkResponseSchema);
  return 'user' in answer ? signedIn(answer) : answer;
});

/** The toast of a successful sign-in, by link or by code. */
export const WELCOME_TOAST: ToastInput = { title: 'Welcome to the arcade!', description: "You've been successfully signed in.", variant: 'success' };

/** The first message per field of a failed `z.safeParse`, keyed by the field's name. */
export function fieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
