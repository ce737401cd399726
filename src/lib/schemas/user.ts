import { z } from 'zod';

/** A signed-in player as the API describes them (SPEC section 3, "User"). */
export const userSchema = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  email: z.string(),
  /** Whether the server counts this user among its administrators (`ADMIN_USER_IDS`). */
  isAdmin: z.boolean().default(false),
  /** Image of the active avatar, when the player chose one. */
  avatarImage: z.string().nullish(),
});
export type User = z.infer<typeof userSchema>;

/** Answer of `GET /api/auth/me`. */
export const meResponseSchema = z.object({ user: userSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;
