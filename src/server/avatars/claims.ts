import { computeAchievements, findCard } from '~/lib/achievements';
import type { ClaimAvatarRequest } from '~/lib/schemas/avatars';
import { getAchievementFacts } from '../achievements/achievements';
import type { Services } from '../context';
import { AppError, badRequest, conflict, notFound } from '../shared/errors';
import { findAvatar } from './collection';

/**
 * Claim the reward avatar of a completed achievement card. The server decides from the player's
 * own data: the card must exist (404), the avatar must be its reward (400, name and image too when
 * given), every achievement of the card must be unlocked (409) and the avatar not owned yet (409).
 * The insert is keyed on player and avatar, so two claims at once give one avatar; the second is
 * told it is already there.
 */
export async function claimAchievementAvatar(
  services: Services,
  userId: number,
  claim: ClaimAvatarRequest,
  now = Date.now(),
): Promise<{ message: string }> {
  const card = findCard(claim.achievementCardId);
  if (!card) throw notFound(`There is no achievement card "${claim.achievementCardId}".`);
  const avatar = await findAvatar(services.db, card.reward.avatarId);
  if (!avatar)
    throw new AppError(503, `The reward of ${card.title} is not available right now. Please try again later.`);
  if (claim.avatarId !== avatar.avatar_id)
    throw badRequest(`The reward of ${card.title} is ${avatar.name}, not "${claim.avatarId}".`);
  if (claim.avatarName !== undefined && claim.avatarName !== avatar.name)
    throw badRequest(`The reward of ${card.title} is called ${avatar.name}, not "${claim.avatarName}".`);
  if (claim.avatarImage !== undefined && claim.avatarImage !== avatar.image_url)
    throw badRequest(`That is not the image of ${avatar.name}.`);

  const facts = await getAchievementFacts(services, userId);
  const state = computeAchievements(facts).cards.find((c) => c.id === card.id)!;
  if (state.claimed) throw conflict(`${avatar.name} is already in your collection.`);
  if (!state.completed) {
    throw conflict(
      `Complete every achievement of ${card.title} first: ${state.completedCount} of ${state.totalCount} unlocked.`,
    );
  }
  const inserted = await services.db
    .insertInto('player_avatars')
    .values({ user_id: userId, avatar_id: avatar.avatar_id, source: card.id, acquired_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'avatar_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0)
    throw conflict(`${avatar.name} is already in your collection.`);
  return { message: `${avatar.name} has joined your collection!` };
}
