import type { APIRoute } from 'astro';
import { claimAvatarRequestSchema } from '~/lib/schemas/avatars';
import { services } from '~/server/app';
import { requireUser } from '~/server/auth/locals';
import { claimAchievementAvatar } from '~/server/avatars/claims';
import { handle, json, methodNotAllowed, readJson } from '~/server/routes/http';

export const prerender = false;

export const POST: APIRoute = ({ locals, request }) =>
  handle(async () => {
    const app = await services();
    const user = requireUser(locals);
    const claim = await readJson(request, claimAvatarRequestSchema);
    return json(await claimAchievementAvatar(app, user.id, claim));
  });

export const ALL = methodNotAllowed('POST');
