import { createHash } from 'node:crypto';
import { decode } from 'light-bolt11-decoder';
import { finalizeEvent, generateSecretKey, getPublicKey, verifyEvent, type NostrEvent } from 'nostr-tools/pure';
import { makeZapRequest } from 'nostr-tools/nip57';
import { Relay } from 'nostr-tools/relay';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listAudit } from '~/server/shared/audit';
import { openBooks } from '~/server/donations/books';
import { sweepDonations, watchDonations, type DonationServices } from '~/server/donations/donations';
import { addressInvoice, payRequest } from '~/server/donations/lightning-address';
import { nwcReceiver, type Receiver } from '~/server/donations/receiver';
import { findTournament } from '~/server/tournaments/tournaments';
import { startLightningNetwork, type LightningNetwork } from '../support/lightning/network';
import { DIALECTS, freshServices, type TestServices } from '../support/services';

// Nostr zaps (NIP-57) to the arcade's Lightning Address, against the test Lightning network (a real
// relay, the NWC test wallet): the pay request allows Nostr, the callback checks the zap request and
// answers an invoice committing to it, the zap is credited once (duplicate notifications, two
// processes, a restart), and the arcade publishes one zap receipt to the request's relay, signed with
// its key, that a zapper's client can check.

const ZAP_KEY = 'a'.repeat(63) + '1';
const sha256Hex = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
const sha256Text = (text: string) => createHash('sha256').update(text).digest('hex');

let net: LightningNetwork;
beforeAll(async () => {
  net = await startLightningNetwork();
});
afterAll(async () => {
  await net?.close();
});

describe.each(DIALECTS)('zaps on %s', (dialect) => {
  let s: TestServices;
  let receivers: Receiver[];
  let app: DonationServices;
  let clients = 0;
  const client = () => `192.0.2.${++clients % 250}-${dialect}-${Date.now()}`;
  const newReceiver = () => {
    const receiver = nwcReceiver(net.nwcUrl);
    receivers.push(receiver);
    return receiver;
  };

  beforeEach(async () => {
    // ws:// relays on this machine: allowed for development and tests only.
    s = await freshServices(dialect, {
      NWC_URL: net.nwcUrl,
      ZAP_SECRET_KEY: ZAP_KEY,
      LIGHTNING_ADDRESS_ALLOW_PRIVATE: 'true',
    });
    receivers = [];
    app = { ...s, receiver: newReceiver() };
    net.wallet.muteNotifications(false);
  });
  afterEach(async () => {
    for (const receiver of receivers) receiver.close();
    await s.close();
  });

  /** A zapper's signed zap request to the arcade's key, as a Nostr client makes it. */
  function zapRequest(zapper: Uint8Array, msat: number, extra: { relays?: string[]; comment?: string } = {}) {
    const template = makeZapRequest({
      pubkey: getPublicKey(Uint8Array.from(Buffer.from(ZAP_KEY, 'hex'))),
      amount: msat,
      comment: extra.comment ?? '',
      relays: extra.relays ?? [net.relay.url],
    });
    return finalizeEvent(template, zapper);
  }
  const callback = (name: string, params: Record<string, string>) =>
    addressInvoice(app, client(), name, new URLSearchParams(params));

  it('answers the pay request with allowsNostr and the arcade’s key, and refuses zap requests NIP-57 rejects', async () => {
    const answer = await payRequest(app, 'tips');
    expect(answer).toMatchObject({
      allowsNostr: true,
      nostrPubkey: getPublicKey(Uint8Array.from(Buffer.from(ZAP_KEY, 'hex'))),
    });
    const zapper = generateSecretKey();
    const good = zapRequest(zapper, 21_000);
    const refused = async (event: unknown, amount = '21000') =>
      (await callback('tips', { amount, nostr: JSON.stringify(event) }).catch(
        (error: { status: number; message: string }) => error,
      )) as {
        status: number;
        message: string;
      };
    expect(await refused(good, '42000')).toMatchObject({ status: 400, message: expect.stringMatching(/amount/) });
    expect(await refused({ ...good, content: 'changed' })).toMatchObject({
      status: 400,
      message: expect.stringMatching(/signature/),
    });
    expect(await refused(finalizeEvent({ ...good, kind: 1, tags: good.tags }, zapper))).toMatchObject({ status: 400 });
    const twoP = finalizeEvent(
      { kind: 9734, created_at: good.created_at, content: '', tags: [...good.tags, ['p', 'b'.repeat(64)]] },
      zapper,
    );
    expect(await refused(twoP)).toMatchObject({ status: 400, message: expect.stringMatching(/exactly one 'p'/) });
    const noRelays = finalizeEvent(
      { kind: 9734, created_at: good.created_at, content: '', tags: good.tags.filter((t) => t[0] !== 'relays') },
      zapper,
    );
    expect(await refused(noRelays)).toMatchObject({ status: 400, message: expect.stringMatching(/relays/) });
    const http = zapRequest(zapper, 21_000, { relays: ['https://relay.example'] });
    expect(await refused(http)).toMatchObject({
      status: 400,
      message: expect.stringMatching(/no relay the arcade can publish/),
    });
    const long = zapRequest(zapper, 21_000, { comment: 'x'.repeat(141) });
    expect(await refused(long)).toMatchObject({ status: 400, message: expect.stringMatching(/at most 140/) });
    expect(await refused('{not json')).toMatchObject({ status: 400 });
    expect(await s.db.selectFrom('donations').select('id').execute()).toEqual([]);
  });

  it('credits a paid zap once and publishes one receipt to the request’s relay that checks out', async () => {
    const arcadeKey = getPublicKey(Uint8Array.from(Buffer.from(ZAP_KEY, 'hex')));
    const zapper = generateSecretKey();
    const request = zapRequest(zapper, 21_000, { comment: 'zap for the arcade ⚡' });
    const text = JSON.stringify(request);
    const { pr } = await callback('tips', { amount: '21000', nostr: text });
    // (light-bolt11-decoder's types leave out the description_hash section it returns)
    const sections = decode(pr).sections as { name: string; value?: unknown }[];
    expect(sections.find((x) => x.name === 'description_hash')?.value).toBe(sha256Text(text));
    const hash = (sections.find((x) => x.name === 'payment_hash') as { value: string }).value;

    // A zapper's client listens for the receipt on its relay.
    const listener = await Relay.connect(net.relay.url);
    const receipts: NostrEvent[] = [];
    let seen: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (seen = resolve));
    listener.subscribe([{ kinds: [9735], '#p': [arcadeKey] }], {
      onevent(event) {
        // The relay also holds other tests' receipts to the arcade's key: this zapper's only.
        if (!event.tags.some((t) => t[0] === 'P' && t[1] === request.pubkey)) return;
        receipts.push(event);
        seen();
      },
    });
    await net.relay.whenSubscribed((filters) => filters.some((f) => f.kinds?.includes(9735)));

    // Two processes watch the wallet's notifications; the wallet sends duplicates; then a restart sweeps.
    const stopA = watchDonations({ ...s, receiver: newReceiver() }, 60_000);
    const stopB = watchDonations({ ...s, receiver: newReceiver() }, 60_000);
    await net.relay.whenSubscribed((filters) => filters.some((f) => f.kinds?.includes(23197)), 2);
    const paid = net.payAsDonor(pr);
    await arrived;
    await net.wallet.notify(hash);
    await net.wallet.notify(hash);
    await stopA();
    await stopB();
    await sweepDonations({ ...s, receiver: newReceiver() }, Date.now() + 60_000);
    listener.close();

    const row = await s.db
      .selectFrom('donations')
      .selectAll()
      .where('payment_hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'paid', source: 'zap', message: 'zap for the arcade ⚡', zap_request: text });
    expect(row.name).toMatch(/^npub1\w{7}…\w{6}$/);
    expect(Number(row.received_msat)).toBe(21_000);
    expect(row.preimage).toBe(paid.preimage);
    expect((await listAudit(s.db)).filter((a) => a.action === 'donation.received')).toHaveLength(1);
    expect((await listAudit(s.db)).filter((a) => a.action === 'donation.zap_receipt')).toHaveLength(1);

    // One receipt (one id however often it was published), checked as a zapper's client checks it.
    expect(new Set(receipts.map((r) => r.id)).size).toBe(1);
    const receipt = receipts[0]!;
    expect(row.zap_receipt_id).toBe(receipt.id);
    expect(verifyEvent(receipt)).toBe(true);
    expect(receipt).toMatchObject({ kind: 9735, pubkey: arcadeKey });
    const tag = (name: string) => receipt.tags.find((t) => t[0] === name)?.[1];
    expect(tag('bolt11')).toBe(pr);
    expect(tag('description')).toBe(text);
    expect(sha256Text(tag('description')!)).toBe(sha256Text(text));
    expect(tag('p')).toBe(arcadeKey);
    expect(tag('P')).toBe(request.pubkey);
    expect(sha256Hex(tag('preimage')!)).toBe(hash);
    expect(receipt.created_at).toBe(Math.floor(Number(row.paid_at) / 1000));

    const books = await openBooks(s);
    expect(books.in.find((e) => e.paymentHash === hash)).toMatchObject({ source: 'zap', sats: 21 });
  });

  it('takes zaps and payments to a tournament pool’s own address, pool-{id}', async () => {
    const now = Date.now();
    const { id } = await s.db
      .insertInto('tournaments')
      .values({
        name: `Zap Pool ${dialect} ${now}`,
        game_id: 'rekt',
        description: '',
        start_at: now - 3_600_000,
        end_at: now + 3_600_000,
        image_filename: null,
        first_place_sats: 1000,
        second_to_fifth_sats: 0,
        random_participant_sats: 0,
        report_content: '',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const answer = await payRequest(app, `pool-${id}`);
    expect(answer.callback).toMatch(new RegExp(`/api/lnurlp/pool-${id}/callback$`));
    expect(JSON.parse(answer.metadata)).toContainEqual([
      'text/plain',
      `Prize pool of Zap Pool ${dialect} ${now} at ${s.config.productName}`,
    ]);
    const { pr } = await callback(`pool-${id}`, { amount: '30000', comment: 'gl' });
    const hash = (decode(pr).sections.find((x) => x.name === 'payment_hash') as { value: string }).value;
    const zap = JSON.stringify(zapRequest(generateSecretKey(), 2_000_000));
    const { pr: zapPr } = await callback(`pool-${id}`, { amount: '2000000', nostr: zap });
    net.payAsDonor(pr);
    net.payAsDonor(zapPr);
    await sweepDonations(app, Date.now() + 60_000);
    const rows = await s.db.selectFrom('donations').select(['tournament_id', 'state', 'payment_hash']).execute();
    expect(rows.map((r) => [r.tournament_id, r.state])).toEqual([
      [id, 'paid'],
      [id, 'paid'],
    ]);
    expect(rows.map((r) => r.payment_hash)).toContain(hash);
    expect((await findTournament(s, id)).rewards).toMatchObject({ totalPrizePool: 1000 + 30 + 2000, givenSats: 2030 });
    await s.db
      .updateTable('tournaments')
      .set({ end_at: Date.now() - 1 })
      .where('id', '=', id)
      .execute();
    await expect(payRequest(app, `pool-${id}`)).rejects.toMatchObject({ status: 409 });
    await expect(payRequest(app, 'pool-999999')).rejects.toMatchObject({ status: 404 });
  });
});
