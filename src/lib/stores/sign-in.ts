import { sendJson } from '../api';
import { signedIn } from './verify-link';
import { createMutatorStore } from '../query';
import type { RegisterRequest, VerifyCodeRequest } from '../schemas/auth';
import {
  messageResponseSchema,
  verifyResponseSchema,
  type MessageResponse,
  type VerifyResponse,
} from '../schemas/user';
import { ME_KEY } from './session';

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

/** `POST /api/auth/verify-code`: signs this browser in with the 6-digit code from the mail. */
export const $verifyLoginCode = createMutatorStore<VerifyCodeRequest, VerifyResponse>(async ({ data }) =>
  signedIn(await sendJson('post', 'auth/verify-code', data, verifyResponseSchema)),
);

/** The first message per field of a failed `z.safeParse`, keyed by the field's name. */
export function fieldErrors(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
