import { ApiError, getJson, sendJson } from '../api';
import { signedOut } from '../auth-client';
import * as z from 'zod/mini';
import { FRESH, LEADERBOARD_KEYS, createMutatorStore, createQuery, mutateCache } from '../query';
import {
  accountResponseSchema,
  lightningAddressResponseSchema,
  signOutEverywhereResponseSchema,
  type AccountResponse,
} from '../schemas/account';
import { deleteAccountResponseSchema, type DeleteAccountResponse } from '../schemas/people';
import { setSignedOut } from './session';

/**
 * Account Settings' calls: the player's settings, saving the country, the new-games wish (also the
 * dashboard's NOTIFY ME), and signing out everywhere.
 */

const notifyNewGamesResponseSchema = z.object({ notifyNewGames: z.boolean(), message: z.string() });

/** `POST /api/account/sign-out-everywhere`: revokes every session of the player, this one included. */
export const $signOutEverywhere = createMutatorStore<void, { success: boolean; revoked: number }>(async () =>
  signedOut(await sendJson('post', 'account/sign-out-everywhere', {}, signOutEverywhereResponseSchema)),
);

/**
 * `DELETE /api/account { confirm }`: the player deletes their own account, typing their username to
 * confirm; the server ends every session, so the page is signed out with it.
 */
export const $deleteOwnAccount = createMutatorStore<string, DeleteAccountResponse>(async ({ data: confirm }) =>
  signedOut(await sendJson('delete', 'account', { confirm }, deleteAccountResponseSchema)),
);

export const ACCOUNT_KEY = 'account';

/** `GET /api/account`: the signed-in player's settings. A 401 means the session ended meanwhile. */
export const $account = createQuery(ACCOUNT_KEY, () => getJson(ACCOUNT_KEY, accountResponseSchema), {
  freshMs: FRESH.account,
  onError: (error) => {
    if (error instanceof ApiError && error.status === 401) setSignedOut();
  },
});

/**
 * `PUT /api/account`: saves the player's country (`XX` for unknown). The answer is the new account;
 * the player's country boards and ranks change with it.
 */
export const $saveAccountCountry = createMutatorStore<string, AccountResponse>(
  async ({ data: country, invalidate }) => {
    const account = await sendJson('put', ACCOUNT_KEY, { country }, accountResponseSchema);
    mutateCache(ACCOUNT_KEY, account);
    invalidate((key) => key.startsWith(LEADERBOARD_KEYS));
    return account;
  },
);

/** `PUT /api/account/notify-new-games`: record (or take back) the wish to hear of new games. */
export const $notifyNewGames = createMutatorStore<boolean, { notifyNewGames: boolean; message: string }>(
  async ({ data: wanted }) => {
    const answer = await sendJson('put', `${ACCOUNT_KEY}/notify-new-games`, { wanted }, notifyNewGamesResponseSchema);
    const account = $account.get().data;
    if (account) mutateCache(ACCOUNT_KEY, { ...account, notifyNewGames: answer.notifyNewGames });
    return answer;
  },
);

/** `PUT /api/account/lightning-address`: where prizes are paid ('' removes it). */
export const $saveLightningAddress = createMutatorStore<string, { lightningAddress: string | null; message: string }>(
  async ({ data: lightningAddress }) => {
    const answer = await sendJson(
      'put',
      `${ACCOUNT_KEY}/lightning-address`,
      { lightningAddress },
      lightningAddressResponseSchema,
    );
    const account = $account.get().data;
    if (account) mutateCache(ACCOUNT_KEY, { ...account, lightningAddress: answer.lightningAddress });
    return answer;
  },
);
