import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LightningAddress } from '@getalby/lightning-tools/lnurl';
import { decode } from 'light-bolt11-decoder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newClientIp } from '../support/api';
import { startLightningNetwork, type LightningNetwork } from '../support/lightning/network';
import { signUpPlayer, type ApiPlayer } from '../support/players';
import { startServer, type RunningServer } from '../support/server';
import { createPgDatabase, DIALECTS } from '../support/services';

// Donations and the open books through the built server (README, "Donations and open books"):
// the calls' answers and guards, a donor paying from elsewhere on the test network, the books
// matching the wallet's own record, moderation, and a kill -9 between invoice and payment.

const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

let net: LightningNetwork;
beforeAll(async () => {
  net = await startLightningNetwork();
});
afterAll(async () => {
  await net?.close();
});

describe.each(DIALECTS)('donations through the server on %s', (dialect) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sats-arcade-donations-'));
  let pg: Awaited<ReturnType<typeof createPgDatabase>> | null = null;
  let server: RunningServer;
  let admin: ApiPlayer;
  let player: ApiPlayer;
  const secret = randomBytes(32).toString('hex');
  const env = () => ({
    SECRET_KEY: secret,
    TRUST_PROXY: '1',
    ADMIN_USER_IDS: '1',
    NWC_URL: net.nwcUrl,
    DONATION_ADDRESS_NAME: 'tips',
    ...(pg ? { DATABASE_URL: pg.url } : {}),
  });

  beforeAll(async () => {
    pg = dialect === 'postgres' ? await createPgDatabase({ migrated: true }) : null;
    server = await startServer(env(), { dataDir });
    admin = await signUpPlayer(server, `Don_Admin_${dialect}`);
    player = await signUpPlayer(server, `Don_Player_${dialect}`);
  });
  afterAll(async () => {
    await server?.stop();
    await pg?.drop();
  });

  const donate = (body: unknown, ip = newClientIp()) => call(server, '/api/donations', { body, ip });

  it('answers bad requests with a clear 4xx, and rate-limits invoices per client', async () => {
    expect((await donate({})).status).toBe(400);
    const tooSmall = await donate({ sats: 1 });
    expect(tooSmall).toMatchObject({ status: 400, json: { error: 'Choose an amount from 10 to 1,000,000 sats.' } });
    expect((await donate({ sats: 10.5 })).status).toBe(400);
    expect((await donate({ sats: 100, name: 'x'.repeat(41) })).json.error).toBe(
      'The name can be at most 40 characters.',
    );
    expect((await donate({ sats: 100, message: 'm'.repeat(141) })).json.error).toBe(
      'The message can be at most 140 characters.',
    );
    expect((await donate({ sats: 100, name: 'a\u0000b' })).status).toBe(400);
    expect((await call(server, '/api/donations/xyz')).status).toBe(400);
    expect((await call(server, `/api/donations/${'0'.repeat(64)}`)).status).toBe(404);
    expect(
      (await call(server, '/api/donations', { body: { sats: 100 }, headers: { origin: 'https://evil.example' } }))
        .status,
    ).toBe(403);
    const ip = newClientIp();
    for (let i = 0; i < 10; i++) expect((await donate({ sats: 10 }, ip)).status).toBe(201);
    const limited = await donate({ sats: 10 }, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a donor pays the invoice from another wallet: the page sees it paid, the books list it, equal to the wallet record', async () => {
    const created = await donate({
      sats: 2_100,
      name: 'Satoshi <b>fan</b>',
      message: '<script>alert(1)</script> https://x.example',
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ state: 'open', sats: 2_100, name: 'Satoshi <b>fan</b>' });
    expect(created.json.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    const hash = created.json.paymentHash as string;
    expect((await call(server, `/api/donations/${hash}`)).json.state).toBe('open');
    net.payAsDonor(created.json.invoice);
    await expect
      .poll(async () => (await call(server, `/api/donations/${hash}`)).json.state, { timeout: 15_000 })
      .toBe('paid');
    expect((await call(server, `/api/donations/${hash}`)).json.receivedSats).toBe(2_100);

    const books = (await call(server, '/api/books')).json;
    const entry = books.in.find((e: { paymentHash: string }) => e.paymentHash === hash);
    expect(entry).toMatchObject({ sats: 2_100, name: 'Satoshi <b>fan</b>', hidden: false, source: 'page' });
    expect(sha256(entry.preimage)).toBe(hash);
    // The books' money in is what the wallet's own record says it received for these invoices.
    const received = net.ledger
      .listInvoices()
      .filter((i) => i.payee === net.wallet.nodeName && i.settledAt !== undefined)
      .filter((i) => books.in.some((e: { paymentHash: string }) => e.paymentHash === i.paymentHash));
    expect(books.totals.inSats).toBe(received.reduce((sum, i) => sum + i.amountMsat / 1000, 0));
    expect(books.in.length).toBe(received.length);
    const month = new Date().toISOString().slice(0, 7);
    expect(books.months.find((m: { month: string }) => m.month === month).inSats).toBe(books.totals.inSats);

    // The books page shows the donor's words as text: no markup, no link.
    const page = await call(server, '/books');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Satoshi &lt;b&gt;fan&lt;/b&gt;');
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.text).not.toContain('href="https://x.example');
    // The Donate page offers Lightning with a wallet connected (its island asks).
    expect((await call(server, '/api/donations/options')).json).toEqual({
      enabled: true,
      minSats: 10,
      maxSats: 1_000_000,
      presets: [1_000, 5_000, 21_000, 100_000],
      lightningAddress: `tips@${new URL(server.url).host}`,
    });
  });

  it('an administrator hides a name and message (audited); others may not', async () => {
    const created = await donate({ sats: 500, name: 'Spammer', message: 'buy my coin' });
    net.payAsDonor(created.json.invoice);
    const hash = created.json.paymentHash as string;
    await expect
      .poll(async () => (await call(server, `/api/donations/${hash}`)).json.state, { timeout: 15_000 })
      .toBe('paid');
    const id = (await call(server, '/api/books')).json.in.find(
      (e: { paymentHash: string }) => e.paymentHash === hash,
    ).id;
    const path = `/api/admin/donations/${id}/hide`;
    expect((await call(server, path, { body: { hidden: true } })).status).toBe(401);
    expect((await call(server, path, { cookie: player.cookie, body: { hidden: true } })).status).toBe(403);
    expect((await call(server, path, { cookie: admin.cookie, body: { hidden: 'yes' } })).status).toBe(400);
    expect(
      (await call(server, '/api/admin/donations/999999/hide', { cookie: admin.cookie, body: { hidden: true } })).status,
    ).toBe(404);
    const hidden = await call(server, path, { cookie: admin.cookie, body: { hidden: true } });
    expect(hidden).toMatchObject({ status: 200, json: { hidden: true } });
    const entry = (await call(server, '/api/books')).json.in.find((e: { id: number }) => e.id === id);
    expect(entry).toMatchObject({ name: 'anonymous', message: null, hidden: true, sats: 500 });
    expect((await call(server, '/books')).text).not.toContain('buy my coin');
    const log = (await call(server, '/api/admin/audit-log', { cookie: admin.cookie })).json.entries as {
      action: string;
      targetId: string;
      actorName: string;
    }[];
    expect(log.find((e) => e.action === 'donation.hide' && e.targetId === String(id))?.actorName).toBe(
      `Don_Admin_${dialect}`,
    );
    expect((await call(server, path, { cookie: admin.cookie, body: { hidden: false } })).json.hidden).toBe(false);
    expect((await call(server, '/api/books')).json.in.find((e: { id: number }) => e.id === id).name).toBe('Spammer');
  });

  it(
    'kill -9 after the invoice was made, paid meanwhile: the restarted server credits it once',
    { timeout: 60_000 },
    async () => {
      const created = await donate({ sats: 3_333, name: 'Crash' });
      const hash = created.json.paymentHash as string;
      process.kill(server.pid, 'SIGKILL');
      await expect.poll(() => server.signalCode(), { timeout: 5000 }).toBe('SIGKILL');
      net.payAsDonor(created.json.invoice);
      server = await startServer(env(), { dataDir });
      // Nobody polls: the watcher's first sweep at start asks the wallet.
      await expect
        .poll(
          async () =>
            (await call(server, '/api/books')).json.in.some((e: { paymentHash: string }) => e.paymentHash === hash),
          {
            timeout: 20_000,
          },
        )
        .toBe(true);
      await net.wallet.notify(hash);
      expect((await call(server, `/api/donations/${hash}`)).json).toMatchObject({ state: 'paid', receivedSats: 3_333 });
      const log = (await call(server, '/api/admin/audit-log', { cookie: admin.cookie })).json.entries as {
        action: string;
        details: { paymentHash?: string };
      }[];
      expect(log.filter((e) => e.action === 'donation.received' && e.details.paymentHash === hash)).toHaveLength(1);
    },
  );

  it("the arcade's Lightning Address answers a real LNURL-pay client, with a comment, credited like any donation", async () => {
    const host = new URL(server.url).host;
    // @getalby/lightning-tools (the payouts' LNURL library) asks https://{domain}/.well-known/...; the
    // test server speaks plain HTTP on 127.0.0.1:PORT (an address's domain has no port): the
    // domain arcade.test stands for it, and only where those requests go is changed.
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) =>
      realFetch(
        String(input instanceof Request ? input.url : input).replace('https://arcade.test/', `${server.url}/`),
        init,
      )) as typeof fetch;
    try {
      const address = new LightningAddress('tips@arcade.test', { proxy: false });
      await address.fetch();
      expect(address.lnurlpData).toMatchObject({
        min: 10_000,
        max: 1_000_000_000,
        commentAllowed: 140,
        identifier: `tips@${host}`,
        description: 'Donation to Sats Arcade',
      });
      const invoice = await address.requestInvoice({ satoshi: 1_234, comment: 'gm from my wallet' });
      expect(invoice.satoshi).toBe(1_234);
      // The invoice commits to the pay request's metadata (LUD-06).
      // (light-bolt11-decoder's types leave out the description_hash section it returns)
      const decoded = decode(invoice.paymentRequest).sections as { name: string; value?: unknown }[];
      expect(decoded.find((x) => x.name === 'description_hash')?.value).toBe(address.lnurlpData!.metadataHash);
      await expect(address.requestInvoice({ satoshi: 5, comment: 'too little' })).rejects.toThrow('Invalid amount');
      await expect(address.requestInvoice({ satoshi: 100, comment: 'x'.repeat(141) })).rejects.toThrow(
        'The comment length must be 140 characters or fewer',
      );
      net.payAsDonor(invoice.paymentRequest);
      await expect
        .poll(async () => (await call(server, `/api/donations/${invoice.paymentHash}`)).json.state, { timeout: 15_000 })
        .toBe('paid');
      const entry = (await call(server, '/api/books')).json.in.find(
        (e: { paymentHash: string }) => e.paymentHash === invoice.paymentHash,
      );
      expect(entry).toMatchObject({ sats: 1_234, name: 'anonymous', message: 'gm from my wallet', source: 'address' });
    } finally {
      globalThis.fetch = realFetch;
    }
    // The server refuses what the library would not send, too.
    const callback = `/api/lnurlp/tips/callback`;
    expect((await call(server, `${callback}?amount=1500`)).json).toMatchObject({ status: 'ERROR' });
    expect((await call(server, `${callback}?amount=100000&comment=${'x'.repeat(141)}`)).json).toMatchObject({
      status: 'ERROR',
      reason: 'The comment can be at most 140 characters.',
    });
    expect((await call(server, `${callback}?amount=1000`)).status).toBe(400);
    const unknown = await call(server, '/.well-known/lnurlp/someone-else');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ status: 'ERROR' });
    expect(unknown.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('without a wallet the Donate page is as before and donations are refused', { timeout: 30_000 }, async () => {
    const plain = await startServer({ SECRET_KEY: secret });
    try {
      const page = await call(plain, '/donate');
      expect(page.status).toBe(200);
      expect(page.text).toContain('Bitcoin address');
      expect((await call(plain, '/api/donations/options')).json).toEqual({ enabled: false });
      const refused = await call(plain, '/api/donations', { body: { sats: 100 } });
      expect(refused.status).toBe(409);
      expect(refused.json.error).toMatch(/^Lightning donations are off/);
      expect((await call(plain, '/.well-known/lnurlp/tips')).status).toBe(404);
      expect((await call(plain, '/api/books')).json).toMatchObject({
        in: [],
        out: [],
        totals: { inSats: 0, outSats: 0 },
      });
    } finally {
      await plain.stop();
    }
  });
});
