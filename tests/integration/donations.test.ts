import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listAudit } from '~/server/shared/audit';
import { registry } from '~/server/shared/metrics';
import {
  createDonation,
  creditDonation,
  donationStatus,
  EXPIRY_GRACE_MS,
  INVOICE_LIMIT,
  sweepDonations,
  watchDonations,
  type DonationServices,
} from '~/server/donations/donations';
import { nwcReceiver, type Receiver } from '~/server/donations/receiver';
import { startLightningNetwork, type LightningNetwork } from '../support/lightning/network';
import { DIALECTS, freshServices, type TestServices } from '../support/services';

// Donations against the test Lightning network (README, "Donations and open books"): the arcade's
// wallet makes the invoice (make_invoice over NWC), a donor elsewhere on the network pays it, and
// the arcade learns of it by the wallet's payment_received notification or by lookup_invoice.

const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

let net: LightningNetwork;
beforeAll(async () => {
  net = await startLightningNetwork();
});
afterAll(async () => {
  await net?.close();
});

async function metric(name: string, labels: Record<string, string> = {}): Promise<number> {
  const found = (await registry.getSingleMetric(name)?.get())?.values.find((v) =>
    Object.entries(labels).every(([k, value]) => v.labels[k] === value),
  );
  return found?.value ?? 0;
}

describe.each(DIALECTS)('Lightning donations on %s', (dialect) => {
  let s: TestServices;
  let receivers: Receiver[];
  let app: DonationServices;
  let clients = 0;
  /** A client address of its own per call, so no test meets another's rate limit. */
  const client = () => `198.51.100.${++clients % 250}-${dialect}-${Date.now()}`;

  const newReceiver = () => {
    const receiver = nwcReceiver(net.nwcUrl);
    receivers.push(receiver);
    return receiver;
  };

  beforeEach(async () => {
    s = await freshServices(dialect, { NWC_URL: net.nwcUrl });
    receivers = [];
    app = { ...s, receiver: newReceiver() };
    net.wallet.muteNotifications(false);
  });
  afterEach(async () => {
    for (const receiver of receivers) receiver.close();
    await s.close();
  });

  const row = (hash: string) =>
    s.db.selectFrom('donations').selectAll().where('payment_hash', '=', hash).executeTakeFirstOrThrow();
  const audits = async (action: string) => (await listAudit(s.db)).filter((entry) => entry.action === action);

  it('makes an invoice of exactly the amount from the arcade wallet, kept with the name and message, as a QR code', async () => {
    const created = await createDonation(app, client(), { sats: 2_100, name: ' Alice ', message: 'gm <b>arcade</b>' });
    expect(created.state).toBe('open');
    const issued = net.ledger.findInvoice(created.paymentHash)!;
    expect(issued.payee).toBe(net.wallet.nodeName);
    expect(issued.amountMsat).toBe(2_100_000);
    expect(issued.paymentRequest).toBe(created.invoice);
    expect(created.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    const kept = await row(created.paymentHash);
    expect(kept).toMatchObject({ name: 'Alice', message: 'gm <b>arcade</b>', state: 'open', source: 'page' });
    expect(Number(kept.requested_sats)).toBe(2_100);
    expect((await audits('donation.invoice')).map((a) => a.targetId)).toEqual([String(kept.id)]);
    // Blank name and message are anonymous and none.
    const blank = await createDonation(app, client(), { sats: 100, name: '  ', message: '' });
    expect(await row(blank.paymentHash)).toMatchObject({ name: null, message: null });
  });

  it('refuses amounts outside the bounds and a client asking for too many invoices, and says so without a wallet', async () => {
    await expect(createDonation(app, client(), { sats: 9 })).rejects.toMatchObject({
      status: 400,
      message: 'Choose an amount from 10 to 1,000,000 sats.',
    });
    await expect(createDonation(app, client(), { sats: 1_000_001 })).rejects.toMatchObject({ status: 400 });
    const one = client();
    for (let i = 0; i < INVOICE_LIMIT.max; i++) await createDonation(app, one, { sats: 10 });
    await expect(createDonation(app, one, { sats: 10 })).rejects.toMatchObject({
      status: 429,
      message: expect.stringMatching(/^Too many donation invoices from here\. Please try again in /),
    });
    await expect(createDonation({ ...s }, client(), { sats: 100 })).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/^Lightning donations are off/),
    });
  });

  it('credits a paid donation once, with duplicate notifications, two processes and a restart in between', async () => {
    const paidBefore = await metric('arcade_donations_total', { outcome: 'paid' });
    const satsBefore = await metric('arcade_donation_sats_total');
    // Two server processes watching the same database, each with its own wallet connection.
    const processA = { ...s, receiver: newReceiver() };
    const processB = { ...s, receiver: newReceiver() };
    const stopA = watchDonations(processA, 60_000);
    const stopB = watchDonations(processB, 60_000);
    const created = await createDonation(app, client(), { sats: 5_000, name: 'Bob', message: 'for the servers' });
    // Both processes listen to the wallet's notifications (their subscriptions reached the relay).
    await net.relay.whenSubscribed((filters) => filters.some((f) => f.kinds?.includes(23197)), 2);
    const paid = net.payAsDonor(created.invoice);
    await expect.poll(async () => (await row(created.paymentHash)).state, { timeout: 10_000 }).toBe('paid');
    // The wallet sends the same notification twice more; both processes hear each one.
    await net.wallet.notify(created.paymentHash);
    await net.wallet.notify(created.paymentHash);
    // A restart: the watchers stop, a new one sweeps and asks the wallet, which says settled.
    await stopA();
    await stopB();
    const restarted = { ...s, receiver: newReceiver() };
    await sweepDonations(restarted, Date.now() + 60_000);
    expect(await donationStatus(restarted, created.paymentHash, Date.now() + 120_000)).toMatchObject({
      state: 'paid',
      receivedSats: 5_000,
    });
    const kept = await row(created.paymentHash);
    expect(Number(kept.received_msat)).toBe(net.ledger.findInvoice(created.paymentHash)!.amountMsat);
    expect(kept.preimage).toBe(paid.preimage);
    expect(sha256(kept.preimage!)).toBe(created.paymentHash);
    expect(await audits('donation.received')).toHaveLength(1);
    expect(await metric('arcade_donations_total', { outcome: 'paid' })).toBe(paidBefore + 1);
    expect(await metric('arcade_donation_sats_total')).toBe(satsBefore + 5_000);
  });

  it('notices a payment by lookup when the wallet sends no notification (the page poll and the watcher)', async () => {
    net.wallet.muteNotifications();
    const created = await createDonation(app, client(), { sats: 777 });
    net.payAsDonor(created.invoice);
    expect((await row(created.paymentHash)).state).toBe('open');
    // Polled twice at once: one asks the wallet, the other reads the database.
    const [a, b] = await Promise.all([
      donationStatus(app, created.paymentHash, Date.now() + 5_000),
      donationStatus(app, created.paymentHash, Date.now() + 5_000),
    ]);
    expect([a.state, b.state]).toContain('paid');
    expect(await donationStatus(app, created.paymentHash)).toMatchObject({ state: 'paid', receivedSats: 777 });
    expect(await audits('donation.received')).toHaveLength(1);
    // And by the watcher's sweep alone.
    const second = await createDonation(app, client(), { sats: 778 });
    net.payAsDonor(second.invoice);
    await sweepDonations(app, Date.now() + 60_000);
    expect(await row(second.paymentHash)).toMatchObject({ state: 'paid' });
    expect(Number((await row(second.paymentHash)).received_msat)).toBe(778_000);
  });

  it('never credits an invoice that expired unpaid, nor a payment without the matching preimage', async () => {
    const expiredBefore = await metric('arcade_donations_total', { outcome: 'expired' });
    const created = await createDonation(app, client(), { sats: 300 });
    const expiresAt = Number((await row(created.paymentHash)).expires_at);
    // Still within its grace: open.
    await sweepDonations(app, expiresAt + EXPIRY_GRACE_MS - 1_000);
    expect((await row(created.paymentHash)).state).toBe('open');
    await sweepDonations(app, expiresAt + EXPIRY_GRACE_MS + 60_000);
    expect((await row(created.paymentHash)).state).toBe('expired');
    expect(await audits('donation.expired')).toHaveLength(1);
    expect(await metric('arcade_donations_total', { outcome: 'expired' })).toBe(expiredBefore + 1);
    // Whatever arrives later (a notification, a lookup) credits nothing.
    const preimage = net.ledger.findInvoice(created.paymentHash)!.preimage;
    expect(
      await creditDonation(
        s.db,
        { paymentHash: created.paymentHash, preimage, amountMsat: 300_000, settledAt: 0 },
        'test',
      ),
    ).toBe(false);
    expect(await donationStatus(app, created.paymentHash)).toMatchObject({ state: 'expired', receivedSats: null });
    // A payment claim with the wrong preimage is not believed.
    const other = await createDonation(app, client(), { sats: 301 });
    expect(
      await creditDonation(
        s.db,
        { paymentHash: other.paymentHash, preimage: 'ab'.repeat(32), amountMsat: 301_000, settledAt: 0 },
        'test',
      ),
    ).toBe(false);
    expect((await row(other.paymentHash)).state).toBe('open');
    expect(await audits('donation.received')).toHaveLength(0);
  });

  it('answers 404 for an unknown payment hash and 400 for a malformed one', async () => {
    await expect(donationStatus(app, 'ab'.repeat(32))).rejects.toMatchObject({ status: 404 });
    await expect(donationStatus(app, 'not-a-hash')).rejects.toMatchObject({ status: 400 });
  });
});
