import type { APIRoute } from 'astro';
import { updateAccountRequestSchema } from '~/lib/schemas/account';
import { deleteAccountRequestSchema } from '~/lib/schemas/people';
import { services } from '~/server/app';
import { updateCountry } from '~/server/auth/accounts';
import { clearSessionCookie } from '~/server/auth/cookies';
import { deleteOwnAccount } from '~/server/auth/deletion';
import { requireUser } from '~/server/auth/locals';
import { afterStandingChange } from '~/server/moderation/standing';
import { countActiveSessions } from '~/server/auth/sessions';
import type { Services } from '~/server/context';
import type { UserRow } from '~/server/db/schema';
import { pageCache } from '~/server/middleware/page-cache';
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

/**
 * The player deletes their own account (`{ confirm: username }`): it is anonymised, every session
 * ends (this one too: the cookie goes) and their runs leave every board (README, "Your data").
 */
export const DELETE: APIRoute = ({ locals, request, cookies }) =>
  handle(async () => {
    const app = await services();
    const user = requireUser(locals, 'Sign in to delete your account.');
    const { confirm } = await readJson(request, deleteAccountRequestSchema);
    const summary = await deleteOwnAccount(app, user, confirm);
    clearSessionCookie(cookies, app.config.siteUrl);
    afterStandingChange(app.rankings, user.id);
    // Results pages name the player: every kept page is rendered again.
    pageCache.forgetAll();
    return json({
      message: 'Your account was deleted. Thank you for playing.',
      user: { id: user.id, deletedAt: new Date(summary.deletedAt).toISOString() },
    });
  });

export const ALL = methodNotAllowed('GET', 'PUT', 'DELETE');
