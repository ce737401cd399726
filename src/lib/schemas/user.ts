import * as z from 'zod/mini';

// Schemas in src/lib use zod's mini build: islands parse API answers with them, and the mini
// build keeps the browser bundles small (the classic build adds about 30 kB gzipped per page).

/** A signed-in player as the API describes them. */
export const userSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  username: z.string(),
  email: z.string(),
  /** Whether the server counts this user among its administrators (`ADMIN_USER_IDS`). */
  isAdmin: z._default(z.boolean(), false),
  /** Image of the active avatar, when the player chose one. */
  avatarImage: z.nullish(z.string()),
});
export type User = z.infer<typeof userSchema>;

/** A signed-in player's answer of `GET /api/auth/me`. */
export const meResponseSchema = z.object({ user: userSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

/** Answer of `GET /api/auth/me`: `user` is null for a visitor who is signed out. */
export const meAnswerSchema = z.object({ user: z.nullable(userSchema) });

/** A plain acknowledgement with a human message. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Answer of a successful verification (link or code): the signed-in user. */
export const verifyResponseSchema = z.object({ user: userSchema });
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

/** Body of `POST /api/auth/verify-magic-link`: the link's token; `confirm` once the player said 'Continue'. */
const INVALID_LINK = 'The login link has expired or is invalid. Please try signing in again.';
export const verifyLinkRequestSchema = z.object({
  token: z.string(INVALID_LINK).check(z.maxLength(200, INVALID_LINK)),
  confirm: z.optional(z.boolean()),
});
export type VerifyLinkRequest = z.infer<typeof verifyLinkRequestSchema>;

/**
 * Answer of `POST /api/auth/verify-magic-link`: the signed-in user, or (a link opened in a browser
 * that did not ask for it) whose account it opens, to ask 'Continue as <username>?' first.
 */
export const verifyLinkResponseSchema = z.union([
  verifyResponseSchema,
  z.object({ confirm: z.object({ username: z.string() }) }),
]);
export type VerifyLinkResponse = z.infer<typeof verifyLinkResponseSchema>;
