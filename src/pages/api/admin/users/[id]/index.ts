import type { APIRoute } from 'astro';
import { adminUserDetailQuerySchema } from '~/lib/schemas/people';
import { services } from '~/server/app';
import { deleteAccount } from '~/server/auth/deletion';
import { requireUser } from '~/server/auth/locals';
import { afterStandingChange } from '~/server/moderation/standing';
import { getAdminUserDetail } from '~/server/people/users';
import { handle, idParam, json, methodNotAllowed, parseWith } from '~/server/routes/http';
import { queryOf } from '~/server/routes/leaderboard-route';

export const prerender = false;

/** A player's page: account, sessions, one page of runs (`?runsPage=`), prizes and audit entries. */
export const GET: APIRoute = (context) =>
  handle(async () => {
    const id = idParam(context.params.id);
    const { runsPage } = parseWith(adminUserDetailQuerySchema, queryOf(context));
    return json(await getAdminUserDetail(await services(), id, runsPage));
  });

/** Delete the player's account on their request (403 for an administrator, 409 when already deleted). */
export const DELETE: APIRoute = (context) =>
  handle(async () => {
    const id = idParam(context.params.id);
    const app = await services();
    const summary = await deleteAccount(app, id, { kind: 'admin', actor: requireUser(context.locals) });
    afterStandingChange(app.rankings, id);
    return json({
      message: `Account #${id} was deleted: its runs stay anonymous and off every board.`,
      user: { id, deletedAt: new Date(summary.deletedAt).toISOString() },
    });
  });

export const ALL = methodNotAllowed('GET', 'DELETE');
