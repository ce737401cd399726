import * as z from 'zod/mini';

/** Body of `POST /api/admin/announcements`: the listed game to announce to the new-game list. */
export const announceRequestSchema = z.object({
  gameId: z.string('gameId must name a game').check(z.minLength(1, 'Choose the game to announce.')),
});

/** One announcement as the Admin Room shows it. */
export const announcementSchema = z.object({
  id: z.number(),
  gameId: z.string(),
  announcedAt: z.string(),
  /** Mails queued, one per subscriber at the time. */
  queued: z.number(),
  sent: z.number(),
  /** Mails not sent: the player left the list, or the mail server kept refusing. */
  givenUp: z.number(),
});
export type AnnouncementSummary = z.infer<typeof announcementSchema>;

/** Answer of `GET /api/admin/announcements`. */
export const announcementListSchema = z.object({ announcements: z.array(announcementSchema) });

/** Answer of `POST /api/admin/announcements`. */
export const announceResponseSchema = z.object({ recipients: z.number(), message: z.string() });
