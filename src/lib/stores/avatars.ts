import { getJson, sendJson } from '../api';
import { achievementsResponseSchema, withClaimed, type AchievementsResponse } from '../achievements';
import { FRESH, LEADERBOARD_KEYS, createMutatorStore, createQuery, storeFamily } from '../query';
import { activeAvatarSchema, avatarCollectionResponseSchema, type ClaimAvatarRequest } from '../schemas/avatars';
import { ownProfileResponseSchema, publicProfileSchema } from '../schemas/profile';
import { messageResponseSchema, type MessageResponse } from '../schemas/user';
import * as z from 'zod/mini';
import { ME_KEY } from './session';

/**
 * The signed-in player's achievements and avatars, and anyone's public profile: fetcher stores
 * for the GET calls, mutator stores for claiming an avatar and choosing the active one.
 */

export const ACHIEVEMENTS_KEY = 'achievements';
export const COLLECTION_KEY = 'avatars/collection';
export const OWN_PROFILE_KEY = 'user/profile';
const PUBLIC_PROFILE_KEYS = 'users/';
const publicProfileKey = (userId: number) => `${PUBLIC_PROFILE_KEYS}${userId}/profile`;

/** `GET /api/achievements` (signed in): the five cards and the player's progress. */
export const $achievements = createQuery(
  ACHIEVEMENTS_KEY,
  () => getJson(ACHIEVEMENTS_KEY, achievementsResponseSchema),
  {
    freshMs: FRESH.achievements,
  },
);

/** `GET /api/avatars/collection` (signed in): the avatars the player owns and the active one. */
export const $avatarCollection = createQuery(
  COLLECTION_KEY,
  () => getJson(COLLECTION_KEY, avatarCollectionResponseSchema),
  {
    freshMs: FRESH.avatarCollection,
  },
);

/** `GET /api/user/profile` (signed in): the player and their active avatar. */
export const $ownProfile = createQuery(OWN_PROFILE_KEY, () => getJson(OWN_PROFILE_KEY, ownProfileResponseSchema), {
  freshMs: FRESH.profile,
});

/** `GET /api/users/{userId}/profile`: what anyone may see of a player (the dashboard's statistics too). */
export const publicProfileStore = storeFamily(publicProfileKey, (_userId: number, key) =>
  createQuery(key, () => getJson(key, publicProfileSchema), { freshMs: FRESH.publicProfile }),
);

/**
 * `POST /api/avatars/claim`: the card's reward joins the collection. The cards, the collection and
 * the player's profiles change.
 */
export const $claimAvatar = createMutatorStore<ClaimAvatarRequest, MessageResponse>(
  async ({ data, revalidate, getCacheUpdater }) => {
    const answer = await sendJson('post', 'avatars/claim', data, messageResponseSchema);
    // The card reads CLAIMED! the moment the server said yes, not once the cards asked again arrive:
    // meanwhile a second press would only be told the avatar is already there.
    const [setCards, cards] = getCacheUpdater<AchievementsResponse>(ACHIEVEMENTS_KEY, false);
    if (cards) setCards(withClaimed(cards, data.achievementCardId));
    // Asked again while the cards stay on screen.
    revalidate([ACHIEVEMENTS_KEY, COLLECTION_KEY, OWN_PROFILE_KEY]);
    revalidate((key) => key.startsWith(PUBLIC_PROFILE_KEYS));
    return answer;
  },
);

const setActiveResponseSchema = z.object({
  message: z.optional(z.string()),
  activeAvatar: z.optional(z.nullable(activeAvatarSchema)),
});

/**
 * `POST /api/avatars/set-active`: the player's badge changes everywhere: the header (current
 * user), their profiles, the collection and the boards they are on.
 */
export const $setActiveAvatar = createMutatorStore<string, z.infer<typeof setActiveResponseSchema>>(
  async ({ data: avatarId, revalidate }) => {
    const answer = await sendJson('post', 'avatars/set-active', { avatarId }, setActiveResponseSchema);
    // Asked again while shown, so the header keeps the player's name and badge meanwhile.
    revalidate([ME_KEY, OWN_PROFILE_KEY, COLLECTION_KEY]);
    revalidate((key) => key.startsWith(PUBLIC_PROFILE_KEYS) || key.startsWith(LEADERBOARD_KEYS));
    return answer;
  },
);
