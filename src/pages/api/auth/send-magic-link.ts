import type { APIRoute } from 'astro';
import { sendMagicLinkRequestSchema } from '~/lib/schemas/auth';
import { services } from '~/server/app';
import { SEND_LINK_MESSAGE, sendMagicLink } from '~/server/auth/accounts';
import { markSignInBrowser } from '~/server/auth/cookies';
import { requesterOf } from '~/server/auth/views';
import { handle, json, methodNotAllowed, readJson } from '~/server/routes/http';

export const prerender = false;

export const POST: APIRoute = (context) =>
  handle(async () => {
    const app = await services();
    const { email } = await readJson(context.request, sendMagicLinkRequestSchema);
    // The link signs in at once only in this browser (README, Accounts: login CSRF).
    await sendMagicLink(app, email, {
      ...requesterOf(context, app.config),
      browser: markSignInBrowser(context.cookies, app.config.siteUrl),
    });
    return json({ message: SEND_LINK_MESSAGE });
  });

export const ALL = methodNotAllowed('POST');
