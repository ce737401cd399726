import * as z from 'zod/mini';
import { manyLinesText } from './text';

// Player management (README): bans and hidden runs, as the admin API takes and answers them.

/** Why an administrator bans a player or hides a run: 1 to 500 characters, kept for the record. */
export const moderationReasonSchema = z
  .string('Write a reason (1 to 500 characters).')
  .check(
    z.trim(),
    z.minLength(1, 'Write a reason (1 to 500 characters).'),
    z.maxLength(500, 'The reason is too long: at most 500 characters.'),
    manyLinesText('The reason'),
  );

/** Body of `POST /api/admin/users/{id}/ban` and `POST /api/admin/runs/{id}/hide`. */
export const moderationRequestSchema = z.object({ reason: moderationReasonSchema });

/** A player's ban, as `POST /api/admin/users/{id}/ban` and `/unban` answer it. */
export const banResponseSchema = z.object({
  message: z.string(),
  user: z.object({ id: z.number(), bannedAt: z.nullable(z.string()), banReason: z.nullable(z.string()) }),
});
export type BanResponse = z.infer<typeof banResponseSchema>;

/** A run after it was hidden or restored. */
export const hiddenRunResponseSchema = z.object({
  message: z.string(),
  run: z.object({
    id: z.number(),
    userId: z.number(),
    gameId: z.string(),
    score: z.number(),
    createdAt: z.string(),
    hiddenAt: z.nullable(z.string()),
    hiddenReason: z.nullable(z.string()),
  }),
});
export type HiddenRunResponse = z.infer<typeof hiddenRunResponseSchema>;
