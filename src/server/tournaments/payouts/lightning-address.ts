import { request } from 'node:https';
import { rootCertificates } from 'node:tls';
import { Invoice } from '@getalby/lightning-tools/bolt11';
import { parseLnUrlPayResponse, type LnUrlRawData } from '@getalby/lightning-tools/lnurl';
import { decode } from 'light-bolt11-decoder';
import { RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { shortened } from '~/lib/format';
import type { AddressFetchConfig } from '../../shared/config';

// A winner's Lightning Address to an invoice for exactly their prize (LUD-16 -> LUD-06), with the
// protocol authors' libraries: @getalby/lightning-tools reads the pay request and the invoice,
// light-bolt11-decoder its description hash. The host is one a player chose, so every request is
// https only, to a public address (request-filtering-agent checks the address actually connected
// to, so a name that resolves to a private address is refused too), with a short timeout, a size
// limit and no redirect to another host.

/** Why no invoice could be had, in words an admin can act on; nothing was paid. */
export class AddressFailure extends Error {
  override name = 'AddressFailure';
}

/** An invoice checked against the prize and the address. */
export interface CheckedInvoice {
  invoice: string;
  paymentHash: string;
  /** Its network, as BOLT11 writes it after `ln`: `bc` (mainnet), `tb`, `tbs`, `bcrt`. */
  network: string;
  /** Epoch milliseconds when the invoice expires. */
  expiresAt: number;
}

/** Bigger answers are not a pay request. */
const MAX_BODY_BYTES = 64 * 1024;
/** Redirects followed, on the same host only. */
const MAX_REDIRECTS = 2;
/** An invoice must stay payable at least this long after it arrives. */
const EXPIRY_MARGIN_MS = 60_000;
/** BOLT11's expiry when an invoice names none. */
const DEFAULT_EXPIRY_SECONDS = 3600;

/**
 * Ask `address`'s host for an invoice of `sats` and check it: exactly that amount, not expired, and
 * for the address's metadata (its description hash). Throws {@link AddressFailure} otherwise.
 */
export async function invoiceForAddress(
  address: string,
  sats: number,
  config: AddressFetchConfig,
  now = Date.now,
): Promise<CheckedInvoice> {
  const at = address.lastIndexOf('@');
  const name = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (at < 1 || !domain) throw new AddressFailure(`"${address}" is not a Lightning Address.`);
  const payRequest = await getJson(
    new URL(`https://${domain}/.well-known/lnurlp/${encodeURIComponent(name)}`),
    address,
    config,
  );
  if (payRequest.status === 'ERROR')
    throw new AddressFailure(`${address} answered: ${describe(payRequest.reason) || 'an error without a reason'}`);
  let params: Awaited<ReturnType<typeof parseLnUrlPayResponse>>;
  try {
    params = await parseLnUrlPayResponse(payRequest as unknown as LnUrlRawData);
  } catch {
    throw new AddressFailure(`${address} answered no Lightning pay request.`);
  }
  const msat = sats * 1000;
  const { minSendable, maxSendable } = params.rawData;
  if (!(msat >= Number(minSendable) && msat <= Number(maxSendable)))
    throw new AddressFailure(
      `${address} takes ${Math.ceil(Number(minSendable) / 1000)} to ${Math.floor(Number(maxSendable) / 1000)} sats, not ${sats}.`,
    );
  let callback: URL;
  try {
    callback = new URL(params.callback);
  } catch {
    throw new AddressFailure(`${address} answered a callback that is not an address.`);
  }
  callback.searchParams.set('amount', String(msat));
  const answer = await getJson(callback, address, config);
  if (answer.status === 'ERROR' || typeof answer.pr !== 'string' || !answer.pr)
    throw new AddressFailure(
      `${address} answered no invoice${answer.reason ? `: ${describe(answer.reason)}` : ''}.`.replace('..', '.'),
    );
  return checkInvoice(answer.pr, address, msat, params.metadataHash, now());
}

/** The invoice is for `msat`, payable for a while yet, and names the pay request's metadata. */
export function checkInvoice(
  pr: string,
  address: string,
  msat: number,
  metadataHash: string,
  now: number,
): CheckedInvoice {
  let invoice: Invoice;
  let descriptionHash: string | undefined;
  let network: string;
  try {
    invoice = new Invoice({ pr });
    // The decoder knows the `h` tag, though its types do not name it.
    const sections = decode(pr).sections as { name: string; letters?: string; value?: unknown }[];
    const section = sections.find((s) => s.name === 'description_hash');
    descriptionHash = section?.value === undefined ? undefined : String(section.value);
    network = sections.find((s) => s.name === 'coin_network')?.letters ?? '';
  } catch {
    throw new AddressFailure(`${address} answered an invoice that cannot be read.`);
  }
  if (invoice.millisatoshi !== msat)
    throw new AddressFailure(
      `${address} answered an invoice for ${invoice.millisatoshi ? `${invoice.millisatoshi / 1000} sats` : 'any amount'}, not ${msat / 1000} sats.`,
    );
  const expiresAt = (invoice.timestamp + (invoice.expiry ?? DEFAULT_EXPIRY_SECONDS)) * 1000;
  if (expiresAt < now + EXPIRY_MARGIN_MS)
    throw new AddressFailure(
      `${address} answered an invoice that ${expiresAt <= now ? 'has expired' : 'expires within a minute'}.`,
    );
  if (descriptionHash?.toLowerCase() !== metadataHash.toLowerCase())
    throw new AddressFailure(`${address} answered an invoice that does not match its own metadata.`);
  return { invoice: pr, paymentHash: invoice.paymentHash, expiresAt, network };
}

/** BOLT11's network letters by the names NIP-47's get_info gives a wallet's network. */
const INVOICE_NETWORKS: Record<string, string> = {
  mainnet: 'bc',
  bitcoin: 'bc',
  testnet: 'tb',
  testnet4: 'tb',
  signet: 'tbs',
  regtest: 'bcrt',
};
const NETWORK_NAMES: Record<string, string> = { bc: 'mainnet', tb: 'testnet', tbs: 'signet', bcrt: 'regtest' };

/**
 * Refuse an invoice for another network than the wallet's (`walletNetwork` as get_info names it;
 * none named: mainnet), before the wallet is asked: a wallet refuses it and, having tried nothing,
 * knows nothing of its hash, so the prize would wait for the invoice's expiry (the host's choice).
 */
export function assertSameNetwork(checked: CheckedInvoice, address: string, walletNetwork: string | undefined): void {
  const wanted = INVOICE_NETWORKS[(walletNetwork ?? 'mainnet').toLowerCase()] ?? walletNetwork ?? 'bc';
  if (checked.network === wanted) return;
  const name = (letters: string) => NETWORK_NAMES[letters] ?? `"${letters}"`;
  throw new AddressFailure(
    `${address} answered an invoice for ${name(checked.network)}, but the arcade's wallet pays on ${name(wanted)}: nothing was paid.`,
  );
}

/** A reason a host gave, made safe to show: one line, at most 120 characters, cut at a word. */
function describe(reason: unknown): string {
  return typeof reason === 'string' ? shortened(reason.replace(/\p{Cc}+/gu, ' ').trim(), 120) : '';
}

/** GET a JSON object from a host a player chose, under every rule above. */
async function getJson(
  url: URL,
  address: string,
  config: AddressFetchConfig,
  redirects = 0,
): Promise<Record<string, unknown>> {
  if (url.protocol !== 'https:') throw new AddressFailure(`${address} points to ${url.protocol}//, not https://.`);
  const host = url.hostname.toLowerCase();
  const pinned = config.connectTo.get(host);
  const agent = new RequestFilteringHttpsAgent({
    allowPrivateIPAddress: config.allowPrivate,
    ca: config.extraCa ? [...rootCertificates, config.extraCa] : undefined,
  });
  const seconds = config.timeoutMs / 1000;
  try {
    const { status, location, body } = await new Promise<{ status: number; location?: string; body: string }>(
      (resolve, reject) => {
        const req = request(
          {
            host: pinned?.host ?? host,
            port: pinned?.port ?? (url.port || 443),
            path: `${url.pathname}${url.search}`,
            servername: host,
            headers: { host: url.host, accept: 'application/json', 'user-agent': 'SatsArcade-payouts' },
            agent,
          },
          (res) => {
            let size = 0;
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => {
              size += chunk.length;
              if (size > MAX_BODY_BYTES) {
                req.destroy(new AddressFailure(`${address} answered more than ${MAX_BODY_BYTES / 1024} KB.`));
                return;
              }
              chunks.push(chunk);
            });
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                location: res.headers.location,
                body: Buffer.concat(chunks).toString('utf8'),
              }),
            );
            res.on('error', reject);
          },
        );
        // A whole request, not just a quiet socket: a host that trickles its answer is cut off too.
        const deadline = setTimeout(
          () => req.destroy(new AddressFailure(`${host} did not answer within ${seconds} s.`)),
          config.timeoutMs,
        );
        req.on('close', () => clearTimeout(deadline));
        req.on('error', reject);
        req.end();
      },
    );
    if (status >= 300 && status < 400 && location) {
      const next = new URL(location, url);
      if (next.hostname.toLowerCase() !== host || next.port !== url.port)
        throw new AddressFailure(`${address} redirected to another host (${next.host}).`);
      if (redirects >= MAX_REDIRECTS) throw new AddressFailure(`${address} redirected too often.`);
      return getJson(next, address, config, redirects + 1);
    }
    if (status !== 200) throw new AddressFailure(`${address} answered HTTP ${status}.`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new AddressFailure(`${address} answered something that is not JSON.`);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new AddressFailure(`${address} answered something that is not a pay request.`);
    return parsed as Record<string, unknown>;
  } catch (error) {
    if (error instanceof AddressFailure) throw error;
    const message = (error as Error).message ?? '';
    if (/private|denied|not allowed/i.test(message) || (error as { code?: string }).code === 'ERR_BLOCKED')
      throw new AddressFailure(`${host} is a private or local address, which the arcade does not call.`);
    throw new AddressFailure(`${host} could not be reached (${shortened(message, 200) || 'no answer'}).`);
  } finally {
    agent.destroy();
  }
}
