import { createHash } from 'node:crypto';
import { DONOR_MESSAGE_MAX } from '~/lib/schemas/donations';
import { formatCount } from '~/lib/numbers';
import { HIDDEN_CHARACTERS } from '~/lib/schemas/text';
import { AppError } from '../shared/errors';
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

/** The metadata string of the pay request (its SHA-256 is the invoices' description hash). */
export function metadataOf(services: Pick<DonationServices, 'config'>): string {
  const { config } = services;
  return JSON.stringify([
    ['text/plain', `Donation to ${config.productName}`],
    ['text/identifier', lightningAddressOf(config)],
  ]);
}

function checkName(services: DonationServices, name: string): void {
  if (!services.receiver)
    throw new LnurlError(404, 'This arcade takes no Lightning payments: it has no wallet connected.');
  if (name.toLowerCase() !== services.config.donations.addressName)
    throw new LnurlError(404, `There is no Lightning Address ${name}@${new URL(services.config.siteUrl).host}.`);
}

/** `GET /.well-known/lnurlp/{name}`: the pay request (LUD-06, LUD-16, LUD-12). */
export function payRequest(services: DonationServices, name: string) {
  checkName(services, name);
  const { config } = services;
  return {
    tag: 'payRequest',
    callback: `${config.siteUrl}/api/lnurlp/${encodeURIComponent(config.donations.addressName)}/callback`,
    minSendable: config.donations.minSats * 1000,
    maxSendable: config.donations.maxSats * 1000,
    metadata: metadataOf(services),
    commentAllowed: COMMENT_ALLOWED,
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
  checkName(services, name);
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
    tournamentId: null,
    descriptionHash: createHash('sha256').update(metadataOf(services)).digest('hex'),
    now,
  });
  return { pr: created.invoice, routes: [] };
}
