import { iso } from '~/lib/dates';
import {
  DONATION_PRESETS,
  type CreatedDonation,
  type Donation,
  type DonationOptions,
  type DonationRequest,
} from '~/lib/schemas/donations';
import { formatCount } from '~/lib/numbers';
import type { Selectable } from 'kysely';
import type { Services } from '../context';
import type { Db } from '../db';
import type { DonationsTable } from '../db/schema';
import { recordAudit, type Actor } from '../shared/audit';
import { AppError, badRequest, conflict, notFound } from '../shared/errors';
import { donationSats, donations as donationCount } from '../shared/metrics';
import { qrSvgDataUrl } from '../shared/qr';
import { hit, type Limit } from '../shared/rate-limit';
import { scheduleSweep } from '../shared/sweep';
import { preimageMatches } from '../tournaments/payouts/payouts';
import { openPool } from '../tournaments/pools';
import { ReceiverError, type Received } from './receiver';
import { publishZapReceipts } from './zaps';

// Donations over Lightning, credited exactly once (README, "Donations and open books"). A donation
// is an invoice the arcade's wallet made (make_invoice), kept before it is shown. Whoever learns
// first that it was paid credits it (a `payment_received` notification, the watcher's lookup in any
// process, the page's poll): one conditional update, open -> paid, so duplicates, restarts and
// second processes credit nothing more. Believed only with a preimage whose SHA-256 is the hash;
// the sats credited are what the wallet says it received. An invoice past its expiry (and a grace)
// that the wallet does not report paid becomes expired, for good.

export type DonationServices = Pick<Services, 'db' | 'config' | 'receiver'>;

/** Who writes a donation's audit records: the arcade (nobody signs in to donate). */
export const RECEIVING: Actor = { id: null, username: 'arcade (donations)' };

/** How long a donation invoice can be paid. */
export const INVOICE_EXPIRY_SECONDS = 15 * 60;

/** After its expiry, how long an unpaid invoice stays open (clocks that disagree, a payment settling). */
export const EXPIRY_GRACE_MS = 2 * 60_000;

/** Invoices one client may ask for (the existing per-client rate limiter, shared by every process). */
export const INVOICE_LIMIT: Limit = { max: 10, windowMs: 10 * 60_000, what: 'donation invoices from here' };

/** The watcher asks the wallet about each open invoice at most this often (across processes). */
export const SWEEP_EVERY_MS = 10_000;

/** The page's poll asks the wallet at most this often per invoice; in between it reads the database. */
export const POLL_CHECK_MS = 2_000;

/** Unpaid invoices are deleted this long after they expired (pruning). */
export const UNPAID_RETENTION_MS = 24 * 3_600_000;

const OFF = 'Lightning donations are off: the arcade has no wallet connected. The Bitcoin address below still works.';

/** What the Donate page offers, or null without a wallet (the page is then as it always was). */
export function donationOptions(services: Pick<Services, 'config' | 'receiver'>): DonationOptions | null {
  if (!services.receiver) return null;
  const { minSats, maxSats } = services.config.donations;
  return {
    minSats,
    maxSats,
    presets: DONATION_PRESETS.filter((sats) => sats >= minSats && sats <= maxSats),
    lightningAddress: lightningAddressOf(services.config),
  };
}

/** The arcade's own Lightning Address: DONATION_ADDRESS_NAME at SITE_URL's host. */
export function lightningAddressOf(config: Services['config']): string {
  return `${config.donations.addressName}@${new URL(config.siteUrl).host}`;
}

/** A donation row as the page and the API show it. */
export function donationOf(row: Selectable<DonationsTable>): Donation {
  return {
    paymentHash: row.payment_hash,
    invoice: row.invoice,
    state: row.state,
    sats: Number(row.requested_sats),
    receivedSats: row.received_msat === null ? null : Math.floor(Number(row.received_msat) / 1000),
    name: row.name,
    message: row.message,
    tournamentId: row.tournament_id,
    expiresAt: iso(row.expires_at)!,
    paidAt: iso(row.paid_at),
  };
}

/** The sats' bounds, checked by the server whatever the page offered. */
export function checkAmount(config: Services['config'], sats: number): void {
  const { minSats, maxSats } = config.donations;
  if (!Number.isSafeInteger(sats) || sats < minSats || sats > maxSats)
    throw badRequest(`Choose an amount from ${formatCount(minSats)} to ${formatCount(maxSats)} sats.`);
}

/** Empty text is no text: a name left blank is "anonymous", a message left blank is none. */
const blankToNull = (text: string | undefined) => (text?.trim() ? text.trim() : null);

/**
 * `POST /api/donations`: an invoice from the arcade's wallet for `sats`, kept (with the donor's name
 * and message) before it is shown. Rate-limited per client; 409 without a wallet; 502 when the
 * wallet makes no invoice. With `tournamentId`, earmarked for that tournament's prize pool, which
 * must be open (upcoming or running, with bitcoin prizes: 404, 409).
 */
export async function createDonation(
  services: DonationServices,
  client: string,
  request: DonationRequest,
  now = Date.now(),
): Promise<CreatedDonation> {
  const { db, config, receiver } = services;
  if (!receiver) throw conflict(OFF);
  checkAmount(config, request.sats);
  const pool = request.tournamentId === undefined ? null : await openPool(db, request.tournamentId, now);
  await hit(db, `donation:${client}`, INVOICE_LIMIT, now);
  return insertDonation(services, {
    source: 'page',
    sats: request.sats,
    name: blankToNull(request.name),
    message: blankToNull(request.message),
    tournamentId: pool?.id ?? null,
    description: pool ? `Prize pool of ${pool.name} at ${config.productName}` : `Donation to ${config.productName}`,
    now,
  });
}

/** Ask the wallet for an invoice and keep it as an open donation; the answer carries its QR code. */
export async function insertDonation(
  services: DonationServices,
  what: {
    source: DonationsTable['source'];
    sats: number;
    name: string | null;
    message: string | null;
    tournamentId: number | null;
    description?: string;
    descriptionHash?: string;
    zapRequest?: string;
    now: number;
  },
): Promise<CreatedDonation> {
  const { db, receiver } = services;
  if (!receiver) throw conflict(OFF);
  let made;
  try {
    made = await receiver.makeInvoice({
      amountMsat: what.sats * 1000,
      description: what.description,
      descriptionHash: what.descriptionHash,
      expirySeconds: INVOICE_EXPIRY_SECONDS,
    });
  } catch (error) {
    donationCount.inc({ outcome: 'refused' });
    const reason = error instanceof ReceiverError ? error.message : 'The wallet made no invoice.';
    throw new AppError(502, `No invoice could be made: ${reason} Please try again later.`);
  }
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('donations')
      .values({
        payment_hash: made.paymentHash,
        invoice: made.invoice,
        source: what.source,
        requested_sats: what.sats,
        received_msat: null,
        name: what.name,
        message: what.message,
        tournament_id: what.tournamentId,
        created_at: what.now,
        expires_at: made.expiresAt,
        paid_at: null,
        preimage: null,
        hidden_at: null,
        zap_request: what.zapRequest ?? null,
        zap_receipt_id: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      RECEIVING,
      {
        action: 'donation.invoice',
        targetType: 'donation',
        targetId: inserted.id,
        tournamentId: what.tournamentId,
        details: { source: what.source, sats: what.sats, paymentHash: made.paymentHash },
      },
      what.now,
    );
    return inserted;
  });
  donationCount.inc({ outcome: 'created' });
  // Upper case: BOLT11 is case-insensitive, and a QR code of capitals and digits is less dense.
  return { ...donationOf(row), qr: await qrSvgDataUrl(`LIGHTNING:${made.invoice.toUpperCase()}`) };
}

/**
 * open -> paid, once: the wallet received this payment. Nothing happens for a hash no donation has,
 * a preimage that does not match it, or a donation already paid or expired. True when it credited.
 */
export async function creditDonation(db: Db, received: Received, via: string, now = Date.now()): Promise<boolean> {
  const hash = received.paymentHash.toLowerCase();
  if (!preimageMatches(received.preimage, hash) || !(received.amountMsat > 0)) return false;
  const credited = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('donations')
      .set({
        state: 'paid',
        received_msat: Math.round(received.amountMsat),
        preimage: received.preimage.toLowerCase(),
        paid_at: received.settledAt > 0 ? Math.min(received.settledAt, now) : now,
      })
      .where('payment_hash', '=', hash)
      .where('state', '=', 'open')
      .returning(['id', 'tournament_id', 'source', 'requested_sats'])
      .executeTakeFirst();
    if (!row) return null;
    const sats = Math.floor(received.amountMsat / 1000);
    await recordAudit(
      trx,
      RECEIVING,
      {
        action: 'donation.received',
        targetType: 'donation',
        targetId: row.id,
        tournamentId: row.tournament_id,
        details: { source: row.source, sats, requestedSats: Number(row.requested_sats), paymentHash: hash, via },
      },
      now,
    );
    return sats;
  });
  if (credited === null) {
    const late = await db.selectFrom('donations').select('state').where('payment_hash', '=', hash).executeTakeFirst();
    if (late?.state === 'expired')
      console.warn(`[arcade] donations: the wallet reports ${hash} paid, but it had expired unpaid: not credited.`);
    return false;
  }
  donationCount.inc({ outcome: 'paid' });
  donationSats.inc(credited);
  return true;
}

/** open -> expired, once, past expiry and grace; never credited afterwards. */
async function expireDonation(db: Db, id: number, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('donations')
      .set({ state: 'expired' })
      .where('id', '=', id)
      .where('state', '=', 'open')
      .where('expires_at', '<=', now - EXPIRY_GRACE_MS)
      .returning(['id', 'tournament_id', 'payment_hash', 'requested_sats'])
      .executeTakeFirst();
    if (!row) return;
    await recordAudit(
      trx,
      RECEIVING,
      {
        action: 'donation.expired',
        targetType: 'donation',
        targetId: row.id,
        tournamentId: row.tournament_id,
        details: { paymentHash: row.payment_hash, sats: Number(row.requested_sats) },
      },
      now,
    );
    donationCount.inc({ outcome: 'expired' });
  });
}

/**
 * Ask the wallet about one open donation, if nobody asked within `minGapMs` (one conditional update
 * claims the asking, so processes and polls share it): paid -> credited; past expiry and grace and
 * not paid -> expired. A silent wallet changes nothing.
 */
async function checkDonation(
  services: DonationServices,
  row: Pick<Selectable<DonationsTable>, 'id' | 'payment_hash' | 'expires_at' | 'checked_at'>,
  minGapMs: number,
  now: number,
): Promise<void> {
  const { db, receiver } = services;
  if (!receiver) return;
  const claimed = await db
    .updateTable('donations')
    .set({ checked_at: now })
    .where('id', '=', row.id)
    .where('state', '=', 'open')
    .where('checked_at', '=', row.checked_at)
    .where('checked_at', '<=', now - minGapMs)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return;
  let found;
  try {
    found = await receiver.lookup(row.payment_hash);
  } catch {
    return; // silent: asked again later
  }
  if (found.state === 'settled') await creditDonation(db, found, 'lookup', now);
  else if (Number(row.expires_at) <= now - EXPIRY_GRACE_MS) await expireDonation(db, row.id, now);
}

/** `GET /api/donations/{paymentHash}`: where a donation stands; an open one is checked with the wallet first. */
export async function donationStatus(services: DonationServices, paymentHash: string, now = Date.now()) {
  if (!/^[0-9a-f]{64}$/i.test(paymentHash)) throw badRequest('A payment hash is 64 hexadecimal digits.');
  const read = () =>
    services.db
      .selectFrom('donations')
      .selectAll()
      .where('payment_hash', '=', paymentHash.toLowerCase())
      .executeTakeFirst();
  const row = await read();
  if (!row)
    throw notFound(
      'There is no donation with this payment hash (unpaid invoices are deleted a day after they expire).',
    );
  if (row.state === 'open') await checkDonation(services, row, POLL_CHECK_MS, now);
  return donationOf((await read())!);
}

/** The watcher's sweep: every open donation not asked about lately is asked about. Returns how many are open. */
export async function sweepDonations(services: DonationServices, now = Date.now()): Promise<number> {
  const open = await services.db
    .selectFrom('donations')
    .select(['id', 'payment_hash', 'expires_at', 'checked_at'])
    .where('state', '=', 'open')
    .orderBy('id')
    .limit(500)
    .execute();
  for (const row of open) await checkDonation(services, row, SWEEP_EVERY_MS / 2, now);
  // Paid zaps whose receipt no relay took yet (zaps.ts).
  await publishZapReceipts(services, now);
  return open.length;
}

/**
 * The watcher of every process: the wallet's `payment_received` notifications where it offers them
 * (credited at once), and a sweep at start and every {@link SWEEP_EVERY_MS} that asks the wallet about
 * open invoices (notifications can be lost; a restart misses those sent meanwhile). Returns its stop.
 */
export function watchDonations(services: DonationServices, everyMs = SWEEP_EVERY_MS): () => Promise<void> {
  const { receiver, db } = services;
  if (!receiver) return async () => {};
  let stopListening: (() => void) | null = null;
  let stopped = false;
  receiver
    .listen((received) => {
      creditDonation(db, received, 'notification')
        .then((credited) => (credited ? publishZapReceipts(services) : 0))
        .catch((error: unknown) => console.error('[arcade] donations: crediting a notified payment failed:', error));
    })
    .then((stop) => {
      if (stopped) stop?.();
      else stopListening = stop;
      if (!stop) console.log('[arcade] donations: the wallet sends no payment notifications; invoices are looked up.');
    })
    .catch((error: unknown) =>
      console.warn(
        `[arcade] warning: donations: no payment notifications (${(error as Error).message}); invoices are looked up.`,
      ),
    );
  const stopSweep = scheduleSweep('donation watcher', () => sweepDonations(services), everyMs);
  return async () => {
    stopped = true;
    stopListening?.();
    await stopSweep();
  };
}

/** Delete unpaid invoices a day after they expired (pruning); paid ones are the books and stay. */
export async function pruneUnpaidDonations(db: Db, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('donations')
    .where('state', '!=', 'paid')
    .where('expires_at', '<', now - UNPAID_RETENTION_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
