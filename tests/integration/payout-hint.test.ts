import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findPublicProfile } from '~/server/profiles/profiles';
import type { Wallet } from '~/server/tournaments/payouts/wallet';
import { addPlayer, DIALECTS, freshServices, type TestServices } from '../support/services';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 20, 12);

/** A wallet that is connected and never asked: the profile only reads whether the arcade can pay. */
const idleWallet: Wallet = {
  info: async () => ({ alias: 'test wallet', methods: ['pay_invoice', 'lookup_invoice'] }),
  pay: () => Promise.reject(new Error('a profile read must not pay')),
  lookup: () => Promise.reject(new Error('a profile read must not look payments up')),
  close: () => undefined,
};

describe.each(DIALECTS)('the "add a Lightning Address to get paid" hint on a profile, on %s', (dialect) => {
  let s: TestServices;
  let winner: number;
  let other: number;
  let tournamentId: number;

  beforeEach(async () => {
    s = await freshServices(dialect);
    s.wallet = idleWallet;
    winner = await addPlayer(s.db, 'satoshi_fan');
    other = await addPlayer(s.db, 'onlooker');
    ({ id: tournamentId } = await s.db
      .insertInto('tournaments')
      .values({
        name: 'Hint Cup',
        game_id: 'rekt',
        description: '',
        start_at: NOW - 25 * HOUR,
        end_at: NOW - HOUR,
        image_filename: null,
        first_place_sats: 5000,
        second_to_fifth_sats: 0,
        random_participant_sats: 0,
        report_content: '',
        created_at: NOW - 25 * HOUR,
        updated_at: NOW - 25 * HOUR,
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  });
  afterEach(async () => {
    await s.close();
  });

  async function award(values: {
    type?: 'bitcoin' | 'avatar';
    sats?: number;
    status?: 'pending' | 'sent';
    key?: string;
  }) {
    const { type = 'bitcoin', sats = 5000, status = 'pending', key = 'place' } = values;
    const { id } = await s.db
      .insertInto('prize_awards')
      .values({
        tournament_id: tournamentId,
        user_id: winner,
        prize_type: type,
        prize_value: type === 'bitcoin' ? sats : 0,
        avatar_id: null,
        award_reason: 'place_1',
        status,
        created_at: NOW,
        sent_at: status === 'sent' ? NOW : null,
        award_key: key,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }
  const hintFor = async (viewer: { id: number } | null) =>
    (await findPublicProfile(s, winner, viewer))!.addAddressToGetPaid;

  it('tells the winner, and only the winner, when a pending bitcoin prize waits for their Lightning Address', async () => {
    await award({});
    expect(await hintFor({ id: winner })).toBe(true);
    // Nobody else learns it: the field is absent, not false.
    const seenByOther = (await findPublicProfile(s, winner, { id: other }))!;
    expect('addAddressToGetPaid' in seenByOther).toBe(false);
    const seenSignedOut = (await findPublicProfile(s, winner, null))!;
    expect('addAddressToGetPaid' in seenSignedOut).toBe(false);
    expect(seenSignedOut.prizes).toHaveLength(1);
  });

  it('says no once the winner has a Lightning Address', async () => {
    await award({});
    await s.db.updateTable('users').set({ lightning_address: 'fan@getalby.com' }).where('id', '=', winner).execute();
    expect(await hintFor({ id: winner })).toBe(false);
  });

  it('says no when the arcade has no wallet to pay with', async () => {
    await award({});
    s.wallet = undefined;
    expect(await hintFor({ id: winner })).toBe(false);
  });

  it('says no when nothing is left to pay: a prize sent, an avatar, or 0 sats', async () => {
    expect(await hintFor({ id: winner })).toBe(false);
    await award({ status: 'sent' });
    await award({ type: 'avatar', key: 'laser-eyes' });
    await award({ sats: 0, key: 'random' });
    expect(await hintFor({ id: winner })).toBe(false);
    const rows = await s.db.selectFrom('prize_awards').select('status').where('user_id', '=', winner).execute();
    expect(rows).toHaveLength(3);
  });

  it('marks a prize paid over Lightning on the profile, and not one sent by hand', async () => {
    const paid = await award({ status: 'sent' });
    await award({ status: 'sent', key: 'random', sats: 100 });
    await s.db
      .updateTable('prize_awards')
      .set({ payout_state: 'sent', payout_paid_at: NOW })
      .where('id', '=', paid)
      .execute();
    const { prizes } = (await findPublicProfile(s, winner, null))!;
    expect(prizes!.map((p) => [p.prizeValue, p.status, p.paidOverLightning]).sort()).toEqual([
      [100, 'sent', false],
      [5000, 'sent', true],
    ]);
  });
});
