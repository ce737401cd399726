import type { APIRoute } from 'astro';
import { registerRequestSchema } from '~/lib/schemas/auth';
import { services } from '~/server/app';
import { registerUser } from '~/server/auth/accounts';
import { markSignInBrowser } from '~/server/auth/cookies';
import { requesterOf } from '~/server/auth/views';
import { handle, json, methodNotAllowed, readJson } from '~/server/routes/http';

export const prerender = false;

export const POST: APIRoute = (context) =>
  handle(async () => {
    const app = await services();
    const input = await readJson(context.request, registerRequestSchema);
    // The link signs in at once only in this browser (README, Accounts: login CSRF).
    await registerUser(app, input, {
      ...requesterOf(context, app.config),
      browser: markSignInBrowser(context.cookies, app.config.siteUrl),
    });
    return json({ message: 'Check your email for a magic link to sign in and start playing.' }, 201);
  });

export const ALL = methodNotAllowed('POST');
