import * as z from 'zod/mini';

/** How rare an avatar is; the order is legendary 4, epic 3, rare 2, common 1. */
export const RARITIES = ['common', 'rare', 'epic', 'legendary'] as const;
export type Rarity = (typeof RARITIES)[number];
export const RARITY_ORDER: Record<Rarity, number> = { common: 1, rare: 2, epic: 3, legendary: 4 };

/** Where an avatar comes from: an achievement card's reward, or a tournament prize. */
export const AVATAR_CATEGORIES = ['achievement', 'tournament'] as const;
export type AvatarCategory = (typeof AVATAR_CATEGORIES)[number];

/** An avatar id: lower-case letters, digits and single hyphens, e.g. `fiat-bird`. */
export const avatarIdSchema = z
  .string('avatarId must be text')
  .check(
    z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'avatarId must be lower-case letters, digits and hyphens, like fiat-bird'),
    z.maxLength(64, 'avatarId can be at most 64 characters'),
  );

/** The image of an avatar by id: `/api/assets/avatars/{avatarId}.png`. */
export const defaultAvatarImage = (avatarId: string) => `/api/assets/avatars/${avatarId}.png`;

/** One avatar of the collection, as players see it. */
export const avatarSchema = z.object({
  avatarId: z.string(),
  avatarName: z.string(),
  avatarImage: z.string(),
  rarity: z.enum(RARITIES),
});
export type Avatar = z.infer<typeof avatarSchema>;

/** An avatar a player owns: which one, from where (an achievement card or a tournament), since when. */
export const ownedAvatarSchema = z.extend(avatarSchema, {
  description: z.string(),
  category: z.enum(AVATAR_CATEGORIES),
  /** Where the player got it: an achievement card's id (`beginner`) or a tournament's name. */
  source: z.string(),
  /** When it landed in the collection (ISO 8601). */
  acquiredAt: z.string(),
});
export type OwnedAvatar = z.infer<typeof ownedAvatarSchema>;

/** Answer of `GET /api/avatars/collection`: the player's avatars and the active one. */
export const avatarCollectionResponseSchema = z.object({
  avatars: z.array(ownedAvatarSchema),
  activeAvatarId: z.nullable(z.string()),
});
export type AvatarCollectionResponse = z.infer<typeof avatarCollectionResponseSchema>;

/** Body of `POST /api/avatars/set-active`: an avatar the player owns. */
export const setActiveAvatarRequestSchema = z.object({ avatarId: avatarIdSchema });
export type SetActiveAvatarRequest = z.infer<typeof setActiveAvatarRequestSchema>;

/**
 * Body of `POST /api/avatars/claim`. The server trusts only `achievementCardId` and `avatarId`:
 * the card must be complete and the avatar its reward; name and image are checked against it.
 */
export const claimAvatarRequestSchema = z.object({
  achievementCardId: z.string('achievementCardId must be text'),
  avatarId: avatarIdSchema,
  avatarName: z.optional(z.string()),
  avatarImage: z.optional(z.string()),
});
export type ClaimAvatarRequest = z.infer<typeof claimAvatarRequestSchema>;

/** The active avatar as the header, banner and profile show it. */
export const activeAvatarSchema = z.object({
  avatarId: z.string(),
  avatarName: z.string(),
  avatarImage: z.string(),
  description: z.string(),
});
export type ActiveAvatar = z.infer<typeof activeAvatarSchema>;
