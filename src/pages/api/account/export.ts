import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { openAccountExport } from '~/server/auth/export';
import { requireUser } from '~/server/auth/locals';
import { handle, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

/**
 * The signed-in player's own data, one JSON file to keep (Account Settings, 'Download my data'),
 * streamed as it is read (README, "Your data").
 */
export const GET: APIRoute = ({ locals }) =>
  handle(async () => {
    const user = requireUser(locals, 'Sign in to download your data.');
    const app = await services();
    const day = new Date().toISOString().slice(0, 10);
    const body = await openAccountExport(app, user, { drained: locals.responseDrained });
    return new Response(body, {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        'content-disposition': `attachment; filename="sats-arcade-${user.username}-${day}.json"`,
      },
    });
  });

export const ALL = methodNotAllowed('GET');
