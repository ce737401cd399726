import type { APIRoute } from 'astro';
import { handle, json, methodNotAllowed } from '~/server/routes/http';
import { tournamentRoute } from '~/server/routes/tournament-route';
import { tournamentReport } from '~/server/tournaments/board';

export const prerender = false;

/** A tournament's post-mortem report: its Markdown and the sanitised HTML. */
export const GET: APIRoute = (context) =>
  handle(async () => {
    const { app, id } = await tournamentRoute(context);
    return json(await tournamentReport(app.db, id));
  });

export const ALL = methodNotAllowed('GET');
