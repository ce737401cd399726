import {
  RARITY_ORDER,
  type ActiveAvatar,
  type AvatarCollectionResponse,
  type OwnedAvatar,
} from '~/lib/schemas/avatars';
import type { Services } from '../context';
import type { Db } from '../db';
import type { AvatarRow, UserRow } from '../db/schema';
import { forbidden, notFound } from '../shared/errors';

/** Rarest first (legendary, epic, rare, common), then by name: how every collection is listed. */
export function byRarityThenName(
  a: { rarity: AvatarRow['rarity']; name: string },
  b: { rarity: AvatarRow['rarity']; name: string },
): number {
  return RARITY_ORDER[b.rarity] - RARITY_ORDER[a.rarity] || a.name.localeCompare(b.name, 'en');
}

/** An avatar of the collection by id, or undefined. */
export function findAvatar(db: Db, avatarId: string): Promise<AvatarRow | undefined> {
  return db.selectFrom('avatars').selectAll().where('avatar_id', '=', avatarId).executeTakeFirst();
}

/** The active avatar as the header, banner and profile show it. */
export function activeAvatarView(
  row: Pick<AvatarRow, 'avatar_id' | 'name' | 'image_url' | 'description'>,
): ActiveAvatar {
  return { avatarId: row.avatar_id, avatarName: row.name, avatarImage: row.image_url, description: row.description };
}

/** The avatars a player owns (one indexed read), rarest first then by name. */
export async function listOwnedAvatars(db: Db, userId: number): Promise<OwnedAvatar[]> {
  const rows = await db
    .selectFrom('player_avatars as p')
    .innerJoin('avatars as a', 'a.avatar_id', 'p.avatar_id')
    .select([
      'a.avatar_id',
      'a.name',
      'a.image_url',
      'a.rarity',
      'a.description',
      'a.category',
      'p.source',
      'p.acquired_at',
    ])
    .where('p.user_id', '=', userId)
    .execute();
  return rows.sort(byRarityThenName).map((row) => ({
    avatarId: row.avatar_id,
    avatarName: row.name,
    avatarImage: row.image_url,
    rarity: row.rarity,
    description: row.description,
    category: row.category,
    source: row.source,
    acquiredAt: new Date(Number(row.acquired_at)).toISOString(),
  }));
}

/** A player's collection and their active avatar's id (`GET /api/avatars/collection`). */
export async function getAvatarCollection(
  db: Db,
  user: Pick<UserRow, 'id' | 'active_avatar_id'>,
): Promise<AvatarCollectionResponse> {
  return { avatars: await listOwnedAvatars(db, user.id), activeAvatarId: user.active_avatar_id };
}

/** The player's active avatar, or null (no query when they have none). */
export async function findActiveAvatar(db: Db, user: Pick<UserRow, 'active_avatar_id'>): Promise<ActiveAvatar | null> {
  if (!user.active_avatar_id) return null;
  const row = await db
    .selectFrom('avatars')
    .select(['avatar_id', 'name', 'image_url', 'description'])
    .where('avatar_id', '=', user.active_avatar_id)
    .executeTakeFirst();
  return row ? activeAvatarView(row) : null;
}

/**
 * Make `avatarId` the player's active avatar. Ownership is checked by the update itself (it
 * changes the row only while the player owns the avatar), so no claim or removal can slip in
 * between a check and the write. The leaderboards learn of the change (their rows show it).
 * 404 for an avatar the arcade does not have, 403 for one the player does not own.
 */
export async function setActiveAvatar(
  services: Services,
  userId: number,
  avatarId: string,
  now = Date.now(),
): Promise<ActiveAvatar> {
  const { db } = services;
  const result = await db
    .updateTable('users')
    .set({ active_avatar_id: avatarId, avatar_changed_at: now })
    .where('id', '=', userId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('player_avatars')
          .select('avatar_id')
          .where('player_avatars.user_id', '=', userId)
          .where('player_avatars.avatar_id', '=', avatarId),
      ),
    )
    .executeTakeFirst();
  const avatar = await findAvatar(db, avatarId);
  if (!avatar) throw notFound(`There is no avatar "${avatarId}" in the arcade.`);
  if (Number(result.numUpdatedRows) === 0)
    throw forbidden(`${avatar.name} is not in your collection yet, so it cannot be your avatar.`);
  services.rankings.touchShown(userId);
  return activeAvatarView(avatar);
}
