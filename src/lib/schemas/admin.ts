import * as z from 'zod/mini';
import { TOURNAMENT_STATUSES } from '../tournament-status';
import { AVATAR_CATEGORIES, RARITIES } from './avatars';
import { payoutSchema, payoutSettingsSchema } from './payouts';
import { manyLinesText, oneLineText } from './text';

// The admin room's calls: the avatar collection, image uploads and the audit log.

/**
 * The avatarId of a new avatar, made from its display name: lower-case, drop
 * every character but letters, digits, spaces and hyphens, spaces to hyphens, repeated hyphens
 * merged, hyphens at the ends trimmed. "REKT! Beginner" -> "rekt-beginner".
 */
export function avatarIdFromName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/\s/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Where avatar images are served; an avatar's imageUrl is this plus a file name. */
export const AVATAR_IMAGE_PREFIX = '/api/assets/avatars/';
/** Where tournament images are served. */
export const TOURNAMENT_IMAGE_PREFIX = '/api/assets/tournament/';

/** A plain image file name as the image routes serve it (no folders, a known image ending). */
export const IMAGE_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}\.(png|jpe?g|gif|webp)$/i;

/** One avatar of the collection as the admin room sees it, retired ones included. */
export const adminAvatarSchema = z.object({
  id: z.number(),
  avatarId: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  rarity: z.enum(RARITIES),
  category: z.enum(AVATAR_CATEGORIES),
  isActive: z.boolean(),
  /** How many players own it (an owned avatar is retired, never removed). */
  owners: z.number(),
  /** An achievement card's reward: it can be edited but neither retired nor deleted. */
  cardReward: z.boolean(),
});
export type AdminAvatar = z.infer<typeof adminAvatarSchema>;

/** Answer of `GET /api/admin/avatar-collection`. */
export const adminAvatarListSchema = z.object({ avatars: z.array(adminAvatarSchema) });
export type AdminAvatarList = z.infer<typeof adminAvatarListSchema>;

const nameSchema = z
  .string('name must be text')
  .check(
    z.trim(),
    z.minLength(1, 'Give the avatar a name'),
    z.maxLength(60, 'The name can be at most 60 characters'),
    oneLineText('The name'),
  );
const descriptionSchema = z
  .string('description must be text')
  .check(z.trim(), z.maxLength(500, 'The description can be at most 500 characters'), manyLinesText('The description'));
const imageUrlSchema = z.string('imageUrl must be text').check(
  z.trim(),
  z.refine(
    (url) =>
      url.startsWith(AVATAR_IMAGE_PREFIX) &&
      IMAGE_FILE_NAME.test(url.slice(AVATAR_IMAGE_PREFIX.length)) &&
      !url.includes('..'),
    `The image must be ${AVATAR_IMAGE_PREFIX} followed by a PNG, JPEG, WebP or GIF file name`,
  ),
);
const raritySchema = z.enum(RARITIES, 'rarity must be common, rare, epic or legendary');
const categorySchema = z.enum(AVATAR_CATEGORIES, 'category must be achievement or tournament');

/**
 * Body of `POST /api/admin/avatar-collection`. The server makes avatarId from the name; one that
 * is sent must be that same id. Defaults: rarity common, category achievement, active.
 */
export const createAvatarRequestSchema = z.object({
  avatarId: z.optional(z.string('avatarId must be text')),
  name: nameSchema,
  description: z.optional(descriptionSchema),
  imageUrl: z.optional(imageUrlSchema),
  rarity: z.optional(raritySchema),
  category: z.optional(categorySchema),
  isActive: z.optional(z.boolean('isActive must be true or false')),
});
export type CreateAvatarRequest = z.infer<typeof createAvatarRequestSchema>;

/** Body of `PUT /api/admin/avatar-collection/{id}`: the fields to change; avatarId never changes. */
export const updateAvatarRequestSchema = z.partial(createAvatarRequestSchema);
export type UpdateAvatarRequest = z.infer<typeof updateAvatarRequestSchema>;

/** Answer of `DELETE /api/admin/avatar-collection/{id}`: removed, or retired because players own it. */
export const deleteAvatarResponseSchema = z.object({
  deleted: z.boolean(),
  retired: z.boolean(),
  message: z.string(),
  avatar: z.nullable(adminAvatarSchema),
});
export type DeleteAvatarResponse = z.infer<typeof deleteAvatarResponseSchema>;

/** The folders an upload can go to, as `/api/admin/uploads/{folder}` names them. */
export const UPLOAD_FOLDERS = ['avatars', 'tournament'] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

/** Largest image an administrator can upload. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

/** Answer of `POST /api/admin/uploads/{folder}`: the stored file's name and where it is served. */
export const uploadResponseSchema = z.object({
  filename: z.string(),
  url: z.string(),
  contentType: z.string(),
  width: z.number(),
  height: z.number(),
  bytes: z.number(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** One entry of the audit log. */
export const auditEntrySchema = z.object({
  id: z.number(),
  actorId: z.nullable(z.number()),
  actorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.nullable(z.string()),
  tournamentId: z.nullable(z.number()),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Answer of `GET /api/admin/audit-log`. */
export const auditLogResponseSchema = z.object({ entries: z.array(auditEntrySchema) });

// ---- Winners and prizes ---------------------------------------------------------------------------

/** Answer of `POST /api/admin/tournaments/{id}/process-winners`: how many awards this call created. */
export const processWinnersResponseSchema = z.object({
  awardsCreated: z.number(),
  bitcoinAwards: z.number(),
  avatarAwards: z.number(),
  /** The participant the random draw chose (the same at every call), or null when nobody took part. */
  randomWinner: z.nullable(z.object({ userId: z.number(), username: z.string(), candidates: z.number() })),
  message: z.string(),
});
export type ProcessWinnersResponse = z.infer<typeof processWinnersResponseSchema>;

export const DISTRIBUTION_STATUSES = ['pending', 'sent'] as const;
export type DistributionStatus = (typeof DISTRIBUTION_STATUSES)[number];

const sentFields = {
  distributionStatus: z.enum(DISTRIBUTION_STATUSES),
  /** When and by whom it was sent (ISO 8601), with the payment's proof. */
  sentAt: z.nullable(z.string()),
  sentBy: z.nullable(z.string()),
  paymentProof: z.nullable(z.string()),
};

/**
 * A bitcoin prize on the winners screen. `awardReason` (here and on avatar prizes) is the reason
 * in words, as the screen shows it: '1st Place', 'Random Participant', 'First Place Only', 'All Players'.
 */
export const bitcoinPrizeSchema = z.object({
  id: z.number(),
  prizeValue: z.number(),
  awardReason: z.string(),
  ...sentFields,
  /** Its Lightning payout (README, "Lightning payouts"). */
  payout: payoutSchema,
});
/** An avatar prize on the winners screen. */
export const avatarPrizeSchema = z.object({
  id: z.number(),
  avatarId: z.string(),
  avatarName: z.string(),
  avatarImageUrl: z.string(),
  awardReason: z.string(),
  ...sentFields,
});

/** A winner (a player with a prize of the tournament), with the Lightning Address they gave for payment. */
export const winnerSchema = z.object({
  userId: z.number(),
  username: z.string(),
  /** Their place on the final board, or null when they are not on it any more. */
  rank: z.nullable(z.number()),
  score: z.nullable(z.number()),
  lightningAddress: z.nullable(z.string()),
  /** True while the player is banned: their unsent prizes are withheld (no PAY, no Distribute). */
  withheld: z.boolean(),
  bitcoinPrizes: z.array(bitcoinPrizeSchema),
  avatarPrizes: z.array(avatarPrizeSchema),
});
export type Winner = z.infer<typeof winnerSchema>;

/** One avatar reward of the tournament, with how many players may get it and how many got it. */
export const avatarRewardProgressSchema = z.object({
  avatarId: z.string(),
  avatarName: z.string(),
  imageUrl: z.string(),
  unlockCriteria: z.string(),
  eligible: z.number(),
  distributed: z.number(),
});
export type AvatarRewardProgress = z.infer<typeof avatarRewardProgressSchema>;

/** Answer of `GET /api/admin/tournaments/{id}/winners`. */
export const winnersResponseSchema = z.object({
  tournament: z.object({
    id: z.number(),
    name: z.string(),
    status: z.enum(TOURNAMENT_STATUSES),
    startDate: z.string(),
    endDate: z.string(),
    participantCount: z.number(),
  }),
  /** When winners were processed, or null. */
  processedAt: z.nullable(z.string()),
  winners: z.array(winnerSchema),
  avatarRewards: z.array(avatarRewardProgressSchema),
  auditLog: z.array(auditEntrySchema),
  /** What the arcade's Lightning payouts can do (PAY buttons show only when enabled). */
  payouts: payoutSettingsSchema,
});
export type WinnersResponse = z.infer<typeof winnersResponseSchema>;

/** A payment hash or note for a prize sent. */
const paymentProofSchema = z
  .string('paymentProof must be text')
  .check(
    z.trim(),
    z.maxLength(500, 'The payment proof can be at most 500 characters'),
    manyLinesText('The payment proof'),
  );

/** Body of `POST /api/admin/tournaments/prizes/{prizeId}/distribute` (optional): a payment hash or note. */
export const distributePrizeRequestSchema = z.object({
  paymentProof: z.optional(z.nullable(paymentProofSchema)),
});

/** Body of `PUT /api/admin/tournaments/prizes/{prizeId}/status`. */
export const prizeStatusRequestSchema = z.object({
  status: z.enum(DISTRIBUTION_STATUSES, 'status must be pending or sent'),
  paymentProof: z.optional(z.nullable(paymentProofSchema)),
});

/** A prize after a change. */
export const prizeResponseSchema = z.object({
  message: z.string(),
  prize: z.object({
    id: z.number(),
    tournamentId: z.number(),
    userId: z.number(),
    prizeType: z.enum(['bitcoin', 'avatar']),
    ...sentFields,
  }),
});
export type PrizeResponse = z.infer<typeof prizeResponseSchema>;

/** Body of `POST /api/admin/tournaments/{id}/bulk-distribute-avatar`. */
export const bulkDistributeRequestSchema = z.object({
  avatarId: z.string('avatarId must be text').check(z.minLength(1, 'Choose an avatar reward'), oneLineText('avatarId')),
});

/** Answer of the bulk avatar distribution: pending awards sent, and awards made and sent for eligible players without one. */
export const bulkDistributeResponseSchema = z.object({
  distributedExisting: z.number(),
  newAwards: z.number(),
  message: z.string(),
});
export type BulkDistributeResponse = z.infer<typeof bulkDistributeResponseSchema>;

/** Body of `POST /api/admin/tournaments/preview-report`. */
export const reportPreviewRequestSchema = z.object({
  markdown: z
    .string('markdown must be text')
    .check(z.maxLength(100_000, 'The report can be at most 100000 characters'), manyLinesText('The report')),
});
/** Answer of the preview: sanitised HTML. */
export const reportPreviewResponseSchema = z.object({ html: z.string() });
/** Answer of `GET /api/admin/tournaments/{id}/draft-report`. */
export const draftReportResponseSchema = z.object({ markdown: z.string() });
