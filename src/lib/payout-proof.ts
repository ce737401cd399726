import { decode } from 'light-bolt11-decoder';
import { formatCount } from './numbers';

// The checks the public proof page (`/tournament/{id}/payouts`) runs in the visitor's own browser,
// so nobody has to trust the arcade's word that a prize was paid: the preimage only the winner's
// wallet could reveal hashes to the payment hash, and the invoice (shown to the winner and to
// administrators) asks for exactly the prize, under that same hash.

/** What a visitor is shown for one prize: every check passed, or the first that did not and why. */
export type ProofVerdict = { ok: true; checked: string[] } | { ok: false; reason: string };

/** What one prize gives to check (the proof answer's fields). */
export interface ProofToCheck {
  sats: number;
  paymentHash: string | null;
  preimage: string | null;
  /** The BOLT11 invoice paid, when the visitor may see it (the winner, administrators). */
  invoice: string | null;
}

const HEX_32 = /^[0-9a-f]{64}$/i;

function bytesOf(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** SHA-256 of the bytes a hex string spells, as lowercase hex, with the browser's WebCrypto. */
export async function sha256Hex(hex: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytesOf(hex)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** What a BOLT11 invoice asks: its amount in millisatoshis (null for "any amount") and its payment hash. */
export function readInvoice(invoice: string): { msat: number | null; paymentHash: string | null } {
  const sections = decode(invoice.trim()).sections;
  let msat: number | null = null;
  let paymentHash: string | null = null;
  for (const section of sections) {
    if (section.name === 'amount') msat = Number(section.value);
    else if (section.name === 'payment_hash') paymentHash = section.value.toLowerCase();
  }
  return { msat, paymentHash };
}

/**
 * Whether a BOLT11 invoice asks for exactly `sats` under `paymentHash` (lowercase hex): null when
 * it does, else the reason in words.
 */
export function invoiceMismatch(invoice: string, paymentHash: string, sats: number): string | null {
  let read: ReturnType<typeof readInvoice>;
  try {
    read = readInvoice(invoice);
  } catch {
    return 'The invoice cannot be read as a BOLT11 invoice.';
  }
  if (read.paymentHash !== paymentHash) return 'The invoice is for another payment hash.';
  if (read.msat === null) return 'The invoice names no amount.';
  if (read.msat !== sats * 1000)
    return `The invoice asks for ${formatCount(read.msat / 1000)} sats, not the prize's ${formatCount(sats)} sats.`;
  return null;
}

/**
 * Check one paid prize: SHA-256(preimage) is the payment hash, and, when the invoice is given, it
 * asks for exactly `sats` under that same payment hash. Never throws: an unreadable value is a
 * failed check with its reason.
 */
export async function checkPayoutProof({ sats, paymentHash, preimage, invoice }: ProofToCheck): Promise<ProofVerdict> {
  if (!paymentHash || !HEX_32.test(paymentHash))
    return { ok: false, reason: 'There is no payment hash of 32 bytes to check.' };
  if (!preimage || !HEX_32.test(preimage)) return { ok: false, reason: 'There is no preimage of 32 bytes to check.' };
  const hash = paymentHash.toLowerCase();
  if ((await sha256Hex(preimage)) !== hash)
    return { ok: false, reason: 'The SHA-256 of the preimage is not the payment hash: this is no proof of payment.' };
  const checked = ['SHA-256 of the preimage is the payment hash'];
  if (invoice) {
    const mismatch = invoiceMismatch(invoice, hash, sats);
    if (mismatch) return { ok: false, reason: mismatch };
    checked.push(`the invoice asks for ${formatCount(sats)} sats under this payment hash`);
  }
  return { ok: true, checked };
}
