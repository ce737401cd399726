import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { exportAccount } from '~/server/auth/export';
import { requireUser } from '~/server/auth/locals';
import { handle, json, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

/** The signed-in player's own data, as a JSON file to keep (Account Settings, 'Download my data'). */
export const GET: APIRoute = ({ locals }) =>
  handle(async () => {
    const user = requireUser(locals, 'Sign in to download your data.');
    const app = await services();
    const day = new Date().toISOString().slice(0, 10);
    return json(await exportAccount(app, user), 200, {
      'content-disposition': `attachment; filename="sats-arcade-${user.username}-${day}.json"`,
    });
  });

export const ALL = methodNotAllowed('GET');
