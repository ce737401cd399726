import { getJson, sendFile, sendJson } from '../api';
import { createMutatorStore, createQuery, storeFamily } from '../query';
import { SECOND } from '../time';
import {
  adminAvatarListSchema,
  adminAvatarSchema,
  bulkDistributeResponseSchema,
  draftReportResponseSchema,
  reportPreviewResponseSchema,
  prizeResponseSchema,
  processWinnersResponseSchema,
  winnersResponseSchema,
  type BulkDistributeResponse,
  type PrizeResponse,
  type ProcessWinnersResponse,
  type WinnersResponse,
  deleteAvatarResponseSchema,
  uploadResponseSchema,
  type AdminAvatar,
  type CreateAvatarRequest,
  type DeleteAvatarResponse,
  type UpdateAvatarRequest,
  type UploadFolder,
  type UploadResponse,
} from '../schemas/admin';
import * as z from 'zod/mini';
import {
  payAllResponseSchema,
  payPrizeResponseSchema,
  stuckPaymentSchema,
  type PayAllResponse,
  type PayPrizeResponse,
  type StuckPayment,
} from '../schemas/payouts';
import {
  adminTournamentListResponseSchema,
  adminTournamentResponseSchema,
  type AdminTournament,
} from '../schemas/tournament';
import type { TournamentForm } from '../schemas/tournament-input';

/**
 * The admin room's actions. Each answers with what changed and the collection as it is now, so
 * the page shows the server's own list after every change.
 */

export const ADMIN_AVATARS_KEY = 'admin/avatar-collection';
const avatarAnswer = z.object({ avatar: adminAvatarSchema });

const listAvatars = async () => (await getJson(ADMIN_AVATARS_KEY, adminAvatarListSchema)).avatars;

/** `POST /api/admin/avatar-collection` or `PUT /api/admin/avatar-collection/{id}` (with `id`). */
export const $saveAvatar = createMutatorStore<
  { id?: number; values: CreateAvatarRequest | UpdateAvatarRequest },
  { avatar: AdminAvatar; avatars: AdminAvatar[] }
>(async ({ data: { id, values } }) => {
  const { avatar } =
    id === undefined
      ? await sendJson('post', ADMIN_AVATARS_KEY, values, avatarAnswer)
      : await sendJson('put', `${ADMIN_AVATARS_KEY}/${id}`, values, avatarAnswer);
  return { avatar, avatars: await listAvatars() };
});

/** `DELETE /api/admin/avatar-collection/{id}`: removed, or retired when players own it. */
export const $deleteAvatar = createMutatorStore<number, DeleteAvatarResponse & { avatars: AdminAvatar[] }>(
  async ({ data: id }) => {
    const answer = await sendJson('delete', `${ADMIN_AVATARS_KEY}/${id}`, undefined, deleteAvatarResponseSchema);
    return { ...answer, avatars: await listAvatars() };
  },
);

/** `POST /api/admin/uploads/{folder}?name=`: the image is checked, re-encoded and stored by the server. */
export const $uploadImage = createMutatorStore<{ folder: UploadFolder; file: File }, UploadResponse>(
  ({ data: { folder, file } }) =>
    sendFile(`admin/uploads/${folder}?name=${encodeURIComponent(file.name)}`, file, uploadResponseSchema),
);

// ---- Winners and prizes -----------------------------------------------------------------------

const winnersKey = (tournamentId: number) => `admin/tournaments/${tournamentId}/winners`;
const loadWinners = (tournamentId: number) => getJson(winnersKey(tournamentId), winnersResponseSchema);

/** `POST /api/admin/tournaments/{id}/process-winners`, then the winners as they are now. */
export const $processWinners = createMutatorStore<number, ProcessWinnersResponse & { winners: WinnersResponse }>(
  async ({ data: tournamentId }) => {
    const answer = await sendJson(
      'post',
      `admin/tournaments/${tournamentId}/process-winners`,
      {},
      processWinnersResponseSchema,
    );
    return { ...answer, winners: await loadWinners(tournamentId) };
  },
);

/** `POST /api/admin/tournaments/prizes/{prizeId}/distribute` with an optional proof, then the winners. */
export const $distributePrize = createMutatorStore<
  { tournamentId: number; prizeId: number; paymentProof: string },
  PrizeResponse & { winners: WinnersResponse }
>(async ({ data: { tournamentId, prizeId, paymentProof } }) => {
  const answer = await sendJson(
    'post',
    `admin/tournaments/prizes/${prizeId}/distribute`,
    { paymentProof: paymentProof.trim() || null },
    prizeResponseSchema,
  );
  return { ...answer, winners: await loadWinners(tournamentId) };
});

/** `POST /api/admin/tournaments/{id}/bulk-distribute-avatar`, then the winners. */
export const $bulkDistributeAvatar = createMutatorStore<
  { tournamentId: number; avatarId: string },
  BulkDistributeResponse & { winners: WinnersResponse }
>(async ({ data: { tournamentId, avatarId } }) => {
  const answer = await sendJson(
    'post',
    `admin/tournaments/${tournamentId}/bulk-distribute-avatar`,
    { avatarId },
    bulkDistributeResponseSchema,
  );
  return { ...answer, winners: await loadWinners(tournamentId) };
});

/** While a prize is paying, the winners screen asks for the winners this often, until the wallet has answered. */
export const PAYING_REFETCH = 3 * SECOND;

/**
 * `GET /api/admin/tournaments/{id}/winners`, asked again every {@link PAYING_REFETCH} while an
 * island listens: the winners screen listens only while a prize is paying (the page itself is
 * rendered with the winners, and every action answers with them).
 */
export const winnersStore = storeFamily(winnersKey, (tournamentId: number, key) =>
  createQuery(key, () => loadWinners(tournamentId), { freshMs: 0, refetchEveryMs: PAYING_REFETCH }),
);

/**
 * `POST /api/admin/tournaments/prizes/{prizeId}/pay`: pay a pending bitcoin prize over Lightning
 * (sent, failed with the reason, or still paying), then the winners.
 */
export const $payPrize = createMutatorStore<
  { tournamentId: number; prizeId: number },
  PayPrizeResponse & { winners: WinnersResponse }
>(async ({ data: { tournamentId, prizeId } }) => {
  const answer = await sendJson('post', `admin/tournaments/prizes/${prizeId}/pay`, {}, payPrizeResponseSchema);
  return { ...answer, winners: await loadWinners(tournamentId) };
});

/** `POST /api/admin/tournaments/{id}/pay-all`: every payable bitcoin prize, one after the other, then the winners. */
export const $payAll = createMutatorStore<number, PayAllResponse & { winners: WinnersResponse }>(
  async ({ data: tournamentId }) => {
    const answer = await sendJson('post', `admin/tournaments/${tournamentId}/pay-all`, {}, payAllResponseSchema);
    return { ...answer, winners: await loadWinners(tournamentId) };
  },
);

/** `GET /api/admin/tournaments/prizes/{prizeId}/payment`: a payment stuck paying, and what the wallet says of it. */
export const $stuckPayment = createMutatorStore<number, StuckPayment>(async ({ data: prizeId }) =>
  getJson(`admin/tournaments/prizes/${prizeId}/payment`, stuckPaymentSchema),
);

/** `POST /api/admin/tournaments/prizes/{prizeId}/settle { outcome }`, then the winners. */
export const $settlePayment = createMutatorStore<
  { tournamentId: number; prizeId: number; outcome: 'paid' | 'failed' },
  PayPrizeResponse & { winners: WinnersResponse }
>(async ({ data: { tournamentId, prizeId, outcome } }) => {
  const answer = await sendJson(
    'post',
    `admin/tournaments/prizes/${prizeId}/settle`,
    { outcome },
    payPrizeResponseSchema,
  );
  return { ...answer, winners: await loadWinners(tournamentId) };
});

// ---- Tournaments --------------------------------------------------------------------------------

const ADMIN_TOURNAMENTS_KEY = 'admin/tournaments';
const listTournaments = async () =>
  (await getJson(ADMIN_TOURNAMENTS_KEY, adminTournamentListResponseSchema)).tournaments;

/** `POST /api/admin/tournaments` or `PUT /api/admin/tournaments/{id}` (with `id`), then every tournament. */
export const $saveTournament = createMutatorStore<
  { id?: number; form: TournamentForm },
  { tournament: AdminTournament; tournaments: AdminTournament[] }
>(async ({ data: { id, form } }) => {
  const { tournament } =
    id === undefined
      ? await sendJson('post', ADMIN_TOURNAMENTS_KEY, form, adminTournamentResponseSchema)
      : await sendJson('put', `${ADMIN_TOURNAMENTS_KEY}/${id}`, form, adminTournamentResponseSchema);
  return { tournament, tournaments: await listTournaments() };
});

/**
 * `DELETE /api/admin/tournaments/{id}` (with `following`: also the later ones of its series, which
 * stops), then every tournament.
 */
export const $deleteTournament = createMutatorStore<
  { id: number; following?: boolean },
  { message: string; tournaments: AdminTournament[] }
>(async ({ data: { id, following } }) => {
  const { message } = await sendJson(
    'delete',
    `${ADMIN_TOURNAMENTS_KEY}/${id}${following ? '?following=1' : ''}`,
    undefined,
    z.object({ message: z.string() }),
  );
  return { message, tournaments: await listTournaments() };
});

/** `POST /api/admin/tournaments/{id}/end`: an active tournament ends now; then every tournament. */
export const $endTournament = createMutatorStore<
  number,
  { message: string; tournament: AdminTournament; tournaments: AdminTournament[] }
>(async ({ data: id }) => {
  const { message, tournament } = await sendJson(
    'post',
    `${ADMIN_TOURNAMENTS_KEY}/${id}/end`,
    {},
    adminTournamentResponseSchema,
  );
  return { message: message ?? `"${tournament.name}" ended.`, tournament, tournaments: await listTournaments() };
});

/** `POST /api/admin/tournaments/preview-report`: the report's Markdown as the results page will show it. */
export const $previewReport = createMutatorStore<string, string>(
  async ({ data: markdown }) =>
    (await sendJson('post', `${ADMIN_TOURNAMENTS_KEY}/preview-report`, { markdown }, reportPreviewResponseSchema)).html,
);

/** `GET /api/admin/tournaments/{id}/draft-report`: a Markdown draft from the tournament's data. */
export const $draftReport = createMutatorStore<number, string>(
  async ({ data: id }) =>
    (await getJson(`${ADMIN_TOURNAMENTS_KEY}/${id}/draft-report`, draftReportResponseSchema)).markdown,
);
