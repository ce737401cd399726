import type { APIRoute } from 'astro';
import { draftReport } from '~/server/tournaments/draft-report';
import { handle, json, methodNotAllowed } from '~/server/routes/http';
import { tournamentRoute } from '~/server/routes/tournament-route';

export const prerender = false;

/** A Markdown draft of the report from the tournament's data, for the editor ('Draft report'). */
export const GET: APIRoute = (context) =>
  handle(async () => {
    const { app, id } = await tournamentRoute(context);
    return json({ markdown: await draftReport(app.db, id) });
  });

export const ALL = methodNotAllowed('GET');
