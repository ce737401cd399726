import { ApiError, getJson, sendJson } from './api';
import {
  accountResponseSchema,
  logoutResponseSchema,
  messageResponseSchema,
  signOutEverywhereResponseSchema,
  verifyResponseSchema,
  type RegisterRequest,
  type VerifyCodeRequest,
} from './schemas/auth';
import type { ToastInput } from './stores/toast';

/** The browser's calls of the accounts API (SPEC section 7, "Auth"), typed by the shared schemas. */

/** `POST /api/auth/register`: creates the account and mails a magic link. */
export const registerPlayer = (body: RegisterRequest) => sendJson('post', 'auth/register', body, messageResponseSchema);

/** `POST /api/auth/send-magic-link`, for the first send and for a resend. */
export const sendMagicLink = (email: string) => sendJson('post', 'auth/send-magic-link', { email }, messageResponseSchema);

/** `GET /api/auth/verify-magic-link`: signs this browser in with the link's token. */
export const verifyMagicLink = (token: string) => getJson('auth/verify-magic-link', verifyResponseSchema, { searchParams: { token } });

/** `POST /api/auth/verify-code`: signs this browser in with the 6-digit code from the same mail. */
export const verifyLoginCode = (body: VerifyCodeRequest) => sendJson('post', 'auth/verify-code', body, verifyResponseSchema);

/** `POST /api/auth/logout`: ends this browser's session. */
export const signOut = () => sendJson('post', 'auth/logout', {}, logoutResponseSchema);

/** `GET /api/account`: the signed-in player's settings. */
export const getAccount = () => getJson('account', accountResponseSchema);

/** `PUT /api/account`: saves the player's country (`XX` for unknown). */
export const saveAccountCountry = (country: string) => sendJson('put', 'account', { country }, accountResponseSchema);

/** `POST /api/account/sign-out-everywhere`: revokes every session of the player, this one included. */
export const signOutEverywhere = () => sendJson('post', 'account/sign-out-everywhere', {}, signOutEverywhereResponseSchema);

/** The toast of a successful sign-in, by link or by code (SPEC section 8). */
export const WELCOME_TOAST: ToastInput = { title: 'Welcome to the arcade!', description: "You've been successfully signed in.", variant: 'success' };

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
