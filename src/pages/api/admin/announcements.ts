import type { APIRoute } from 'astro';
import { announceRequestSchema } from '~/lib/schemas/announcements';
import { plural } from '~/lib/format';
import { services } from '~/server/app';
import { requireUser } from '~/server/auth/locals';
import { announceGame, listAnnouncements } from '~/server/mail/announcements';
import { handle, json, methodNotAllowed, readJson } from '~/server/routes/http';

export const prerender = false;

/** The new-game announcements so far, with how many of their mails went out. */
export const GET: APIRoute = () =>
  handle(async () => json({ announcements: await listAnnouncements((await services()).db) }));

/** Announce a listed game: one mail queued for every player on the new-game list (README, "New-game mails"). */
export const POST: APIRoute = ({ locals, request }) =>
  handle(async () => {
    const app = await services();
    const { gameId } = await readJson(request, announceRequestSchema);
    const announced = await announceGame(app.db, requireUser(locals), gameId);
    // the mails go out now, one after another, beside this answer; the sweep retries any refused
    app.sendAnnouncementMails?.();
    return json(
      {
        recipients: announced.recipients,
        message: `${announced.gameName} is announced: ${plural(announced.recipients, 'mail')} queued, sent in the background.`,
      },
      201,
    );
  });

export const ALL = methodNotAllowed('GET', 'POST');
