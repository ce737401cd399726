import { getJson, sendFile, sendJson } from '../api';
import { createMutatorStore } from '../query';
import {
  adminAvatarListSchema,
  adminAvatarSchema,
  deleteAvatarResponseSchema,
  uploadResponseSchema,
  type AdminAvatar,
  type CreateAvatarRequest,
  type DeleteAvatarResponse,
  type UpdateAvatarRequest,
  type UploadFolder,
  type UploadResponse,
} from '../schemas/admin';
import * as z from 'zod/mini';

/**
 * The admin room's actions. Each answers with what changed and the collection as it is now, so
 * the page shows the server's own list after every change.
 */

export const ADMIN_AVATARS_KEY = 'admin/avatar-collection';
const avatarAnswer = z.object({ avatar: adminAvatarSchema });

const listAvatars = async () => (await getJson(ADMIN_AVATARS_KEY, adminAvatarListSchema)).avatars;

/** `POST /api/admin/avatar-collection` or `PUT /api/admin/avatar-collection/{id}` (with `id`). */
export const $saveAvatar = createMutatorStore<{ id?: number; values: CreateAvatarRequest | UpdateAvatarRequest }, { avatar: AdminAvatar; avatars: AdminAvatar[] }>(
  async ({ data: { id, values } }) => {
    const { avatar } = id === undefined
      ? await sendJson('post', ADMIN_AVATARS_KEY, values, avatarAnswer)
      : await sendJson('put', `${ADMIN_AVATARS_KEY}/${id}`, values, avatarAnswer);
    return { avatar, avatars: await listAvatars() };
  },
);

/** `DELETE /api/admin/avatar-collection/{id}`: removed, or retired when players own it. */
export const $deleteAvatar = createMutatorStore<number, DeleteAvatarResponse & { avatars: AdminAvatar[] }>(async ({ data: id }) => {
  const answer = await sendJson('delete', `${ADMIN_AVATARS_KEY}/${id}`, undefined, deleteAvatarResponseSchema);
  return { ...answer, avatars: await listAvatars() };
});

/** `POST /api/admin/uploads/{folder}?name=`: the image is checked, re-encoded and stored by the server. */
export const $uploadImage = createMutatorStore<{ folder: UploadFolder; file: File }, UploadResponse>(({ data: { folder, file } }) =>
  sendFile(`admin/uploads/${folder}?name=${encodeURIComponent(file.name)}`, file, uploadResponseSchema),
);
