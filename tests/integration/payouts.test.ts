import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decode } from 'light-bolt11-decoder';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '~/server/shared/config';
import { listAudit } from '~/server/shared/audit';
import { registry } from '~/server/shared/metrics';
import { nwcWallet, type Wallet } from '~/server/tournaments/payouts/wallet';
import { EXPIRY_GRACE_MS, payPrize, type PayoutServices } from '~/server/tournaments/payouts/payouts';
import { findStuckPayment, settleOpenPayouts, settleStuckPayment } from '~/server/tournaments/payouts/settling';
import { payAll, payAutomatically } from '~/server/tournaments/payouts/pay-all';
import { payoutProof } from '~/server/tournaments/payouts/proof';
import { banPlayer, unbanPlayer } from '~/server/moderation/bans';
import { WITHHELD_MESSAGE } from '~/server/tournaments/withheld';
import { tournamentResults } from '~/server/tournaments/results';
import { distributePrize, listWinners, processWinners } from '~/server/tournaments/winners';
import { startLightningNetwork, type LightningNetwork } from '../support/lightning/network';
import { addPlayer, appErrorOf, DIALECTS, freshServices, type TestServices } from '../support/services';

// Prizes paid over Lightning against the test network (README, "Lightning payouts"): a real nostr
// relay, a wallet on the SDK's wallet-service side whose ledger issues and settles signed BOLT11
// invoices, and an HTTPS LNURL-pay server for the winners' addresses. The arcade's NWC client,
// its encryption and its address resolution run for real.

const HOUR = 3_600_000;
const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

let net: LightningNetwork;
let caDir: string;
let caFile: string;

beforeAll(async () => {
  net = await startLightningNetwork({ balanceSats: 1_000_000, slowDelayMs: 20_000 });
  caDir = mkdtempSync(join(tmpdir(), 'payout-ca-'));
  caFile = join(caDir, 'ca.pem');
  writeFileSync(caFile, net.caPem);
});
afterAll(async () => {
  await net?.close();
  rmSync(caDir, { recursive: true, force: true });
});

/** Settings that send the test hosts to the LNURL server on this machine, trusting its CA. */
function payoutSettings(extra: Record<string, string> = {}) {
  return {
    NWC_URL: net.nwcUrl,
    LIGHTNING_ADDRESS_ALLOW_PRIVATE: 'true',
    LIGHTNING_ADDRESS_CONNECT_TO: net.lnurl.hosts.map((h) => `${h}=127.0.0.1:${net.lnurl.port}`).join(','),
    LIGHTNING_ADDRESS_CA_FILE: caFile,
    LIGHTNING_ADDRESS_TIMEOUT_SECONDS: '2',
    PAYOUT_WALLET_TIMEOUT_SECONDS: '3',
    ...extra,
  };
}

describe.each(DIALECTS)('Lightning payouts on %s', (dialect) => {
  let s: TestServices;
  let wallet: Wallet;
  let app: PayoutServices & TestServices;
  let admin: { id: number; username: string };
  let tournaments = 0;

  beforeEach(async () => {
    s = await freshServices(dialect, payoutSettings());
    wallet = nwcWallet(net.nwcUrl);
    app = { ...s, wallet };
    admin = { id: await addPlayer(s.db, 'root_admin'), username: 'root_admin' };
    net.wallet.setBalance(1_000_000);
  });
  afterEach(async () => {
    wallet.close();
    await s.close();
  });

  /**
   * A tournament that ended an hour ago with these players in this order (first wins), processed:
   * 1st gets 1,000 sats, 2nd-5th 500, no random prize. Each player's Lightning Address is the given
   * one (null: none). Returns the tournament id and each player's bitcoin prize id by name.
   */
  async function processedTournament(players: [name: string, address: string | null][]) {
    const end = Date.now() - HOUR;
    const start = end - 24 * HOUR;
    const { id } = await s.db
      .insertInto('tournaments')
      .values({
        name: `Pay Cup ${++tournaments}`,
        game_id: 'rekt',
        description: '',
        start_at: start,
        end_at: end,
        image_filename: null,
        first_place_sats: 1000,
        second_to_fifth_sats: 500,
        random_participant_sats: 0,
        report_content: '',
        created_at: start,
        updated_at: start,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const prizeOf: Record<string, number> = {};
    const userOf: Record<string, number> = {};
    for (const [i, [name, address]] of players.entries()) {
      const userId = await addPlayer(s.db, name);
      userOf[name] = userId;
      await s.db.updateTable('users').set({ lightning_address: address }).where('id', '=', userId).execute();
      await s.db
        .insertInto('tournament_entries')
        .values({
          tournament_id: id,
          user_id: userId,
          runs: 1,
          best_score: 10_000 - i * 100,
          best_level: 1,
          best_fish_count: 0,
          best_fish_json: null,
          best_reached_at: start + i,
          entered_at: start + i,
        })
        .execute();
    }
    await processWinners(s, admin, id);
    for (const prize of await s.db
      .selectFrom('prize_awards')
      .select(['id', 'user_id'])
      .where('tournament_id', '=', id)
      .where('prize_type', '=', 'bitcoin')
      .execute())
      prizeOf[Object.keys(userOf).find((n) => userOf[n] === prize.user_id)!] = prize.id;
    return { id, prizeOf, userOf };
  }

  const prizeRow = (id: number) =>
    s.db.selectFrom('prize_awards').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const budgetUsed = async () =>
    Number(
      (
        await s.db
          .selectFrom('payout_budget')
          .select('reserved_sats')
          .where('day', '=', new Date().toISOString().slice(0, 10))
          .executeTakeFirst()
      )?.reserved_sats ?? 0,
    );

  it('PAY pays the winner exactly the prize, keeps the proof, sends the prize and logs every step', async () => {
    const address = net.lnurl.address(`alice-${dialect}`);
    const { id, prizeOf, userOf } = await processedTournament([[`Alice_${dialect}`, address]]);
    const prizeId = prizeOf[`Alice_${dialect}`]!;
    const before = net.wallet.balanceSats();
    const metric = async (name: string, label?: string) =>
      (await registry.getSingleMetric(name)!.get()).values.find((v) => !label || v.labels.outcome === label)?.value ??
      0;
    const [satsBefore, sentBefore] = [
      await metric('arcade_payout_sats_total'),
      await metric('arcade_payouts_total', 'sent'),
    ];

    const answer = await payPrize(app, admin, prizeId);

    expect(answer.payout.state).toBe('sent');
    expect(answer.message).toBe(`1,000 sats paid to Alice_${dialect} over Lightning.`);
    const row = await prizeRow(prizeId);
    expect(row).toMatchObject({ status: 'sent', payout_state: 'sent', sent_by: admin.id });
    expect(sha256(row.payout_preimage!)).toBe(row.payout_hash);
    expect(row.payment_proof).toBe(row.payout_hash);
    // The invoice paid is for exactly the prize, and the address's node received it.
    const amount = decode(row.payout_invoice!).sections.find((x) => x.name === 'amount');
    expect(amount && 'value' in amount ? amount.value : null).toBe('1000000');
    expect(net.lnurl.receivedSats(address)).toBe(1000);
    expect(before - net.wallet.balanceSats()).toBeGreaterThanOrEqual(1000);
    expect(net.wallet.payRequestsFor(row.payout_hash!)).toBe(1);
    expect(await budgetUsed()).toBe(1000);
    expect(await metric('arcade_payout_sats_total')).toBe(satsBefore + 1000);
    expect(await metric('arcade_payouts_total', 'sent')).toBe(sentBefore + 1);
    expect(
      (await registry.getSingleMetric('arcade_wallet_request_duration_seconds')!.get()).values.length,
    ).toBeGreaterThan(0);
    const actions = (await listAudit(s.db, { tournamentId: id })).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['prize.pay.start', 'prize.pay.invoice', 'prize.pay.sent', 'tournament.process_winners']),
    );

    // Every screen sees it sent, and paid over Lightning.
    const winners = await listWinners(app, id);
    const prize = winners.winners[0]!.bitcoinPrizes[0]!;
    expect(prize.distributionStatus).toBe('sent');
    expect(prize.payout).toMatchObject({ state: 'sent', paymentHash: row.payout_hash, payable: false });
    expect((await tournamentResults(app, id)).bitcoinAwards[0]!.paidOverLightning).toBe(true);

    // The public proof: hash and preimage for all, the invoice for the winner and admins only.
    const stranger = await addPlayer(s.db, `Stranger_${dialect}`);
    const seen = await payoutProof(app, id, { id: stranger });
    expect(seen.prizes[0]).toMatchObject({
      method: 'lightning',
      sats: 1000,
      rank: 1,
      username: `Alice_${dialect}`,
      paymentHash: row.payout_hash,
      preimage: row.payout_preimage,
      invoice: null,
    });
    expect((await payoutProof(app, id, null)).prizes[0]!.invoice).toBeNull();
    expect((await payoutProof(app, id, { id: userOf[`Alice_${dialect}`]! })).prizes[0]!.invoice).toBe(
      row.payout_invoice,
    );

    // Paid prizes are not paid again, by Lightning or by hand.
    expect((await appErrorOf(payPrize(app, admin, prizeId)))[0]).toBe(409);
    expect((await appErrorOf(distributePrize(app, admin, prizeId)))[0]).toBe(409);
  });

  it('ten PAY clicks at once pay once', async () => {
    const address = net.lnurl.address(`bob-${dialect}`);
    const { prizeOf } = await processedTournament([[`Bob_${dialect}`, address]]);
    const prizeId = prizeOf[`Bob_${dialect}`]!;

    const answers = await Promise.allSettled(Array.from({ length: 10 }, () => payPrize(app, admin, prizeId)));

    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    expect(answers.filter((a) => a.status === 'rejected')).toHaveLength(9);
    const row = await prizeRow(prizeId);
    expect(row.payout_state).toBe('sent');
    expect(net.wallet.payRequestsFor(row.payout_hash!)).toBe(1);
    expect(net.lnurl.receivedSats(address)).toBe(1000);
    expect(await budgetUsed()).toBe(1000);
  });

  it.each([
    ['wrong-amount', /answered an invoice for \d+ sats, not 1000 sats/],
    ['expired', /answered an invoice that has expired/],
    ['malformed', /answered an invoice that cannot be read/],
    ['bad-hash', /does not match its own metadata/],
    ['no-invoice', /answered no invoice/],
    ['garbage', /not JSON/],
    ['huge', /more than 64 KB/],
    ['slow', /did not answer within 2 s/],
    ['redirect-private', /redirected to another host \(127\.0\.0\.1(:\d+)?\)/],
  ] as const)(
    'an address answering %s fails the payout with the reason, pays nothing, and RETRY pays',
    async (behaviour, reason) => {
      const name = `${behaviour}-${dialect}`;
      net.lnurl.setBehaviour(name, behaviour);
      const address = net.lnurl.address(name);
      const { prizeOf } = await processedTournament([[`Carol_${dialect}`, address]]);
      const prizeId = prizeOf[`Carol_${dialect}`]!;
      const requests = net.wallet.payRequests.length;

      const answer = await payPrize(app, admin, prizeId);

      expect(answer.payout.state).toBe('failed');
      expect(answer.payout.error).toMatch(reason);
      expect(answer.payout.payable).toBe(true);
      expect(net.wallet.payRequests.length).toBe(requests);
      expect(await prizeRow(prizeId)).toMatchObject({ status: 'pending', payout_state: 'failed' });
      expect(await budgetUsed()).toBe(0);
      net.lnurl.releaseSlow();

      net.lnurl.setBehaviour(name, 'ok');
      expect((await payPrize(app, admin, prizeId)).payout.state).toBe('sent');
      expect(net.lnurl.receivedSats(address)).toBe(1000);
    },
  );

  it('refuses an address whose host is a private or local address unless allowed', async () => {
    const strict = {
      ...app,
      config: loadConfig({
        ...payoutSettings(),
        LIGHTNING_ADDRESS_ALLOW_PRIVATE: 'false',
        DATA_DIR: s.config.dataDir,
        SECRET_KEY: s.config.secretKey,
        SITE_URL: 'http://arcade.test',
        GAMES_ORIGIN: 'http://arcade-games.test',
        MAIL_OUTBOX: '1',
      }),
    };
    const { prizeOf } = await processedTournament([[`Dave_${dialect}`, net.lnurl.address(`dave-${dialect}`)]]);
    const answer = await payPrize(strict, admin, prizeOf[`Dave_${dialect}`]!);
    expect(answer.payout.state).toBe('failed');
    expect(answer.payout.error).toMatch(/is a private or local address, which the arcade does not call/);
  });

  it('a wallet without the balance refuses: failed with its own words, budget given back, RETRY pays once it has', async () => {
    const address = net.lnurl.address(`erin-${dialect}`);
    const { prizeOf } = await processedTournament([[`Erin_${dialect}`, address]]);
    const prizeId = prizeOf[`Erin_${dialect}`]!;
    net.wallet.setBalance(10);

    const answer = await payPrize(app, admin, prizeId);

    expect(answer.payout.state).toBe('failed');
    expect(answer.payout.error).toMatch(/^The wallet refused: .*insufficient balance/i);
    expect(await budgetUsed()).toBe(0);
    expect(net.lnurl.receivedSats(address)).toBe(0);
    net.wallet.setBalance(1_000_000);
    expect((await payPrize(app, admin, prizeId)).payout.state).toBe('sent');
    expect(net.lnurl.receivedSats(address)).toBe(1000);
    expect(await budgetUsed()).toBe(1000);
  });

  it('refuses an invoice for another network than the wallet’s before asking the wallet: failed, with why', async () => {
    const address = net.lnurl.address(`other-network-${dialect}`);
    net.lnurl.setBehaviour(`other-network-${dialect}`, 'other-network');
    const { prizeOf } = await processedTournament([[`Olga_${dialect}`, address]]);
    const prizeId = prizeOf[`Olga_${dialect}`]!;
    const asked = net.wallet.payRequests.length;

    const answer = await payPrize(app, admin, prizeId);

    const reason = `${address} answered an invoice for testnet, but the arcade's wallet pays on regtest: nothing was paid.`;
    expect(answer).toMatchObject({ message: reason, payout: { state: 'failed', error: reason, payable: true } });
    expect(net.wallet.payRequests.length).toBe(asked);
    expect(await budgetUsed()).toBe(0);
    const failed = (await listAudit(s.db)).find((e) => e.action === 'prize.pay.failed');
    expect(failed?.details).toMatchObject({ reason });
  });

  it('a wallet that refuses pay_invoice and knows nothing of the hash fails the payment at once, in its own words', async () => {
    const address = net.lnurl.address(`paula-${dialect}`);
    const { prizeOf } = await processedTournament([[`Paula_${dialect}`, address]]);
    const prizeId = prizeOf[`Paula_${dialect}`]!;
    const words =
      'failed to decode the invoice: it is for another network, and this wallet cannot pay it; try running Node.js with a newer release of the decoder (code 7).';
    net.wallet.refuseNext('OTHER', words, 1, { unrecorded: true });

    const answer = await payPrize(app, admin, prizeId);

    expect(answer.payout.state).toBe('failed');
    // The whole reason, never cut mid-word.
    expect(answer.payout.error).toBe(`The wallet refused: ${words}`);
    expect(await budgetUsed()).toBe(0);
    expect(net.lnurl.receivedSats(address)).toBe(0);
    expect((await payPrize(app, admin, prizeId)).payout.state).toBe('sent');
    expect(net.lnurl.receivedSats(address)).toBe(1000);
  });

  /**
   * A prize stuck paying: an invoice of its winner's host stored, and the budget reserved, that the
   * wallet never heard of (its payment lookup answers NOT_FOUND), expiring in an hour.
   */
  async function stuckPrize(name: string) {
    const address = net.lnurl.address(`${name.toLowerCase()}-${dialect}`);
    const { prizeOf } = await processedTournament([[`${name}_${dialect}`, address]]);
    const prizeId = prizeOf[`${name}_${dialect}`]!;
    const invoice = net.ledger.createInvoice({ node: address, sats: 1000, expirySeconds: 3600 });
    const day = new Date().toISOString().slice(0, 10);
    await s.db
      .insertInto('payout_budget')
      .values({ day, reserved_sats: 1000 })
      .onConflict((oc) =>
        oc.column('day').doUpdateSet((eb) => ({ reserved_sats: eb('payout_budget.reserved_sats', '+', 1000) })),
      )
      .execute();
    await s.db
      .updateTable('prize_awards')
      .set({
        payout_state: 'paying',
        payout_claim: `stuck-${name}`,
        payout_started_at: Date.now(),
        payout_invoice: invoice.paymentRequest,
        payout_hash: invoice.paymentHash,
        payout_expires_at: Date.now() + HOUR,
        payout_budget_day: day,
      })
      .where('id', '=', prizeId)
      .execute();
    return { prizeId, address, paymentHash: invoice.paymentHash };
  }

  it('an admin settles a stuck payment as failed after the wallet says it has none: audited, budget back, paid again', async () => {
    const { prizeId, address, paymentHash } = await stuckPrize('Quinn');
    expect(await settleOpenPayouts(app)).toBe(0); // the sweep waits for the invoice's expiry

    expect(await findStuckPayment(app, prizeId)).toMatchObject({
      prizeId,
      paymentHash,
      wallet: 'unknown',
      settleable: true,
    });
    const answer = await settleStuckPayment(app, admin, prizeId, 'failed');
    const reason = 'Settled as failed by root_admin: the wallet has no payment of this hash.';
    expect(answer).toMatchObject({
      message: `${reason} The prize may be paid again.`,
      payout: { state: 'failed', error: reason, payable: true },
    });
    expect(await budgetUsed()).toBe(0);
    const settled = (await listAudit(s.db)).find((e) => e.action === 'prize.pay.settle');
    expect(settled).toMatchObject({ actorName: 'root_admin', targetId: String(prizeId) });
    expect(settled?.details).toMatchObject({ outcome: 'failed', wallet: 'unknown', paymentHash });
    expect(await appErrorOf(settleStuckPayment(app, admin, prizeId, 'failed'))).toEqual([
      409,
      'This prize is not being paid now: there is nothing to settle. Look at the prize again.',
    ]);
    expect((await payPrize(app, admin, prizeId)).payout.state).toBe('sent');
    expect(net.lnurl.receivedSats(address)).toBe(1000);
  });

  it('an admin settles a stuck payment as paid by hand: sent without a Lightning proof, audited, once of two', async () => {
    const { prizeId, address } = await stuckPrize('Rita');
    const both = await Promise.allSettled([
      settleStuckPayment(app, admin, prizeId, 'paid'),
      settleStuckPayment(app, admin, prizeId, 'paid'),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = both.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason.status).toBe(409);
    const row = await prizeRow(prizeId);
    expect(row).toMatchObject({ status: 'sent', payout_state: null, sent_by: admin.id, payout_preimage: null });
    expect((await listAudit(s.db)).filter((e) => e.action === 'prize.pay.settle')).toHaveLength(1);
    expect(net.lnurl.receivedSats(address)).toBe(0);
    expect(await budgetUsed()).toBe(1000);
  });

  it('an admin cannot settle by hand a payment the wallet reports under way, and one it reports settled is paid with its preimage', async () => {
    const address = net.lnurl.address(`sam-${dialect}`);
    const { prizeOf } = await processedTournament([[`Sam_${dialect}`, address]]);
    const prizeId = prizeOf[`Sam_${dialect}`]!;
    const hold = net.wallet.holdPayments();
    try {
      const paying = payPrize(app, admin, prizeId);
      const held = await hold.next();
      expect((await paying).payout.state).toBe('paying');
      expect(await findStuckPayment(app, prizeId)).toMatchObject({ wallet: 'pending', settleable: false });
      expect(await appErrorOf(settleStuckPayment(app, admin, prizeId, 'failed'))).toEqual([
        409,
        'The wallet reports this payment still under way: it settles by itself once the wallet answers.',
      ]);
      held.settleWithoutAnswer();
      const answer = await settleStuckPayment(app, admin, prizeId, 'failed');
      expect(answer).toMatchObject({
        message: 'The wallet reports this payment settled: the prize is paid, with its preimage.',
        payout: { state: 'sent' },
      });
    } finally {
      hold.stop();
    }
    const row = await prizeRow(prizeId);
    expect(sha256(row.payout_preimage!)).toBe(row.payout_hash);
    expect(net.lnurl.receivedSats(address)).toBe(1000);
  });

  it('keeps the daily budget: a payment past it is refused with a message and stays pending', async () => {
    const tight = {
      ...app,
      config: { ...app.config, payouts: { ...app.config.payouts, dailyBudgetSats: 1600 } },
    };
    const names = ['F1', 'F2', 'F3'].map((n) => `${n}_${dialect}`);
    const { prizeOf } = await processedTournament(names.map((n) => [n, net.lnurl.address(n.toLowerCase())]));

    expect((await payPrize(tight, admin, prizeOf[names[0]!]!)).payout.state).toBe('sent'); // 1,000
    expect((await payPrize(tight, admin, prizeOf[names[1]!]!)).payout.state).toBe('sent'); // 500
    const [status, message] = await appErrorOf(payPrize(tight, admin, prizeOf[names[2]!]!));

    expect(status).toBe(409);
    expect(message).toBe(
      "Today's payout budget is 1,600 sats and 1,500 sats of it is used, so 500 sats cannot be paid now. The prize stays pending: pay it tomorrow (UTC), raise PAYOUT_DAILY_BUDGET_SATS, or pay by hand.",
    );
    expect(await prizeRow(prizeOf[names[2]!]!)).toMatchObject({ status: 'pending', payout_state: null });
    expect(net.lnurl.receivedSats(names[2]!.toLowerCase())).toBe(0);
    expect(await budgetUsed()).toBe(1500);
  });

  it('a wallet that goes silent leaves the prize paying (no second payment, no Distribute), and the sweep settles it by lookup', async () => {
    const address = net.lnurl.address(`gina-${dialect}`);
    const { prizeOf } = await processedTournament([[`Gina_${dialect}`, address]]);
    const prizeId = prizeOf[`Gina_${dialect}`]!;
    const hold = net.wallet.holdPayments();
    try {
      const paying = payPrize(app, admin, prizeId);
      const held = await hold.next();
      const answer = await paying; // the wallet's timeout passes
      expect(answer.payout.state).toBe('paying');
      expect(answer.message).toBe('The wallet has not answered yet: the payment settles by itself once it does.');
      expect((await appErrorOf(payPrize(app, admin, prizeId)))[1]).toBe(
        'A payment of this prize is under way: wait for the wallet to answer.',
      );
      expect((await appErrorOf(distributePrize(app, admin, prizeId)))[0]).toBe(409);

      held.settleWithoutAnswer();
      expect(await settleOpenPayouts(app)).toBe(1);
    } finally {
      hold.stop();
    }
    const row = await prizeRow(prizeId);
    expect(row).toMatchObject({ status: 'sent', payout_state: 'sent' });
    expect(sha256(row.payout_preimage!)).toBe(row.payout_hash);
    expect(net.wallet.payRequestsFor(row.payout_hash!)).toBe(1);
    expect(net.lnurl.receivedSats(address)).toBe(1000);
    const settledBy = (await listAudit(s.db)).find((e) => e.action === 'prize.pay.sent');
    expect(settledBy?.actorName).toBe('arcade (automatic)');
  });

  it('a payment proven failed after a silence is failed by the sweep, and may be tried again', async () => {
    const address = net.lnurl.address(`hank-${dialect}`);
    const { prizeOf } = await processedTournament([[`Hank_${dialect}`, address]]);
    const prizeId = prizeOf[`Hank_${dialect}`]!;
    const hold = net.wallet.holdPayments();
    try {
      const paying = payPrize(app, admin, prizeId);
      const held = await hold.next();
      expect((await paying).payout.state).toBe('paying');
      held.fail('PAYMENT_FAILED', 'no route to the receiver');
      // The late answer settles it in this process; the sweep would in any other.
      await expect.poll(async () => (await prizeRow(prizeId)).payout_state, { timeout: 10_000 }).toBe('failed');
    } finally {
      hold.stop();
    }
    expect(await budgetUsed()).toBe(0);
    expect((await payPrize(app, admin, prizeId)).payout.state).toBe('sent');
    expect(net.lnurl.receivedSats(address)).toBe(1000);
  });

  it('a stored invoice the wallet never saw is retried only once it has expired', async () => {
    const { prizeOf } = await processedTournament([[`Ivy_${dialect}`, net.lnurl.address(`ivy-${dialect}`)]]);
    const prizeId = prizeOf[`Ivy_${dialect}`]!;
    // As a crash right after storing the invoice leaves it: paying, the wallet never asked.
    const hash = 'ab'.repeat(32);
    await s.db
      .updateTable('prize_awards')
      .set({
        payout_state: 'paying',
        payout_hash: hash,
        payout_started_at: Date.now(),
        payout_expires_at: Date.now() + HOUR,
      })
      .where('id', '=', prizeId)
      .execute();
    expect(await settleOpenPayouts(app)).toBe(0);
    expect((await prizeRow(prizeId)).payout_state).toBe('paying');

    await s.db
      .updateTable('prize_awards')
      .set({ payout_expires_at: Date.now() - 1000 })
      .where('id', '=', prizeId)
      .execute();
    // Expired, but within the grace for clocks that disagree: not yet.
    expect(await settleOpenPayouts(app)).toBe(0);
    await s.db
      .updateTable('prize_awards')
      .set({ payout_expires_at: Date.now() - EXPIRY_GRACE_MS - 1000 })
      .where('id', '=', prizeId)
      .execute();
    expect(await settleOpenPayouts(app)).toBe(1);
    expect(await prizeRow(prizeId)).toMatchObject({
      payout_state: 'failed',
      payout_error: 'The invoice expired unpaid: the prize may be paid again.',
    });
  });

  it('a request that outlived its claim (failed by the sweep, then retried and paid) never asks the wallet', async () => {
    const name = `kim-${dialect}`;
    const address = net.lnurl.address(name);
    const { prizeOf } = await processedTournament([[`Kim_${dialect}`, address]]);
    const prizeId = prizeOf[`Kim_${dialect}`]!;
    const patient = {
      ...app,
      config: {
        ...app.config,
        payouts: { ...app.config.payouts, addresses: { ...app.config.payouts.addresses, timeoutMs: 15_000 } },
      },
    };
    net.lnurl.setBehaviour(name, 'slow-callback');
    const callbacks = () => net.lnurl.requests.filter((r) => r.name === name && r.step === 'callback').length;
    const requestsBefore = net.wallet.payRequests.length;

    const stale = payPrize(patient, admin, prizeId);
    await expect.poll(callbacks, { timeout: 10_000 }).toBe(1);
    // Five minutes on (another process's sweep): the claim that stored no invoice is failed.
    expect(await settleOpenPayouts(app, Date.now() + 6 * 60_000)).toBe(1);
    expect((await prizeRow(prizeId)).payout_error).toBe('Interrupted before the wallet was asked: nothing was paid.');
    net.lnurl.setBehaviour(name, 'ok');
    expect((await payPrize(app, admin, prizeId)).payout.state).toBe('sent');

    net.lnurl.releaseSlow(); // the first request gets its invoice at last
    expect(await appErrorOf(stale)).toEqual([
      409,
      'This payment was interrupted and taken over meanwhile: nothing was paid by it. Look at the prize again.',
    ]);
    expect(net.wallet.payRequests.length).toBe(requestsBefore + 1);
    expect(net.lnurl.receivedSats(address)).toBe(1000);
    expect(await budgetUsed()).toBe(1000);
    expect(await prizeRow(prizeId)).toMatchObject({ status: 'sent', payout_state: 'sent' });
  });

  it('PAY ALL pays every prize whose winner has an address; automatic payment does it without a click', async () => {
    const players: [string, string | null][] = [
      [`J1_${dialect}`, net.lnurl.address(`j1-${dialect}`)],
      [`J2_${dialect}`, null],
      [`J3_${dialect}`, net.lnurl.address(`j3-${dialect}`)],
    ];
    const first = await processedTournament(players);
    const all = await payAll(app, admin, first.id);
    expect(all).toMatchObject({ sent: 2, failed: 0, paying: 0, refused: 0, message: '2 paid.' });
    expect(await prizeRow(first.prizeOf[`J2_${dialect}`]!)).toMatchObject({ status: 'pending', payout_state: null });

    // Off by default: nothing is paid without a click.
    const manual = await processedTournament([[`K1_${dialect}`, net.lnurl.address(`k1-${dialect}`)]]);
    expect(await payAutomatically(app, manual.id)).toBe(0);
    expect((await prizeRow(manual.prizeOf[`K1_${dialect}`]!)).payout_state).toBeNull();

    const automatic = { ...app, config: { ...app.config, payouts: { ...app.config.payouts, automatic: true } } };
    expect(await payAutomatically(automatic, manual.id)).toBe(1);
    expect(await prizeRow(manual.prizeOf[`K1_${dialect}`]!)).toMatchObject({ status: 'sent', payout_state: 'sent' });
    const log = await listAudit(s.db, { tournamentId: manual.id });
    expect(log.find((e) => e.action === 'prize.pay.start')?.actorName).toBe('arcade (automatic)');
  });

  it('without a wallet nothing is paid and no PAY shows', async () => {
    const { id, prizeOf } = await processedTournament([[`Lou_${dialect}`, net.lnurl.address(`lou-${dialect}`)]]);
    const off = { ...s, wallet: undefined };
    expect(await appErrorOf(payPrize(off, admin, prizeOf[`Lou_${dialect}`]!))).toEqual([
      409,
      'Lightning payouts are off: no wallet is connected (NWC_URL). Pay by hand and press Distribute.',
    ]);
    const winners = await listWinners(off, id);
    expect(winners.payouts.enabled).toBe(false);
    expect(winners.winners[0]!.bitcoinPrizes[0]!.payout.payable).toBe(false);
  });
  it('a banned winner is paid by nothing: PAY, Distribute, PAY ALL and automatic payment withhold the prize until the unban', async () => {
    // Only the admin is in ADMIN_USER_IDS here (the tests' default also names user 2).
    const moderated = { ...app, config: { ...app.config, adminUserIds: new Set([admin.id]) } };
    const automatic = {
      ...moderated,
      config: { ...moderated.config, payouts: { ...moderated.config.payouts, automatic: true } },
    };
    const banned = `Mallory_${dialect}`;
    const bannedAddress = net.lnurl.address(`mallory-${dialect}`);
    const { id, prizeOf, userOf } = await processedTournament([
      [banned, bannedAddress],
      [`Honest_${dialect}`, net.lnurl.address(`honest-${dialect}`)],
    ]);
    const prizeId = prizeOf[banned]!;
    const requests = net.wallet.payRequests.length;

    const ban = await banPlayer(moderated, admin, userOf[banned]!, 'stolen account');
    expect(ban.prizesWithheld).toBe(1);

    expect(await appErrorOf(payPrize(moderated, admin, prizeId))).toEqual([409, WITHHELD_MESSAGE]);
    expect(await appErrorOf(distributePrize(moderated, admin, prizeId))).toEqual([409, WITHHELD_MESSAGE]);
    // PAY ALL pays the others only; automatic payment (one tournament, or the sweep's all) skips it.
    const all = await payAll(moderated, admin, id);
    expect(all).toMatchObject({ sent: 1, failed: 0, refused: 0 });
    expect(all.results.map((r) => r.prizeId)).toEqual([prizeOf[`Honest_${dialect}`]]);
    expect(await payAutomatically(automatic, id)).toBe(0);
    expect(await payAutomatically(automatic)).toBe(0);
    expect(await prizeRow(prizeId)).toMatchObject({ status: 'pending', payout_state: null });
    expect(net.lnurl.receivedSats(bannedAddress)).toBe(0);
    expect(net.wallet.payRequests.length).toBe(requests + 1);
    // The winners screen shows it withheld, with no PAY.
    const winner = (await listWinners(moderated, id)).winners.find((w) => w.username === banned)!;
    expect(winner.withheld).toBe(true);
    expect(winner.bitcoinPrizes[0]!.payout.payable).toBe(false);

    // A payment already under way when the ban lands cannot be called back: the ban says so.
    await unbanPlayer(moderated, admin, userOf[banned]!);
    await s.db.updateTable('prize_awards').set({ payout_state: 'paying' }).where('id', '=', prizeId).execute();
    const again = await banPlayer(moderated, admin, userOf[banned]!, 'again');
    expect(again).toMatchObject({ prizesWithheld: 0, paymentsUnderWay: 1 });
    expect(again.message).toMatch(/already under way and cannot be called back/);
    await s.db.updateTable('prize_awards').set({ payout_state: null }).where('id', '=', prizeId).execute();

    // Unbanned: automatic payment pays it at its next sweep.
    await unbanPlayer(moderated, admin, userOf[banned]!);
    expect((await listWinners(moderated, id)).winners.find((w) => w.username === banned)!.withheld).toBe(false);
    expect(await payAutomatically(automatic)).toBe(1);
    expect(await prizeRow(prizeId)).toMatchObject({ status: 'sent', payout_state: 'sent' });
    expect(net.lnurl.receivedSats(bannedAddress)).toBe(1000);
  });
});
