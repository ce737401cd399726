import type { APIRoute } from 'astro';
import { updateAvatarRequestSchema } from '~/lib/schemas/admin';
import { deleteAvatar, updateAvatar } from '~/server/avatars/manage';
import { services } from '~/server/app';
import { requireUser } from '~/server/auth/locals';
import { handle, idParam, json, methodNotAllowed, readJson } from '~/server/routes/http';

export const prerender = false;

/** Change an avatar (never its avatarId). */
export const PUT: APIRoute = ({ locals, params, request }) =>
  handle(async () => {
    const app = await services();
    const actor = requireUser(locals);
    const id = idParam(params.id, 'avatar id');
    const input = await readJson(request, updateAvatarRequestSchema);
    return json({ avatar: await updateAvatar(app.db, actor, id, input) });
  });

/** Delete an avatar nobody owns; one that players own is retired, and the answer says which. */
export const DELETE: APIRoute = ({ locals, params }) =>
  handle(async () => {
    const app = await services();
    const actor = requireUser(locals);
    return json(await deleteAvatar(app.db, actor, idParam(params.id, 'avatar id')));
  });

export const ALL = methodNotAllowed('PUT', 'DELETE');
