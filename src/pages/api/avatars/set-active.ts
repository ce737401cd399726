import type { APIRoute } from 'astro';
import { setActiveAvatarRequestSchema } from '~/lib/schemas/avatars';
import { services } from '~/server/app';
import { requireUser } from '~/server/auth/locals';
import { setActiveAvatar } from '~/server/avatars/collection';
import { handle, json, methodNotAllowed, readJson } from '~/server/routes/http';

export const prerender = false;

export const POST: APIRoute = ({ locals, request }) =>
  handle(async () => {
    const app = await services();
    const user = requireUser(locals);
    const { avatarId } = await readJson(request, setActiveAvatarRequestSchema);
    const activeAvatar = await setActiveAvatar(app, user.id, avatarId);
    return json({ message: 'Your avatar has been updated successfully!', activeAvatar });
  });

export const ALL = methodNotAllowed('POST');
