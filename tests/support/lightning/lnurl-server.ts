/**
 * The winners' side of a prize: an HTTPS LNURL-pay server (LUD-06, LUD-16) for Lightning addresses
 * such as `ok@wallet.test`. `GET /.well-known/lnurlp/{name}` answers the pay request and its
 * callback `?amount=<msat>` answers an invoice from the test ledger paying the address's own node
 * (named after the address), committing to the SHA-256 of the metadata string.
 *
 * It listens on 127.0.0.1 under a certificate for its host names, signed by a CA made at start
 * (`selfsigned`): the client is told to trust `caPem` and to reach those names at 127.0.0.1:port.
 *
 * Each name behaves as its behaviour says (by default a name that is a behaviour's name behaves so,
 * any other name, and `ok`, correctly; every name on `slow.test` is slow), for the failure tests:
 * - ok: a correct pay request and invoice;
 * - wrong-amount: the invoice is for twice the amount asked;
 * - expired: the invoice expired an hour ago;
 * - malformed: `pr` is not an invoice;
 * - bad-hash: the invoice's description hash is not the metadata's;
 * - no-invoice: the callback answers `{ status: 'ERROR', reason }`;
 * - slow, slow-callback: the pay request (or the callback) answers only after `slowDelayMs`, or
 *   when `releaseSlow()` is called;
 * - garbage: the pay request is not JSON; huge: it is a 4 MiB JSON body;
 * - redirect-private: the pay request is a 302 to https://127.0.0.1:PORT/private/… (this server,
 *   so a client that follows it is seen in `requests` with step 'private').
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import selfsigned from 'selfsigned';
import { payAsDonor, type Ledger } from './ledger.ts';

export const LNURL_BEHAVIOURS = [
  'ok',
  'wrong-amount',
  'expired',
  'malformed',
  'bad-hash',
  'no-invoice',
  'slow',
  'slow-callback',
  'garbage',
  'huge',
  'redirect-private',
  /** A correctly signed invoice of the right amount and metadata, for testnet (`lntb…`). */
  'other-network',
] as const;
export type LnurlBehaviour = (typeof LNURL_BEHAVIOURS)[number];

export interface LnurlServerOptions {
  ledger: Ledger;
  /** Host names served (and in the certificate); default ['wallet.test', 'slow.test']. */
  hosts?: string[];
  /** A fixed port (the standalone network); default a free one. */
  port?: number;
  /** How long slow answers wait; default 30 s, longer than any client timeout worth having. */
  slowDelayMs?: number;
  /** The pay request's bounds, in msat; default 1 sat to 1 BTC. */
  minSendableMsat?: number;
  maxSendableMsat?: number;
}

/** A request the server received, for tests to count. */
export interface LnurlRequest {
  host: string;
  name: string;
  step: 'pay-request' | 'callback' | 'private';
  /** The callback's `amount`, in msat. */
  amountMsat?: number;
  /** The invoice answered by the callback, if any. */
  invoice?: string;
}

export interface LnurlServer {
  port: number;
  /** The CA certificate (PEM) that signed the server's certificate: the one to trust. */
  caPem: string;
  hosts: string[];
  /** `name@host`; host defaults to the first one. */
  address(name: string, host?: string): string;
  /** The LUD-16 pay request URL of an address, with this server's port: `https://host:PORT/.well-known/lnurlp/name`. */
  payRequestUrl(address: string): string;
  /** What an address received, in sats (its node in the ledger is named after the address). */
  receivedSats(address: string): number;
  /** Makes a name behave so (on every host), whatever its name says. */
  setBehaviour(name: string, behaviour: LnurlBehaviour): void;
  /** Answers every slow request waiting now, as if its delay had passed. */
  releaseSlow(): void;
  readonly requests: LnurlRequest[];
  close(): Promise<void>;
}

/** A DNS lookup for `net`/`https` that sends this server's host names to 127.0.0.1 (and others to DNS's). */
export function testHostsLookup(hosts: string[], fallback?: LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    if (!hosts.includes(hostname)) {
      if (!fallback) return callback(new Error(`not a test host: ${hostname}`), '', 4);
      return fallback(hostname, options, callback);
    }
    if (options.all)
      return (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: '127.0.0.1', family: 4 },
      ]);
    callback(null, '127.0.0.1', 4);
  };
}

export async function startLnurlServer(options: LnurlServerOptions): Promise<LnurlServer> {
  const { ledger } = options;
  const hosts = options.hosts ?? ['wallet.test', 'slow.test'];
  const slowDelayMs = options.slowDelayMs ?? 30_000;
  const minSendable = options.minSendableMsat ?? 1_000;
  const maxSendable = options.maxSendableMsat ?? 100_000_000_000;
  const overrides = new Map<string, LnurlBehaviour>();
  const requests: LnurlRequest[] = [];
  const slow = new Set<{ timer: NodeJS.Timeout | undefined; answer: () => void }>();
  const { caPem, key, cert } = await makeCertificates(hosts);
  let port = 0;

  const behaviourOf = (host: string, name: string): LnurlBehaviour =>
    overrides.get(name) ??
    (host === 'slow.test'
      ? 'slow'
      : (LNURL_BEHAVIOURS as readonly string[]).includes(name)
        ? (name as LnurlBehaviour)
        : 'ok');
  const metadataOf = (address: string) =>
    JSON.stringify([
      ['text/plain', `Sats Arcade prize for ${address}`],
      ['text/identifier', address],
    ]);
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

  function later(answer: () => void) {
    const entry = {
      timer: undefined as NodeJS.Timeout | undefined,
      answer() {
        clearTimeout(entry.timer);
        slow.delete(entry);
        answer();
      },
    };
    entry.timer = setTimeout(entry.answer, slowDelayMs);
    slow.add(entry);
  }

  function payRequest(res: ServerResponse, host: string, name: string) {
    const address = `${name}@${host}`;
    json(res, 200, {
      tag: 'payRequest',
      callback: `https://${host}:${port}/lnurlp/${encodeURIComponent(name)}/callback`,
      minSendable,
      maxSendable,
      metadata: metadataOf(address),
    });
  }

  function callback(res: ServerResponse, host: string, name: string, amountParam: string | null, seen: LnurlRequest) {
    const behaviour = behaviourOf(host, name);
    const amount = Number(amountParam);
    if (!Number.isSafeInteger(amount) || amount < minSendable || amount > maxSendable) {
      return json(res, 200, {
        status: 'ERROR',
        reason: `amount must be between ${minSendable} and ${maxSendable} msat`,
      });
    }
    seen.amountMsat = amount;
    if (behaviour === 'no-invoice') return json(res, 200, { status: 'ERROR', reason: 'Unable to create an invoice' });
    if (behaviour === 'malformed') return json(res, 200, { pr: 'lnbcrt1this-is-not-an-invoice', routes: [] });
    const address = `${name}@${host}`;
    const invoice = ledger.createInvoice({
      node: address,
      msat: behaviour === 'wrong-amount' ? amount * 2 : amount,
      descriptionHash: sha256(behaviour === 'bad-hash' ? `${metadataOf(address)} (another one)` : metadataOf(address)),
      expirySeconds: 600,
      ...(behaviour === 'expired' ? { timestamp: Math.floor(Date.now() / 1000) - 3600 } : {}),
      ...(behaviour === 'other-network' ? { network: 'testnet' as const } : {}),
    });
    seen.invoice = invoice.paymentRequest;
    const answer = () => json(res, 200, { pr: invoice.paymentRequest, routes: [] });
    if (behaviour === 'slow-callback') later(answer);
    else answer();
  }

  function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'https://localhost');
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    if (url.pathname === '/health') return json(res, 200, { status: 'OK' });
    // The payer side for the e2e tests: a donor's wallet pays the invoice given (POST /pay?invoice=…).
    if (url.pathname === '/pay' && req.method === 'POST') {
      try {
        const paid = payAsDonor(ledger, url.searchParams.get('invoice') ?? '');
        return json(res, 200, { status: 'OK', paymentHash: paid.paymentHash });
      } catch (error) {
        return json(res, 400, { status: 'ERROR', reason: (error as Error).message });
      }
    }

    const privateMatch = url.pathname.match(/^\/private\/lnurlp\/([^/]+)$/);
    if (privateMatch) {
      requests.push({ host, name: decodeURIComponent(privateMatch[1]), step: 'private' });
      return payRequest(res, hosts[0], decodeURIComponent(privateMatch[1]));
    }
    if (!hosts.includes(host)) return json(res, 404, { status: 'ERROR', reason: `unknown host ${host}` });

    const wellKnown = url.pathname.match(/^\/\.well-known\/lnurlp\/([^/]+)$/);
    if (wellKnown) {
      const name = decodeURIComponent(wellKnown[1]);
      requests.push({ host, name, step: 'pay-request' });
      switch (behaviourOf(host, name)) {
        case 'slow':
          return later(() => payRequest(res, host, name));
        case 'garbage':
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end('<html><body>502 Bad Gateway, or so</body></html>');
        case 'huge':
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(JSON.stringify({ tag: 'payRequest', padding: 'x'.repeat(4 * 1024 * 1024) }));
        case 'redirect-private':
          res.writeHead(302, { location: `https://127.0.0.1:${port}/private/lnurlp/${encodeURIComponent(name)}` });
          return res.end();
        default:
          return payRequest(res, host, name);
      }
    }

    const callbackMatch = url.pathname.match(/^\/lnurlp\/([^/]+)\/callback$/);
    if (callbackMatch) {
      const seen: LnurlRequest = { host, name: decodeURIComponent(callbackMatch[1]), step: 'callback' };
      requests.push(seen);
      return callback(res, host, seen.name, url.searchParams.get('amount'), seen);
    }
    json(res, 404, { status: 'ERROR', reason: 'not found' });
  }

  const server: Server = createServer({ key, cert }, handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;

  return {
    port,
    caPem,
    hosts,
    address: (name, host = hosts[0]) => `${name}@${host}`,
    payRequestUrl(address) {
      const [name, host] = address.split('@');
      return `https://${host}:${port}/.well-known/lnurlp/${encodeURIComponent(name)}`;
    },
    receivedSats: (address) => ledger.balanceSats(address),
    setBehaviour: (name, behaviour) => void overrides.set(name, behaviour),
    releaseSlow() {
      for (const entry of [...slow]) entry.answer();
    },
    requests,
    async close() {
      for (const entry of slow) clearTimeout(entry.timer);
      slow.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** A CA, and a server certificate it signed for `hosts`, localhost and 127.0.0.1. */
async function makeCertificates(hosts: string[]) {
  const ca = await selfsigned.generate([{ name: 'commonName', value: 'Sats Arcade test CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const server = await selfsigned.generate([{ name: 'commonName', value: hosts[0] }], {
    keyType: 'ec',
    algorithm: 'sha256',
    ca: { key: ca.private, cert: ca.cert },
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          ...[...hosts, 'localhost'].map((value) => ({ type: 2 as const, value })),
          { type: 7 as const, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  return { caPem: ca.cert, key: server.private, cert: server.cert };
}
