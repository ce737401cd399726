/**
 * The test Lightning network (tests/support/lightning) is real enough to test payouts against: a
 * NWC client from the SDK talks to the test wallet through the nostr relay, pays a BOLT11 invoice
 * that the LNURL server issued for a Lightning address over HTTPS, and the money, the preimage and
 * the wallet's answers behave as a real wallet's do; the failure controls do what they promise.
 */
import { decodeInvoice, validatePreimage } from '@getalby/lightning-tools/bolt11';
import { NWCClient, Nip47WalletError } from '@getalby/sdk/nwc';
import { decode } from 'light-bolt11-decoder';
import { createHash } from 'node:crypto';
import { get } from 'node:https';
import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { testHostsLookup } from '../support/lightning/lnurl-server';
import { startLightningNetwork, type LightningNetwork } from '../support/lightning/network';

let network: LightningNetwork;
let client: NWCClient;

beforeAll(async () => {
  network = await startLightningNetwork({ balanceSats: 50_000 });
  client = new NWCClient({ nostrWalletConnectUrl: network.nwcUrl });
});
afterAll(async () => {
  client?.close();
  await network?.close();
});
afterEach(() => network.wallet.setBalance(50_000));

const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

/** GET over HTTPS, trusting only the test CA and reaching the test hosts at 127.0.0.1. */
function fetchText(url: string): Promise<{ status: number; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const options = { ca: network.caPem, lookup: testHostsLookup(network.lnurl.hosts) };
    get(url, options, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
    }).on('error', reject);
  });
}

/** LUD-16 then LUD-06: the pay request of an address, and the callback's answer for `sats`. */
async function requestInvoice(address: string, sats: number) {
  const payRequest = JSON.parse((await fetchText(network.lnurl.payRequestUrl(address))).body);
  const callback = new URL(payRequest.callback);
  callback.searchParams.set('amount', String(sats * 1000));
  const answer = JSON.parse((await fetchText(callback.href)).body);
  return { payRequest, answer, pr: answer.pr as string };
}

function descriptionHashOf(pr: string) {
  // light-bolt11-decoder's types leave description_hash out of its section names.
  const sections = decode(pr).sections as { name: string; value?: unknown }[];
  return sections.find((section) => section.name === 'description_hash')?.value;
}

describe('the test Lightning network', () => {
  it('answers get_info and get_balance as the SDK expects', async () => {
    const info = await client.getInfo();
    expect(info.alias).toBe('Test Wallet');
    expect(info.methods).toEqual(expect.arrayContaining(['pay_invoice', 'lookup_invoice', 'get_balance']));
    expect(await client.getBalance()).toEqual({ balance: 50_000_000 });
  });

  it('pays an LNURL invoice for a Lightning address: preimage, settled lookup, balances moved', async () => {
    const address = network.lnurl.address('winner');
    const { payRequest, pr } = await requestInvoice(address, 2_100);
    expect(payRequest).toMatchObject({ tag: 'payRequest', minSendable: 1_000 });

    const decoded = decodeInvoice(pr)!;
    expect(pr.startsWith('lnbcrt21u')).toBe(true);
    expect(decoded).toMatchObject({ satoshi: 2_100, expiry: 600 });
    expect(descriptionHashOf(pr)).toBe(createHash('sha256').update(payRequest.metadata).digest('hex'));

    const { preimage } = await client.payInvoice({ invoice: pr });
    expect(sha256(preimage)).toBe(decoded.paymentHash);
    expect(validatePreimage(preimage, decoded.paymentHash)).toBe(true);

    const byHash = await client.lookupInvoice({ payment_hash: decoded.paymentHash });
    expect(byHash).toMatchObject({ type: 'outgoing', state: 'settled', preimage, amount: 2_100_000 });
    expect(await client.lookupInvoice({ invoice: pr })).toMatchObject({ state: 'settled', preimage });

    expect((await client.getBalance()).balance).toBe(47_900_000);
    expect(network.lnurl.receivedSats(address)).toBe(2_100);
    expect(network.wallet.payRequestsFor(decoded.paymentHash)).toBe(1);
  });

  it('refuses to pay the same invoice twice and moves no money the second time', async () => {
    const { pr } = await requestInvoice(network.lnurl.address('twice'), 500);
    await client.payInvoice({ invoice: pr });
    const again = client.payInvoice({ invoice: pr });
    await expect(again).rejects.toBeInstanceOf(Nip47WalletError);
    await expect(again).rejects.toMatchObject({ code: 'PAYMENT_FAILED', message: 'invoice is already paid' });
    expect(network.wallet.balanceSats()).toBe(49_500);
    expect(network.lnurl.receivedSats('twice@wallet.test')).toBe(500);
    const hash = decodeInvoice(pr)!.paymentHash;
    expect(await client.lookupInvoice({ payment_hash: hash })).toMatchObject({ state: 'settled' });
  });

  it('refuses a payment larger than the balance with the wallet’s own error', async () => {
    network.wallet.setBalance(100);
    const { pr } = await requestInvoice(network.lnurl.address('too-much'), 2_000);
    await expect(client.payInvoice({ invoice: pr })).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: 'insufficient balance',
    });
    expect(network.wallet.balanceSats()).toBe(100);
    const hash = decodeInvoice(pr)!.paymentHash;
    expect(await client.lookupInvoice({ payment_hash: hash })).toMatchObject({ state: 'failed', preimage: '' });
  });

  it('answers NOT_FOUND for a payment it never made', async () => {
    const { pr } = await requestInvoice(network.lnurl.address('never-paid'), 10);
    await expect(client.lookupInvoice({ invoice: pr })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('gives each of two payments in flight its own answer', async () => {
    const first = await requestInvoice(network.lnurl.address('first'), 11);
    const second = await requestInvoice(network.lnurl.address('second'), 22);
    const [a, b] = await Promise.all([
      client.payInvoice({ invoice: first.pr }),
      client.payInvoice({ invoice: second.pr }),
    ]);
    expect(sha256(a.preimage)).toBe(decodeInvoice(first.pr)!.paymentHash);
    expect(sha256(b.preimage)).toBe(decodeInvoice(second.pr)!.paymentHash);
  });
});

describe('the test wallet’s failure controls', () => {
  it('holds a payment as pending, then settles it without answering (the payer never hears back)', async () => {
    const hold = network.wallet.holdPayments();
    try {
      const { pr } = await requestInvoice(network.lnurl.address('held'), 300);
      const hash = decodeInvoice(pr)!.paymentHash;
      const unanswered = client.payInvoice({ invoice: pr });
      unanswered.catch(() => {}); // it times out long after this test

      const held = await hold.next();
      expect(held.request.paymentHash).toBe(hash);
      expect(await client.lookupInvoice({ payment_hash: hash })).toMatchObject({ state: 'pending' });
      expect(network.wallet.balanceSats()).toBe(50_000);

      held.settleWithoutAnswer();
      const lookup = await client.lookupInvoice({ payment_hash: hash });
      expect(lookup.state).toBe('settled');
      expect(sha256(lookup.preimage)).toBe(hash);
      expect(network.wallet.balanceSats()).toBe(49_700);
      expect(network.wallet.payRequestsFor(hash)).toBe(1);
    } finally {
      hold.stop();
    }
  });

  it('answers a held payment when the test settles or fails it', async () => {
    const hold = network.wallet.holdPayments();
    try {
      const ok = await requestInvoice(network.lnurl.address('held-ok'), 7);
      const paying = client.payInvoice({ invoice: ok.pr });
      (await hold.next()).settle();
      expect(sha256((await paying).preimage)).toBe(decodeInvoice(ok.pr)!.paymentHash);

      const ko = await requestInvoice(network.lnurl.address('held-ko'), 7);
      const failing = client.payInvoice({ invoice: ko.pr });
      (await hold.next()).fail('PAYMENT_FAILED', 'no route');
      await expect(failing).rejects.toMatchObject({ code: 'PAYMENT_FAILED', message: 'no route' });
    } finally {
      hold.stop();
    }
  });

  it('refuses the next request with the error it is given', async () => {
    network.wallet.refuseNext('RATE_LIMITED', 'slow down');
    const { pr } = await requestInvoice(network.lnurl.address('refused'), 5);
    await expect(client.payInvoice({ invoice: pr })).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect((await client.payInvoice({ invoice: pr })).preimage).toHaveLength(64);
    expect(network.wallet.payRequestsFor(decodeInvoice(pr)!.paymentHash)).toBe(2);
  });
});

describe('the LNURL server’s misbehaving addresses', () => {
  it('issues what each broken name promises', async () => {
    const wrong = await requestInvoice('wrong-amount@wallet.test', 100);
    expect(decodeInvoice(wrong.pr)!.satoshi).toBe(200);

    const expired = decodeInvoice((await requestInvoice('expired@wallet.test', 100)).pr)!;
    expect(expired.timestamp + expired.expiry!).toBeLessThan(Date.now() / 1000);

    const badHash = await requestInvoice('bad-hash@wallet.test', 100);
    expect(descriptionHashOf(badHash.pr)).not.toBe(
      createHash('sha256').update(badHash.payRequest.metadata).digest('hex'),
    );

    expect(decodeInvoice((await requestInvoice('malformed@wallet.test', 100)).pr)).toBeNull();
    expect((await requestInvoice('no-invoice@wallet.test', 100)).answer).toMatchObject({ status: 'ERROR' });
  });

  it('answers garbage, a huge body, or a redirect to a private address', async () => {
    const garbage = await fetchText(network.lnurl.payRequestUrl('garbage@wallet.test'));
    expect(() => JSON.parse(garbage.body)).toThrow();
    const huge = await fetchText(network.lnurl.payRequestUrl('huge@wallet.test'));
    expect(huge.body.length).toBeGreaterThan(4 * 1024 * 1024);
    const redirect = await fetchText(network.lnurl.payRequestUrl('redirect-private@wallet.test'));
    expect(redirect.status).toBe(302);
    expect(new URL(redirect.location!).hostname).toBe('127.0.0.1');
  });

  it('keeps a slow address waiting until released', async () => {
    const before = network.lnurl.requests.length;
    const answer = fetchText(network.lnurl.payRequestUrl('anyone@slow.test'));
    await expect.poll(() => network.lnurl.requests.length).toBe(before + 1);
    network.lnurl.releaseSlow();
    expect(JSON.parse((await answer).body)).toMatchObject({ tag: 'payRequest' });
  });
});

describe('the test relay', () => {
  it('sends a live event only to the subscriptions whose tag filters match it', async () => {
    const socket = new WebSocket(network.relay.url);
    const messages: unknown[][] = [];
    let arrived = () => {};
    socket.on('message', (data) => {
      messages.push(JSON.parse(String(data)));
      arrived();
    });
    /** Resolves once a message like `[type, second]` has arrived. */
    const receive = (type: string, second: string) =>
      new Promise<void>((resolve) => {
        const check = () => messages.some((m) => m[0] === type && m[1] === second) && resolve();
        arrived = check;
        check();
      });
    await new Promise((resolve) => socket.once('open', resolve));
    for (const tag of ['a', 'b']) {
      socket.send(JSON.stringify(['REQ', tag, { kinds: [20001], '#t': [tag] }]));
      await receive('EOSE', tag);
    }
    const key = generateSecretKey();
    // The relay passes an event on before it says OK, and one socket keeps its order: once 'for b'
    // arrives, anything 'for a' was going to be sent to subscription b has arrived before it.
    for (const tag of ['a', 'b']) {
      const created_at = Math.floor(Date.now() / 1000);
      const event = finalizeEvent({ kind: 20001, created_at, tags: [['t', tag]], content: `for ${tag}` }, key);
      socket.send(JSON.stringify(['EVENT', event]));
      await receive('OK', event.id);
    }
    await receive('EVENT', 'b');
    socket.close();
    const events = messages.filter((m) => m[0] === 'EVENT').map((m) => [m[1], (m[2] as { content: string }).content]);
    expect(events).toEqual([
      ['a', 'for a'],
      ['b', 'for b'],
    ]);
  });
});
