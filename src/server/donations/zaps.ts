import { createHash, createHmac } from 'node:crypto';
import { finalizeEvent, getPublicKey, type NostrEvent } from 'nostr-tools/pure';
import { makeZapReceipt, validateZapRequest } from 'nostr-tools/nip57';
import { Relay } from 'nostr-tools/relay';
import { npubEncode } from 'nostr-tools/nip19';
import { formatCount } from '~/lib/numbers';
import { HIDDEN_CHARACTERS } from '~/lib/schemas/text';
import type { Services } from '../context';
import type { Db } from '../db';
import { recordAudit } from '../shared/audit';
import { RECEIVING } from './donations';

// Nostr zaps (NIP-57) to the arcade's Lightning Address (notes/pools.md): its pay request says
// `allowsNostr` with the arcade's Nostr public key; the callback takes a zap request (kind 9734,
// checked as NIP-57's appendix D says) in `nostr`, and answers an invoice whose description hash is
// the SHA-256 of that request. The zap is a donation like any other, credited once by the same
// watcher; once it is paid, the arcade publishes the zap receipt (kind 9735, signed with its key) to
// the relays the request names. The receipt is built from the stored request, invoice, preimage and
// payment time, so every try (any process, after a restart) makes the very same event: relays keep
// one, and the donation records its id once one relay accepted it.

/** The longest zap request the callback reads (a request names a handful of relays and a short comment). */
export const ZAP_REQUEST_MAX = 8_000;

/** The relays of one request the arcade publishes its receipt to, at most. */
export const RECEIPT_RELAYS_MAX = 8;

/** How long a receipt is tried again after the zap was paid (by the watcher's sweeps). */
export const RECEIPT_RETRY_MS = 24 * 3_600_000;

/** How long one relay has to accept a receipt. */
const PUBLISH_TIMEOUT_MS = 5_000;

export class ZapError extends Error {
  override name = 'ZapError';
}

/** The secret key signing the arcade's zap receipts: ZAP_SECRET_KEY, else derived from the server secret. */
export function zapSecretKey(config: Services['config']): Uint8Array {
  if (config.donations.zapSecretKey) return Uint8Array.from(Buffer.from(config.donations.zapSecretKey, 'hex'));
  return Uint8Array.from(createHmac('sha256', config.secretKey).update('sats-arcade nostr zap receipts').digest());
}

/** The arcade's Nostr public key (hex), the pay request's `nostrPubkey`. */
export const zapPublicKey = (config: Services['config']) => getPublicKey(zapSecretKey(config));

/** A relay URL the arcade publishes to: wss://, or ws:// where private addresses are allowed (tests, a LAN). */
function relayAllowed(url: string, allowPrivate: boolean): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === 'wss:') return allowPrivate || !isLocalHost(parsed.hostname);
  return allowPrivate && parsed.protocol === 'ws:';
}

const isLocalHost = (host: string) =>
  host === 'localhost' ||
  host.endsWith('.localhost') ||
  /^(127\.|10\.|192\.168\.|169\.254\.|172\.(1[6-9]|2\d|3[01])\.|0\.)/.test(host) ||
  host.startsWith('[');

export interface CheckedZap {
  request: NostrEvent;
  /** Where the receipt goes. */
  relays: string[];
  /** The zapper's comment (the request's content). */
  comment: string | null;
  /** The zapper, shortened for the books ("npub1abcd…wxyz"). */
  sender: string;
  /** SHA-256 of the request as sent: the invoice's description hash. */
  descriptionHash: string;
}

/**
 * A zap request as NIP-57's appendix D asks a server to check it: a valid, signed kind 9734 event
 * with tags, exactly one `p` tag, at most one `e` and one `a` tag, a `relays` tag, and an `amount`
 * tag (if any) equal to the callback's amount. Throws a {@link ZapError} saying what is wrong.
 */
export function checkZapRequest(
  text: string,
  amountMsat: number,
  commentMax: number,
  allowPrivate: boolean,
): CheckedZap {
  if (text.length > ZAP_REQUEST_MAX)
    throw new ZapError(`The zap request is longer than ${formatCount(ZAP_REQUEST_MAX)} characters.`);
  const invalid = validateZapRequest(text);
  if (invalid) throw new ZapError(invalid);
  const request = JSON.parse(text) as NostrEvent;
  if (request.kind !== 9734) throw new ZapError('A zap request is a kind 9734 event.');
  const count = (name: string) => request.tags.filter((tag) => tag[0] === name).length;
  if (count('p') !== 1) throw new ZapError("A zap request has exactly one 'p' tag.");
  if (count('e') > 1) throw new ZapError("A zap request has at most one 'e' tag.");
  if (count('a') > 1) throw new ZapError("A zap request has at most one 'a' tag.");
  if (count('P') > 0) throw new ZapError("A zap request has no 'P' tag (the receipt adds it).");
  const a = request.tags.find((tag) => tag[0] === 'a');
  if (a && !/^\d+:[0-9a-f]{64}:.*$/.test(a[1] ?? ''))
    throw new ZapError("The zap request's 'a' tag is no event coordinate.");
  const amount = request.tags.find((tag) => tag[0] === 'amount');
  if (amount && amount[1] !== String(amountMsat))
    throw new ZapError(
      `The zap request's amount (${amount[1]} msat) is not the amount asked for (${amountMsat} msat).`,
    );
  const named = request.tags.filter((tag) => tag[0] === 'relays').flatMap((tag) => tag.slice(1));
  const relays = [...new Set(named.filter((url) => relayAllowed(url, allowPrivate)))].slice(0, RECEIPT_RELAYS_MAX);
  if (relays.length === 0)
    throw new ZapError('The zap request names no relay the arcade can publish the receipt to (wss:// URLs).');
  const comment = request.content.trim();
  if (comment.length > commentMax)
    throw new ZapError(`The zap comment can be at most ${formatCount(commentMax)} characters.`);
  if (HIDDEN_CHARACTERS.test(comment))
    throw new ZapError('The zap comment cannot hold control characters or text-direction marks.');
  const npub = npubEncode(request.pubkey);
  return {
    request,
    relays,
    comment: comment || null,
    sender: `${npub.slice(0, 12)}…${npub.slice(-6)}`,
    descriptionHash: createHash('sha256').update(text).digest('hex'),
  };
}

/** The receipt of a paid zap: the same event whoever builds it, whenever. */
export function zapReceiptOf(
  config: Services['config'],
  zap: { zap_request: string; invoice: string; preimage: string | null; paid_at: number | string | null },
): NostrEvent {
  const template = makeZapReceipt({
    zapRequest: zap.zap_request,
    preimage: zap.preimage ?? undefined,
    bolt11: zap.invoice,
    paidAt: new Date(Number(zap.paid_at)),
  });
  template.created_at = Math.floor(Number(zap.paid_at) / 1000);
  return finalizeEvent(template, zapSecretKey(config));
}

async function publishTo(url: string, event: NostrEvent): Promise<boolean> {
  let relay: Relay | undefined;
  try {
    relay = await Relay.connect(url, { timeout: PUBLISH_TIMEOUT_MS, enableReconnect: false });
    relay.publishTimeout = PUBLISH_TIMEOUT_MS;
    await relay.publish(event);
    return true;
  } catch {
    return false;
  } finally {
    relay?.close();
  }
}

/**
 * Publish the receipt of every paid zap that has none yet (paid within {@link RECEIPT_RETRY_MS}) to
 * its request's relays; once one relay accepted it, its id is recorded (once) and audited. A zap
 * whose relays all refuse is tried again at the next sweep. Returns how many were recorded.
 */
export async function publishZapReceipts(services: Pick<Services, 'db' | 'config'>, now = Date.now()): Promise<number> {
  const { db, config } = services;
  const due = await db
    .selectFrom('donations')
    .select(['id', 'tournament_id', 'zap_request', 'invoice', 'preimage', 'paid_at', 'payment_hash'])
    .where('source', '=', 'zap')
    .where('state', '=', 'paid')
    .where('zap_receipt_id', 'is', null)
    .where('zap_request', 'is not', null)
    .where('paid_at', '>', now - RECEIPT_RETRY_MS)
    .orderBy('id')
    .limit(100)
    .execute();
  let recorded = 0;
  for (const zap of due) {
    const event = zapReceiptOf(config, { ...zap, zap_request: zap.zap_request! });
    const relays = relaysOf(zap.zap_request!, config.payouts.addresses.allowPrivate);
    const accepted = (await Promise.all(relays.map((url) => publishTo(url, event)))).filter(Boolean).length;
    if (accepted === 0) {
      console.warn(`[arcade] donations: no relay took the zap receipt of ${zap.payment_hash}; tried again later.`);
      continue;
    }
    if (await recordReceipt(db, zap, event.id, accepted, relays.length, now)) recorded++;
  }
  return recorded;
}

function relaysOf(zapRequest: string, allowPrivate: boolean): string[] {
  const request = JSON.parse(zapRequest) as NostrEvent;
  const named = request.tags.filter((tag) => tag[0] === 'relays').flatMap((tag) => tag.slice(1));
  return [...new Set(named.filter((url) => relayAllowed(url, allowPrivate)))].slice(0, RECEIPT_RELAYS_MAX);
}

async function recordReceipt(
  db: Db,
  zap: { id: number; tournament_id: number | null; payment_hash: string },
  receiptId: string,
  accepted: number,
  tried: number,
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('donations')
      .set({ zap_receipt_id: receiptId })
      .where('id', '=', zap.id)
      .where('zap_receipt_id', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await recordAudit(
      trx,
      RECEIVING,
      {
        action: 'donation.zap_receipt',
        targetType: 'donation',
        targetId: zap.id,
        tournamentId: zap.tournament_id,
        details: { paymentHash: zap.payment_hash, receiptId, relaysAccepted: accepted, relaysTried: tried },
      },
      now,
    );
    return true;
  });
}
