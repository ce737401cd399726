import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listAudit } from '~/server/shared/audit';
import { openBooks } from '~/server/donations/books';
import { createDonation, donationStatus, sweepDonations, watchDonations } from '~/server/donations/donations';
import { nwcReceiver, type Receiver } from '~/server/donations/receiver';
import { nwcWallet, type Wallet } from '~/server/tournaments/payouts/wallet';
import { payPrize } from '~/server/tournaments/payouts/payouts';
import { findTournament, listTournaments } from '~/server/tournaments/tournaments';
import { processWinners } from '~/server/tournaments/winners';
import { startLightningNetwork, type LightningNetwork } from '../support/lightning/network';
import { addPlayer, DIALECTS, freshServices, type TestServices } from '../support/services';

// Prize pools the community fills (notes/pools.md), against the test Lightning network: visitors
// give sats to a running tournament's pool (invoices of the arcade's wallet, paid by a donor on the
// network), the pool shown grows by what was credited, the winners' bitcoin prizes grow by the
// tournament's rule once when its winners are processed, and the winners are paid the grown prizes.

const HOUR = 3_600_000;

let net: LightningNetwork;
let caDir: string;
let caFile: string;
beforeAll(async () => {
  net = await startLightningNetwork({ balanceSats: 1_000_000 });
  caDir = mkdtempSync(join(tmpdir(), 'pools-ca-'));
  caFile = join(caDir, 'ca.pem');
  writeFileSync(caFile, net.caPem);
});
afterAll(async () => {
  await net?.close();
  rmSync(caDir, { recursive: true, force: true });
});

describe.each(DIALECTS)('prize pools on %s', (dialect) => {
  let s: TestServices;
  let receivers: Receiver[];
  let wallet: Wallet;
  let admin: { id: number; username: string };
  let clients = 0;
  let tournaments = 0;
  const client = () => `203.0.113.${++clients % 250}-${dialect}-${Date.now()}`;
  const newReceiver = () => {
    const receiver = nwcReceiver(net.nwcUrl);
    receivers.push(receiver);
    return receiver;
  };
  const app = () => ({ ...s, receiver: receivers[0]!, wallet });

  beforeEach(async () => {
    s = await freshServices(dialect, {
      NWC_URL: net.nwcUrl,
      LIGHTNING_ADDRESS_ALLOW_PRIVATE: 'true',
      LIGHTNING_ADDRESS_CONNECT_TO: net.lnurl.hosts.map((h) => `${h}=127.0.0.1:${net.lnurl.port}`).join(','),
      LIGHTNING_ADDRESS_CA_FILE: caFile,
    });
    receivers = [];
    newReceiver();
    wallet = nwcWallet(net.nwcUrl);
    admin = { id: await addPlayer(s.db, `pool_admin_${dialect}`), username: `pool_admin_${dialect}` };
    net.wallet.setBalance(1_000_000);
    net.wallet.muteNotifications(false);
  });
  afterEach(async () => {
    for (const receiver of receivers) receiver.close();
    wallet.close();
    await s.close();
  });

  /** A tournament running now (ends in an hour): 1st 1,000 sats, 2nd-5th 500, random 300 unless told. */
  async function runningTournament(
    values: Partial<Record<'first' | 'rest' | 'random', number>> & { rule?: 'proportional' | 'first_place' } = {},
  ) {
    const start = Date.now() - HOUR;
    const end = Date.now() + HOUR;
    const { id } = await s.db
      .insertInto('tournaments')
      .values({
        name: `Pool Cup ${dialect} ${++tournaments} ${Date.now()}`,
        game_id: 'rekt',
        description: '',
        start_at: start,
        end_at: end,
        image_filename: null,
        first_place_sats: values.first ?? 1000,
        second_to_fifth_sats: values.rest ?? 500,
        random_participant_sats: values.random ?? 300,
        report_content: '',
        created_at: start,
        updated_at: start,
        pool_rule: values.rule ?? 'proportional',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, start, end };
  }

  /** Players ranked in this order (first wins), each with a Lightning Address on the test network. */
  async function enter(tournamentId: number, start: number, names: string[]) {
    const users: Record<string, { id: number; address: string }> = {};
    for (const [i, name] of names.entries()) {
      const userId = await addPlayer(s.db, name);
      const address = net.lnurl.address(`${name.toLowerCase()}-${Date.now()}`);
      await s.db.updateTable('users').set({ lightning_address: address }).where('id', '=', userId).execute();
      await s.db
        .insertInto('tournament_entries')
        .values({
          tournament_id: tournamentId,
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
      users[name] = { id: userId, address };
    }
    return users;
  }

  /** A donor gives `sats` to the pool: the invoice is made, paid on the network and credited (the page's poll). */
  async function give(tournamentId: number, sats: number, name?: string) {
    const created = await createDonation(app(), client(), { sats, name, tournamentId });
    expect(created.tournamentId).toBe(tournamentId);
    net.payAsDonor(created.invoice);
    await expect
      .poll(async () => (await donationStatus(app(), created.paymentHash)).state, { timeout: 10_000 })
      .toBe('paid');
    return created;
  }

  const bitcoinPrizes = (tournamentId: number) =>
    s.db
      .selectFrom('prize_awards')
      .select(['id', 'user_id', 'award_reason', 'prize_value'])
      .where('tournament_id', '=', tournamentId)
      .where('prize_type', '=', 'bitcoin')
      .orderBy('id')
      .execute();

  it('grows the pool shown by what was credited, grows the winners’ prizes once by the rule, and pays the grown prizes', async () => {
    const { id, start, end } = await runningTournament();
    const users = await enter(
      id,
      start,
      ['Ada', 'Ben', 'Cy'].map((n) => `${n}_${dialect}_${tournaments}`),
    );
    const [ada, ben, cy] = Object.values(users);
    // Set: 1,000 + 4 x 500 + 300 = 3,300.
    expect((await findTournament(s, id)).rewards).toMatchObject({ totalPrizePool: 3300, givenSats: 0 });

    // Two processes watch notifications; the first gift is also notified twice more and swept after a "restart".
    const stopA = watchDonations({ ...s, receiver: newReceiver() }, 60_000);
    const stopB = watchDonations({ ...s, receiver: newReceiver() }, 60_000);
    await net.relay.whenSubscribed((filters) => filters.some((f) => f.kinds?.includes(23197)), 2);
    const first = await give(id, 2_100, 'Satoshi fan');
    await net.wallet.notify(first.paymentHash);
    await net.wallet.notify(first.paymentHash);
    await stopA();
    await stopB();
    await sweepDonations({ ...s, receiver: newReceiver() }, Date.now() + 60_000);
    await give(id, 777);
    expect((await listAudit(s.db)).filter((a) => a.action === 'donation.received')).toHaveLength(2);

    // Shown everywhere the pool is: set + given.
    expect((await findTournament(s, id)).rewards).toMatchObject({ totalPrizePool: 3300 + 2877, givenSats: 2877 });
    const listed = (await listTournaments(s, 'active')).find((t) => t.id === id)!;
    expect(listed.rewards.totalPrizePool).toBe(6177);
    const waiting = (await openBooks(s)).pools.find((p) => p.tournament.id === id)!;
    expect(waiting).toMatchObject({ givenSats: 2877, waitingSats: 2877, toPrizesSats: 0, generalSats: 0 });

    // An invoice made while it runs and paid after the winners were processed: the general fund.
    const late = await createDonation(app(), client(), { sats: 50, tournamentId: id });

    // Processing after the end; the random participant is drawn among all three (fewer than five placed).
    await processWinners(s, admin, id, end + 1);
    await processWinners(s, admin, id, end + 2); // a second press changes nothing
    const prizes = await bitcoinPrizes(id);
    const random = prizes.find((p) => p.award_reason === 'random_participant')!;
    // Computed by hand: set prizes 1,000 / 500 / 500 / 300 (total 2,300) share 2,877 given sats:
    // 1,250.87 / 625.43 / 625.43 / 375.26 -> 1,250 / 625 / 625 / 375 (2,875), the 2 left over to the
    // largest remainders (1st, then 2nd): +1,251 / +626 / +625 / +375.
    expect(prizes.map((p) => [p.user_id, p.award_reason, Number(p.prize_value)])).toEqual([
      [ada!.id, 'first_place', 2251],
      [ben!.id, 'place_2', 1126],
      [cy!.id, 'place_3', 1125],
      [random.user_id, 'random_participant', 675],
    ]);
    const grown = (await listAudit(s.db, { tournamentId: id })).filter((a) => a.action === 'tournament.pool_grown');
    expect(grown).toHaveLength(1);

    net.payAsDonor(late.invoice);
    await expect
      .poll(async () => (await donationStatus(app(), late.paymentHash)).state, { timeout: 10_000 })
      .toBe('paid');
    const books = await openBooks(s);
    expect(books.pools.find((p) => p.tournament.id === id)).toMatchObject({
      givenSats: 2927,
      toPrizesSats: 2877,
      generalSats: 50,
      waitingSats: 0,
    });
    expect(books.in.find((d) => d.paymentHash === late.paymentHash)!.pool).toBe('general');
    expect(books.in.find((d) => d.paymentHash === first.paymentHash)!.pool).toBe('prizes');
    // The pool shown stays what went to the prizes.
    expect((await findTournament(s, id)).rewards.totalPrizePool).toBe(3300 + 2877);

    // The winners are paid the grown prizes over Lightning, each exactly once.
    const addressOf = new Map(Object.values(users).map((u) => [u.id, u.address]));
    for (const prize of prizes) await payPrize(app(), admin, prize.id);
    const received = new Map<string, number>();
    for (const prize of prizes) {
      const address = addressOf.get(prize.user_id)!;
      received.set(address, (received.get(address) ?? 0) + Number(prize.prize_value));
    }
    for (const [address, sats] of received) expect(net.lnurl.receivedSats(address)).toBe(sats);
    expect((await openBooks(s)).pools.find((p) => p.tournament.id === id)!.paidSats).toBe(2251 + 1126 + 1125 + 675);
  });

  it('sends the sats of a tournament that ends without winners to the general fund, once', async () => {
    const { id, end } = await runningTournament({ rule: 'first_place' });
    const gift = await give(id, 400, 'Hopeful');
    expect((await findTournament(s, id)).rewards.totalPrizePool).toBe(3300 + 400);
    await processWinners(s, admin, id, end + 1);
    await processWinners(s, admin, id, end + 2);
    expect(await bitcoinPrizes(id)).toEqual([]);
    const row = await s.db
      .selectFrom('donations')
      .selectAll()
      .where('payment_hash', '=', gift.paymentHash)
      .executeTakeFirstOrThrow();
    expect(row.pool_outcome).toBe('general');
    const audit = (await listAudit(s.db, { tournamentId: id })).filter(
      (a) => a.action === 'tournament.pool_to_general_fund',
    );
    expect(audit).toHaveLength(1);
    expect((await findTournament(s, id)).rewards).toMatchObject({ totalPrizePool: 3300, givenSats: 0 });
    expect((await openBooks(s)).pools.find((p) => p.tournament.id === id)).toMatchObject({
      givenSats: 400,
      generalSats: 400,
    });
  });

  it('gives all to 1st place under that rule, even when the set 1st prize is 0', async () => {
    const { id, start, end } = await runningTournament({ rule: 'first_place', first: 0, rest: 200, random: 0 });
    const users = await enter(
      id,
      start,
      ['Dee', 'Eve'].map((n) => `${n}_${dialect}_${tournaments}`),
    );
    await give(id, 999);
    await processWinners(s, admin, id, end + 1);
    const prizes = await bitcoinPrizes(id);
    expect(prizes.map((p) => [p.user_id, p.award_reason, Number(p.prize_value)])).toEqual([
      [Object.values(users)[0]!.id, 'first_place', 999],
      [Object.values(users)[1]!.id, 'place_2', 200],
    ]);
  });

  it('takes gifts only for an upcoming or running tournament with bitcoin prizes', async () => {
    const ended = await runningTournament();
    await s.db
      .updateTable('tournaments')
      .set({ end_at: Date.now() - 1 })
      .where('id', '=', ended.id)
      .execute();
    await expect(createDonation(app(), client(), { sats: 100, tournamentId: ended.id })).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/has ended: its pool takes no more sats/),
    });
    const noSats = await runningTournament({ first: 0, rest: 0, random: 0 });
    await expect(createDonation(app(), client(), { sats: 100, tournamentId: noSats.id })).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/offers no bitcoin prizes/),
    });
    await expect(createDonation(app(), client(), { sats: 100, tournamentId: 987_654 })).rejects.toMatchObject({
      status: 404,
    });
  });
});
