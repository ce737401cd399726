import type { APIRoute } from 'astro';
import { updateAccountRequestSchema } from '~/lib/schemas/account';
import { services } from '~/server/app';
import { updateCountry } from '~/server/auth/accounts';
import { requireUser } from '~/server/auth/locals';
import { countActiveSessions } from '~/server/auth/sessions';
import type { Services } from '~/server/context';
import type { UserRow } from '~/server/db/schema';
import { getOwnProfile } from '~/server/profiles/profiles';
import { handle, json, methodNotAllowed, readJson } from '~/server/routes/http';

export const prerender = false;

async function accountView(app: Services, user: UserRow) {
  return {
    user: (await getOwnProfile(app, user)).user,
    country: user.country,
    memberSince: new Date(user.created_at).toISOString(),
    activeSessions: await countActiveSessions(app.db, user.id),
    notifyNewGames: user.notify_new_games_at !== null,
    lightningAddress: user.lightning_address,
  };
}

export const GET: APIRoute = ({ locals }) =>
  handle(async () => {
    const app = await services();
    return json(await accountView(app, requireUser(locals)));
  });

export const PUT: APIRoute = ({ locals, request }) =>
  handle(async () => {
    const app = await services();
    const user = requireUser(locals);
    const { country } = await readJson(request, updateAccountRequestSchema);
    const updated = await updateCountry(app, user.id, country);
    return json(await accountView(app, updated));
  });

export const ALL = methodNotAllowed('GET', 'PUT');
