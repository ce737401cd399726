import type { APIRoute } from 'astro';
import { createAvatarRequestSchema } from '~/lib/schemas/admin';
import { createAvatar, listAdminAvatars } from '~/server/avatars/manage';
import { services } from '~/server/app';
import { requireUser } from '~/server/auth/locals';
import { handle, json, methodNotAllowed, readJson } from '~/server/routes/http';

export const prerender = false;

/** The whole collection, retired avatars included (administrators only: the middleware guards `/api/admin`). */
export const GET: APIRoute = () =>
  handle(async () => {
    const app = await services();
    return json({ avatars: await listAdminAvatars(app.db) });
  });

/** Add an avatar; its avatarId is made from the name. */
export const POST: APIRoute = ({ locals, request }) =>
  handle(async () => {
    const app = await services();
    const actor = requireUser(locals);
    const input = await readJson(request, createAvatarRequestSchema);
    return json({ avatar: await createAvatar(app.db, actor, input) }, 201);
  });

export const ALL = methodNotAllowed('GET', 'POST');
