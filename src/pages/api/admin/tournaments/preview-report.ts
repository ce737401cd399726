import type { APIRoute } from 'astro';
import { reportPreviewRequestSchema } from '~/lib/schemas/admin';
import { handle, json, methodNotAllowed, readJson } from '~/server/routes/http';
import { TOURNAMENT_FORM_MAX_BYTES } from '~/server/routes/tournament-route';
import { renderReport } from '~/server/tournaments/report';

export const prerender = false;

/** The report editor's live preview: Markdown rendered by the same sanitising renderer as the results page. */
export const POST: APIRoute = ({ request }) =>
  handle(async () => {
    const { markdown } = await readJson(request, reportPreviewRequestSchema, TOURNAMENT_FORM_MAX_BYTES);
    return json({ html: await renderReport(markdown) });
  });

export const ALL = methodNotAllowed('POST');
