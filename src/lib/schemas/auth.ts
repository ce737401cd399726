import * as z from 'zod/mini';

/** Username rules: 3 to 20 letters, digits, underscores and dashes. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const USERNAME_MESSAGES = {
  tooShort: 'Username must be at least 3 characters',
  tooLong: 'Username must be less than 20 characters',
  characters: 'Username can only contain letters, numbers, underscores, and dashes',
} as const;
export const EMAIL_MESSAGE = 'Please enter a valid email address';
/** `.invalid` is reserved (RFC 2606): no mail reaches it, and the arcade keeps it for itself. */
export const RESERVED_EMAIL_MESSAGE =
  'Addresses ending in .invalid cannot receive email. Please enter a real email address.';
/** Longest e-mail address accepted (RFC 5321 path limit). */
export const EMAIL_MAX = 254;
/** Magic links and their codes expire after this many minutes. */
export const MAGIC_LINK_MINUTES = 15;
/** Digits of the one-time code sent with each magic link. */
export const LOGIN_CODE_LENGTH = 6;

export const usernameSchema = z
  .string(USERNAME_MESSAGES.tooShort)
  .check(
    z.trim(),
    z.minLength(USERNAME_MIN, USERNAME_MESSAGES.tooShort),
    z.maxLength(USERNAME_MAX, USERNAME_MESSAGES.tooLong),
    z.regex(/^[A-Za-z0-9_-]+$/, USERNAME_MESSAGES.characters),
  );

/**
 * A valid address, trimmed and lower-cased so one mailbox is one account. The reserved `.invalid`
 * domain is refused: it can never receive a link, and no account should look like a placeholder.
 */
export const emailSchema = z.string(EMAIL_MESSAGE).check(
  z.trim(),
  z.maxLength(EMAIL_MAX, EMAIL_MESSAGE),
  z.email(EMAIL_MESSAGE),
  z.toLowerCase(),
  z.refine((email) => !email.endsWith('.invalid'), RESERVED_EMAIL_MESSAGE),
);

/** Body of `POST /api/auth/register`. */
export const registerRequestSchema = z.object({ username: usernameSchema, email: emailSchema });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** Body of `POST /api/auth/send-magic-link` (also used to resend). */
export const sendMagicLinkRequestSchema = z.object({ email: emailSchema });
export type SendMagicLinkRequest = z.infer<typeof sendMagicLinkRequestSchema>;

/** Body of `POST /api/auth/verify-code`: the one-time code from the mail, typed on another device. */
export const verifyCodeRequestSchema = z.object({
  email: emailSchema,
  code: z
    .string('Enter the 6-digit code from the email')
    .check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code from the email')),
});
export type VerifyCodeRequest = z.infer<typeof verifyCodeRequestSchema>;

// The answers of the sign-up and sign-in calls live with the user schema, so the pages that only
// read them (the magic-link landing) do not load the form rules above.
export { messageResponseSchema, verifyResponseSchema, type MessageResponse, type VerifyResponse } from './user';

/** A JSON error answer of the API. */
export const errorResponseSchema = z.object({ error: z.string() });
