import { getJson, sendJson } from '../api';
import { createMutatorStore } from '../query';
import { announceResponseSchema, announcementListSchema, type AnnouncementSummary } from '../schemas/announcements';

const ANNOUNCEMENTS_KEY = 'admin/announcements';

/** `POST /api/admin/announcements { gameId }`, then the list as the server has it now. */
export const $announceGame = createMutatorStore<
  string,
  { recipients: number; message: string; announcements: AnnouncementSummary[] }
>(async ({ data: gameId }) => {
  const answer = await sendJson('post', ANNOUNCEMENTS_KEY, { gameId }, announceResponseSchema);
  const { announcements } = await getJson(ANNOUNCEMENTS_KEY, announcementListSchema);
  return { ...answer, announcements };
});
