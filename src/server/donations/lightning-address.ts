import { createHash } from 'node:crypto';
import { DONOR_MESSAGE_MAX } from '~/lib/schemas/donations';
import { formatCount } from '~/lib/numbers';
import { HIDDEN_CHARACTERS } from '~/lib/schemas/text';
import { AppError } from '../shared/errors';
import { openPool } from '../tournaments/pools';
import { checkZapRequest, ZapError, zapPublicKey } from './zaps';
import { hit } from '../shared/rate-limit';
import { checkAmount, INVOICE_LIMIT, insertDonation, lightningAddressOf, type DonationServices } from './donations';

// The arcade's own Lightning Address (LUD-16), `{DONATION_ADDRESS_NAME}@{SITE_URL's host}`: any wallet
// sends sats to it with a comment (LUD-12), and each payment is a donation like one from the Donate
// page, credited once by the same watcher. The pay request (LUD-06) is
// `GET /.well-known/lnurlp/{name}`; its callback `GET /api/lnurlp/{name}/callback?amount=<msat>&comment=…`
// answers an invoice from the arcade's wallet committing to the SHA-256 of the metadata.

/** The comment length the pay request allows (LUD-12), the Donate page's message limit. */
export const COMMENT_ALLOWED = DONOR_MESSAGE_MAX;

/** An LNURL error answer: `{ status: 'ERROR', reason }` (LUD-06), with an HTTP status that says it too. */
export class LnurlError extends AppError {
  constructor(status: number, reason: string) {
    super(status, reason, {}, { status: 'ERROR', reason });
  }
}

/** A tournament's pool has its own address: `pool-{id}@{SITE_URL's host}` (notes/pools.md). */
const POOL_NAME = /^pool-([1-9]\d{0,9})$/;

/** Whom an address pays: the arcade, or a tournament's pool. */
type Payee = { pool: null } | { pool: { id: number; name: string } };

/** The metadata string of the pay request (its SHA-256 is the invoices' description hash). */
export function metadataOf(services: Pick<DonationServices, 'config'>, payee: Payee = { pool: null }): string {
  const { config } = services;
  const host = new URL(config.siteUrl).host;
  return JSON.stringify(
    payee.pool
      ? [
          ['text/plain', `Prize pool of ${payee.pool.name} at ${config.productName}`],
          ['text/identifier', `pool-${payee.pool.id}@${host}`],
        ]
      : [
          ['text/plain', `Donation to ${config.productName}`],
          ['text/identifier', lightningAddressOf(config)],
        ],
  );
}

async function payeeOf(services: DonationServices, name: string, now: number): Promise<Payee> {
  if (!services.receiver)
    throw new LnurlError(404, 'This arcade takes no Lightning payments: it has no wallet connected.');
  const lower = name.toLowerCase();
  if (lower === services.config.donations.addressName) return { pool: null };
  const pool = POOL_NAME.exec(lower);
  if (pool) {
    try {
      const row = await openPool(services.db, Number(pool[1]), now);
      return { pool: { id: row.id, name: row.name } };
    } catch (error) {
      throw new LnurlError((error as AppError).status ?? 404, (error as Error).message);
    }
  }
  throw new LnurlError(404, `There is no Lightning Address ${name}@${new URL(services.config.siteUrl).host}.`);
}

/**
 * `GET /.well-known/lnurlp/{name}`: the pay request (LUD-06, LUD-16, LUD-12), taking Nostr zaps
 * (NIP-57: `allowsNostr`, the arcade's `nostrPubkey`). `name` is the arcade's address name, or
 * `pool-{id}` for an open tournament pool.
 */
export async function payRequest(services: DonationServices, name: string, now = Date.now()) {
  const payee = await payeeOf(services, name, now);
  const { config } = services;
  const callbackName = payee.pool ? `pool-${payee.pool.id}` : config.donations.addressName;
  return {
    tag: 'payRequest',
    callback: `${config.siteUrl}/api/lnurlp/${encodeURIComponent(callbackName)}/callback`,
    minSendable: config.donations.minSats * 1000,
    maxSendable: config.donations.maxSats * 1000,
    metadata: metadataOf(services, payee),
    commentAllowed: COMMENT_ALLOWED,
    allowsNostr: true,
    nostrPubkey: zapPublicKey(config),
  };
}

/** `GET /api/lnurlp/{name}/callback`: an invoice for `amount` msat (whole sats within the bounds), rate-limited per client. */
export async function addressInvoice(
  services: DonationServices,
  client: string,
  name: string,
  params: URLSearchParams,
  now = Date.now(),
): Promise<{ pr: string; routes: [] }> {
  const payee = await payeeOf(services, name, now);
  const amountText = params.get('amount') ?? '';
  const msat = Number(amountText);
  if (!/^\d{1,16}$/.test(amountText) || msat % 1000 !== 0)
    throw new LnurlError(
      400,
      'The amount must be given in millisatoshis, as a whole number of sats (amount=21000 for 21 sats).',
    );
  try {
    checkAmount(services.config, msat / 1000);
  } catch (error) {
    throw new LnurlError(400, (error as Error).message);
  }
  const nostr = params.get('nostr');
  if (nostr !== null) return zapInvoice(services, client, payee, nostr, msat, now);
  const comment = (params.get('comment') ?? '').trim();
  if (comment.length > COMMENT_ALLOWED)
    throw new LnurlError(400, `The comment can be at most ${formatCount(COMMENT_ALLOWED)} characters.`);
  if (HIDDEN_CHARACTERS.test(comment))
    throw new LnurlError(400, 'The comment cannot hold control characters or text-direction marks.');
  await hit(services.db, `donation:${client}`, INVOICE_LIMIT, now);
  const created = await insertDonation(services, {
    source: 'address',
    sats: msat / 1000,
    name: null,
    message: comment || null,
    tournamentId: payee.pool?.id ?? null,
    descriptionHash: createHash('sha256').update(metadataOf(services, payee)).digest('hex'),
    now,
  });
  return { pr: created.invoice, routes: [] };
}

/** The callback with a zap request (NIP-57): checked, then an invoice committing to it; the zap is a donation. */
async function zapInvoice(
  services: DonationServices,
  client: string,
  payee: Payee,
  text: string,
  msat: number,
  now: number,
): Promise<{ pr: string; routes: [] }> {
  let zap;
  try {
    zap = checkZapRequest(text, msat, COMMENT_ALLOWED, services.config.payouts.addresses.allowPrivate);
  } catch (error) {
    if (error instanceof ZapError) throw new LnurlError(400, error.message);
    throw error;
  }
  await hit(services.db, `donation:${client}`, INVOICE_LIMIT, now);
  const created = await insertDonation(services, {
    source: 'zap',
    sats: msat / 1000,
    name: zap.sender,
    message: zap.comment,
    tournamentId: payee.pool?.id ?? null,
    descriptionHash: zap.descriptionHash,
    zapRequest: text,
    now,
  });
  return { pr: created.invoice, routes: [] };
}
