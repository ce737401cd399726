import type { APIRoute } from 'astro';
import { draftReport } from '../../../../../server/admin/draft-report';
import { handle, json, methodNotAllowed } from '../../../../../server/http';
import { tournamentRoute } from '../../../../../server/tournaments/api';

export const prerender = false;

/** A Markdown draft of the report from the tournament's data, for the editor ('Draft report'). */
export const GET: APIRoute = (context) =>
  handle(async () => {
    const { app, id } = await tournamentRoute(context);
    return json({ markdown: await draftReport(app.db, id) });
  });

export const ALL = methodNotAllowed('GET');
