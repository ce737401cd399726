import { getJson, sendJson } from '../api';
import { createMutatorStore, createQuery, invalidateKeys, mutateCache, storeFamily } from '../query';
import { SECOND } from '../time';
import { banResponseSchema, hiddenRunResponseSchema } from '../schemas/moderation';
import {
  adminUserDetailSchema,
  adminUserSearchResponseSchema,
  deleteAccountResponseSchema,
  type AdminUserDetail,
} from '../schemas/people';

/**
 * User Management's calls (README, "Admin room"): the player search, a player's page, and the
 * actions on it (ban, unban, hide and restore a run, delete the account). Each action answers with
 * the server's message and the player's page as it is now, written into that page's store; the
 * search lists are asked again, as a ban or a deletion shows there.
 */

const USERS_KEY = 'admin/users';

/** The key of one search page: `admin/users?q=…&page=…`. */
export const userSearchKey = ({ q, page }: { q: string; page: number }) =>
  `${USERS_KEY}?q=${encodeURIComponent(q)}&page=${page}`;

/** `GET /api/admin/users?q=&page=`: players whose name, e-mail or id matches, 50 a page. */
export const userSearchStore = storeFamily(userSearchKey, (_arg, key) =>
  createQuery(key, () => getJson(key, adminUserSearchResponseSchema), { freshMs: 10 * SECOND }),
);

/** The key of one page of a player's page: `admin/users/{id}?runsPage=…`. */
export const playerKey = ({ id, runsPage }: { id: number; runsPage: number }) =>
  `${USERS_KEY}/${id}?runsPage=${runsPage}`;

const loadPlayer = (key: string) => getJson(key, adminUserDetailSchema);

/** `GET /api/admin/users/{id}?runsPage=`: the player's account, sessions, a page of runs, prizes and audit entries. */
export const playerStore = storeFamily(playerKey, (_arg, key) =>
  createQuery(key, () => loadPlayer(key), { freshMs: 10 * SECOND }),
);

/** What each action on a player's page answers: the server's message and the page as it is now. */
export interface PlayerActionResult {
  message: string;
  detail: AdminUserDetail;
}

/** The player's page again after a change, written into its store; every other of their pages and the search asked again. */
async function afterChange(id: number, runsPage: number, message: string): Promise<PlayerActionResult> {
  const key = playerKey({ id, runsPage });
  const detail = await loadPlayer(key);
  invalidateKeys((k) => k.startsWith(`${USERS_KEY}?`) || (k.startsWith(`${USERS_KEY}/${id}?`) && k !== key));
  mutateCache(key, detail);
  return { message, detail };
}

interface OnPlayer {
  id: number;
  runsPage: number;
}

/** `POST /api/admin/users/{id}/ban { reason }`. */
export const $banPlayer = createMutatorStore<OnPlayer & { reason: string }, PlayerActionResult>(
  async ({ data: { id, runsPage, reason } }) => {
    const { message } = await sendJson('post', `${USERS_KEY}/${id}/ban`, { reason }, banResponseSchema);
    return afterChange(id, runsPage, message);
  },
);

/** `POST /api/admin/users/{id}/unban`. */
export const $unbanPlayer = createMutatorStore<OnPlayer, PlayerActionResult>(async ({ data: { id, runsPage } }) => {
  const { message } = await sendJson('post', `${USERS_KEY}/${id}/unban`, {}, banResponseSchema);
  return afterChange(id, runsPage, message);
});

/** `POST /api/admin/runs/{runId}/hide { reason }`. */
export const $hideRun = createMutatorStore<OnPlayer & { runId: number; reason: string }, PlayerActionResult>(
  async ({ data: { id, runsPage, runId, reason } }) => {
    const { message } = await sendJson('post', `admin/runs/${runId}/hide`, { reason }, hiddenRunResponseSchema);
    return afterChange(id, runsPage, message);
  },
);

/** `POST /api/admin/runs/{runId}/restore`. */
export const $restoreRun = createMutatorStore<OnPlayer & { runId: number }, PlayerActionResult>(
  async ({ data: { id, runsPage, runId } }) => {
    const { message } = await sendJson('post', `admin/runs/${runId}/restore`, {}, hiddenRunResponseSchema);
    return afterChange(id, runsPage, message);
  },
);

/** `DELETE /api/admin/users/{id}`: the player's account is deleted on their request. */
export const $deletePlayer = createMutatorStore<OnPlayer, PlayerActionResult>(async ({ data: { id, runsPage } }) => {
  const { message } = await sendJson('delete', `${USERS_KEY}/${id}`, undefined, deleteAccountResponseSchema);
  return afterChange(id, runsPage, message);
});
