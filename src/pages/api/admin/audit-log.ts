import type { APIRoute } from 'astro';
import { listAudit } from '~/server/shared/audit';
import { services } from '~/server/app';
import { handle, idParam, json, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

/** The newest 100 administrator writes, of one tournament with `?tournamentId=`. */
export const GET: APIRoute = ({ url }) =>
  handle(async () => {
    const app = await services();
    const raw = url.searchParams.get('tournamentId');
    const tournamentId = raw === null ? undefined : idParam(raw, 'tournament id');
    return json({ entries: await listAudit(app.db, { tournamentId }) });
  });

export const ALL = methodNotAllowed('GET');
