import { CARDS } from '~/lib/achievements';
import {
  avatarIdFromName,
  type AdminAvatar,
  type CreateAvatarRequest,
  type DeleteAvatarResponse,
  type UpdateAvatarRequest,
} from '~/lib/schemas/admin';
import { defaultAvatarImage } from '~/lib/schemas/avatars';
import { byRarityThenName } from './collection';
import { isUniqueViolation } from '../db/errors';
import { driverOf, type Db } from '../db';
import type { AvatarRow } from '../db/schema';
import { badRequest, conflict, notFound } from '../shared/errors';
import { recordAudit, type Actor } from '../shared/audit';

/** The avatars the achievement cards give: claims need them, so they are never retired or removed. */
const CARD_REWARDS = new Set(CARDS.map((card) => card.reward.avatarId));

function view(row: AvatarRow, owners: number): AdminAvatar {
  return {
    id: row.id,
    avatarId: row.avatar_id,
    name: row.name,
    description: row.description,
    imageUrl: row.image_url,
    rarity: row.rarity,
    category: row.category,
    isActive: row.is_active === 1,
    owners,
    cardReward: CARD_REWARDS.has(row.avatar_id),
  };
}

async function countOwners(db: Db, avatarId: string): Promise<number> {
  const row = await db
    .selectFrom('player_avatars')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('avatar_id', '=', avatarId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The avatar's row, or a 404; `forUpdate` locks it until the transaction ends. */
async function getAvatarRow(db: Db, id: number, forUpdate = false): Promise<AvatarRow> {
  const query = db.selectFrom('avatars').selectAll().where('id', '=', id);
  const row = await (forUpdate ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw notFound(`There is no avatar with id ${id}.`);
  return row;
}

/** The whole collection, retired avatars included, rarest first then by name, with owner counts. */
export async function listAdminAvatars(db: Db): Promise<AdminAvatar[]> {
  const [rows, counts] = await Promise.all([
    db.selectFrom('avatars').selectAll().execute(),
    db
      .selectFrom('player_avatars')
      .select(['avatar_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('avatar_id')
      .execute(),
  ]);
  const owners = new Map(counts.map((c) => [c.avatar_id, Number(c.n)]));
  return rows.sort(byRarityThenName).map((row) => view(row, owners.get(row.avatar_id) ?? 0));
}

/**
 * Add an avatar. Its avatarId is made from the name (`avatarIdFromName`) and can never change; a sent
 * avatarId must be that one. 400 for a name without a letter or digit, 409 for an id in use.
 */
export async function createAvatar(
  db: Db,
  actor: Actor,
  input: CreateAvatarRequest,
  now = Date.now(),
): Promise<AdminAvatar> {
  const avatarId = avatarIdFromName(input.name);
  if (!avatarId) throw badRequest('The name needs at least one letter or digit: the avatar id is made from it.');
  if (input.avatarId !== undefined && input.avatarId !== avatarId) {
    throw badRequest(
      `The avatar id is made from the name: "${input.name}" gives "${avatarId}", not "${input.avatarId}".`,
    );
  }
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('avatars')
        .values({
          avatar_id: avatarId,
          name: input.name,
          description: input.description ?? '',
          image_url: input.imageUrl || defaultAvatarImage(avatarId),
          rarity: input.rarity ?? 'common',
          category: input.category ?? 'achievement',
          is_active: input.isActive === false ? 0 : 1,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(
        trx,
        actor,
        {
          action: 'avatar.create',
          targetType: 'avatar',
          targetId: avatarId,
          details: {
            name: row.name,
            rarity: row.rarity,
            category: row.category,
            imageUrl: row.image_url,
            isActive: row.is_active === 1,
          },
        },
        now,
      );
      return view(row, 0);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(`An avatar with the id "${avatarId}" already exists. Choose another name.`);
    throw error;
  }
}

/** Change an avatar's name, description, image, rarity, category or state; never its avatarId. */
export async function updateAvatar(
  db: Db,
  actor: Actor,
  id: number,
  input: UpdateAvatarRequest,
  now = Date.now(),
): Promise<AdminAvatar> {
  return db.transaction().execute(async (trx) => {
    const before = await getAvatarRow(trx, id);
    if (input.avatarId !== undefined && input.avatarId !== before.avatar_id)
      throw badRequest('The avatar id cannot be changed once the avatar exists.');
    if (input.isActive === false && CARD_REWARDS.has(before.avatar_id)) {
      throw conflict(`${before.name} is an achievement card's reward, so it stays active: players claim it.`);
    }
    const changes = {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.imageUrl !== undefined && { image_url: input.imageUrl }),
      ...(input.rarity !== undefined && { rarity: input.rarity }),
      ...(input.category !== undefined && { category: input.category }),
      ...(input.isActive !== undefined && { is_active: input.isActive ? 1 : 0 }),
    };
    const row = Object.keys(changes).length
      ? await trx.updateTable('avatars').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow()
      : before;
    const changed = Object.fromEntries(
      Object.entries(changes).filter(([key, value]) => before[key as keyof AvatarRow] !== value),
    );
    await recordAudit(
      trx,
      actor,
      { action: 'avatar.update', targetType: 'avatar', targetId: row.avatar_id, details: { changed } },
      now,
    );
    return view(row, await countOwners(trx, row.avatar_id));
  });
}

/**
 * Remove an avatar nobody owns. One that players own, or that a tournament offers or awarded, is
 * retired instead (inactive: never awarded again, still theirs), and the answer says so; an
 * achievement card's reward is neither (409).
 */
export async function deleteAvatar(db: Db, actor: Actor, id: number, now = Date.now()): Promise<DeleteAvatarResponse> {
  const postgres = driverOf(db).dialect === 'postgres';
  return db.transaction().execute(async (trx) => {
    // Locked first on PostgreSQL: a prize, claim or tournament reward that references the avatar
    // meanwhile either committed before (and is counted below, so the avatar is retired) or waits
    // for this change (and then finds the avatar gone), never to be deleted with it by the cascade.
    // SQLite runs one transaction at a time.
    const row = await getAvatarRow(trx, id, postgres);
    if (CARD_REWARDS.has(row.avatar_id))
      throw conflict(`${row.name} is an achievement card's reward: players claim it, so it cannot be deleted.`);
    const owners = await countOwners(trx, row.avatar_id);
    const [rewards, awards] = await Promise.all([
      trx
        .selectFrom('tournament_avatar_rewards')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('avatar_id', '=', row.avatar_id)
        .executeTakeFirstOrThrow(),
      trx
        .selectFrom('prize_awards')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('avatar_id', '=', row.avatar_id)
        .executeTakeFirstOrThrow(),
    ]);
    const inTournaments = Number(rewards.n) + Number(awards.n) > 0;
    if (owners > 0 || inTournaments) {
      const retired = await trx
        .updateTable('avatars')
        .set({ is_active: 0 })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(
        trx,
        actor,
        {
          action: 'avatar.retire',
          targetType: 'avatar',
          targetId: row.avatar_id,
          details: { name: row.name, owners, inTournaments },
        },
        now,
      );
      const why =
        owners === 1
          ? '1 player owns it'
          : owners > 1
            ? `${owners} players own it`
            : 'a tournament offers or awarded it';
      const stays = owners > 0 ? 'It stays in their collections and is no longer awarded.' : 'It is no longer awarded.';
      return {
        deleted: false,
        retired: true,
        message: `${row.name} was retired, not deleted: ${why}. ${stays}`,
        avatar: view(retired, owners),
      };
    }
    await trx.deleteFrom('avatars').where('id', '=', id).execute();
    await recordAudit(
      trx,
      actor,
      { action: 'avatar.delete', targetType: 'avatar', targetId: row.avatar_id, details: { name: row.name } },
      now,
    );
    return { deleted: true, retired: false, message: `${row.name} was deleted.`, avatar: null };
  });
}
