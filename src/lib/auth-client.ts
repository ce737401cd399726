import { ApiError, getJson, sendJson } from './api';
import { clearAllQueries, createMutatorStore, createQuery, FRESH, mutateCache } from './query';
import {
  accountResponseSchema,
  logoutResponseSchema,
  messageResponseSchema,
  signOutEverywhereResponseSchema,
  verifyResponseSchema,
  type AccountResponse,
  type MessageResponse,
  type RegisterRequest,
  type VerifyCodeRequest,
  type VerifyResponse,
} from './schemas/auth';
import { LEADERBOARD_KEYS } from './stores/leaderboards';
import { ME_KEY, setSignedIn, setSignedOut, settledSession } from './stores/session';
import type { ToastInput } from './stores/toast';

/**
 * The browser's account calls: the player's settings as a fetcher store, and every action (sign up,
 * sign in, sign out, save) as a mutator store that updates or invalidates exactly what it changed.
 * Signing in or out clears every cached answer.
 */

/** `POST /api/auth/register`: creates the account and mails a magic link; the current user is asked again. */
export const $register = createMutatorStore<RegisterRequest, MessageResponse>(async ({ data, invalidate }) => {
  const answer = await sendJson('post', 'auth/register', data, messageResponseSchema);
  invalidate(ME_KEY);
  return answer;
});

/** `POST /api/auth/send-magic-link`, for the first send and for a resend; changes nothing here. */
export const $sendMagicLink = createMutatorStore<string, MessageResponse>(({ data: email }) =>
  sendJson('post', 'auth/send-magic-link', { email }, messageResponseSchema),
);

/** A verified link or code: every answer may differ now, and the page knows who is signed in. */
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

/** `GET /api/auth/verify-magic-link`: signs this browser in with the link's token (single use). */
export const $verifyMagicLink = createMutatorStore<string, VerifyResponse>(async ({ data: token }) =>
  signedIn(await getJson('auth/verify-magic-link', verifyResponseSchema, { searchParams: { token } })),
);

function signedOut<T>(answer: T): T {
  clearAllQueries();
  setSignedOut();
  return answer;
}

/** `POST /api/auth/logout`: ends this browser's session. The one sign-out of every button. */
export const $signOut = createMutatorStore<void, { success: boolean }>(async () =>
  signedOut(await sendJson('post', 'auth/logout', {}, logoutResponseSchema)),
);

/** `POST /api/account/sign-out-everywhere`: revokes every session of the player, this one included. */
export const $signOutEverywhere = createMutatorStore<void, { success: boolean; revoked: number }>(async () =>
  signedOut(await sendJson('post', 'account/sign-out-everywhere', {}, signOutEverywhereResponseSchema)),
);

export const ACCOUNT_KEY = 'account';

/** `GET /api/account`: the signed-in player's settings. A 401 means the session ended meanwhile. */
export const $account = createQuery(ACCOUNT_KEY, () => getJson(ACCOUNT_KEY, accountResponseSchema), {
  freshMs: FRESH.account,
  onError: (error) => {
    if (error instanceof ApiError && error.status === 401) setSignedOut();
  },
});

/**
 * `PUT /api/account`: saves the player's country (`XX` for unknown). The answer is the new account;
 * the player's country boards and ranks change with it.
 */
export const $saveAccountCountry = createMutatorStore<string, AccountResponse>(async ({ data: country, invalidate }) => {
  const account = await sendJson('put', ACCOUNT_KEY, { country }, accountResponseSchema);
  mutateCache(ACCOUNT_KEY, account);
  invalidate((key) => key.startsWith(LEADERBOARD_KEYS));
  return account;
});

/** The toast of a successful sign-in, by link or by code. */
export const WELCOME_TOAST: ToastInput = { title: 'Welcome to the arcade!', description: "You've been successfully signed in.", variant: 'success' };

/** The fallback text of a failed action whose server sent no message. */
export const SOMETHING_WRONG = 'Something went wrong. Please try again.';

/** The server's human message for a failed call, or `fallback` (network errors, non-JSON bodies). */
export function failureMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/** The first message per field of a failed `z.safeParse`, keyed by the field's name. */
export function fieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
