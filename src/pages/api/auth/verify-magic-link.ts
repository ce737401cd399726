import type { APIRoute } from 'astro';
import { verifyLinkRequestSchema } from '~/lib/schemas/user';
import { services } from '~/server/app';
import { magicLinkNeedsConfirmation, verifyMagicLink } from '~/server/auth/accounts';
import { setSessionCookie } from '~/server/auth/cookies';
import { requesterOf } from '~/server/auth/views';
import { getOwnProfile } from '~/server/profiles/profiles';
import { handle, json, methodNotAllowed, readJson } from '~/server/routes/http';

export const prerender = false;

/**
 * Sign in with a magic link's token: a same-origin POST from the landing page (never a GET, so no
 * other site can sign a visitor in by making their browser load an address). In the browser that
 * asked for the link it signs in at once; anywhere else it first answers whose account the link
 * opens, and signs in only when asked again with `confirm` (README, Accounts).
 */
export const POST: APIRoute = (context) =>
  handle(async () => {
    const app = await services();
    const { token, confirm } = await readJson(context.request, verifyLinkRequestSchema);
    const requester = requesterOf(context, app.config);
    if (!confirm) {
      const ask = await magicLinkNeedsConfirmation(app, token, requester);
      if (ask) return json({ confirm: { username: ask.username } });
    }
    const { user, session } = await verifyMagicLink(app, token, requester);
    setSessionCookie(context.cookies, session.token, session.expiresAt, app.config.siteUrl);
    // With the active avatar's image, as `GET /api/auth/me` gives it.
    return json({ user: (await getOwnProfile(app, user)).user });
  });

export const ALL = methodNotAllowed('POST');
