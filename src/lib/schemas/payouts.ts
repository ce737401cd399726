import * as z from 'zod/mini';

// Prizes paid over Lightning by the arcade itself (README, "Lightning payouts"): a bitcoin prize's
// payout state, the admin's PAY and PAY ALL, and the public proof of every paid prize.

/**
 * Where a bitcoin prize's Lightning payout stands:
 * - `none`: never tried (the prize is pending, or was sent by hand);
 * - `paying`: an invoice is fetched or the wallet is asked; no button until the wallet answers;
 * - `sent`: paid; the preimage is kept and matches the payment hash;
 * - `failed`: provably not paid (the reason in words); the prize stays pending and may be retried.
 */
export const PAYOUT_STATES = ['none', 'paying', 'sent', 'failed'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

/** A bitcoin prize's payout as the winners screen shows it. */
export const payoutSchema = z.object({
  state: z.enum(PAYOUT_STATES),
  /** Hex payment hash of the invoice paid or being paid, else null. */
  paymentHash: z.nullable(z.string()),
  /** Why the last try failed, in words (the wallet's or the address's own), else null. */
  error: z.nullable(z.string()),
  /** When it was paid (ISO 8601), else null. */
  paidAt: z.nullable(z.string()),
  /** True when PAY (or RETRY) can be pressed now: the arcade can pay, the prize is pending, the winner has an address, and no payout is under way. */
  payable: z.boolean(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** What the arcade's payouts can do, for the admin room (`GET /api/admin/tournaments/{id}/winners` carries it). */
export const payoutSettingsSchema = z.object({
  /** A wallet is connected (NWC_URL): PAY buttons show. */
  enabled: z.boolean(),
  /** PAYOUT_AUTOMATIC: processing winners pays every bitcoin prize with an address. */
  automatic: z.boolean(),
  /** The daily limit in sats, what is used of it today (UTC), and what is left. */
  dailyBudget: z.number(),
  usedToday: z.number(),
});
export type PayoutSettings = z.infer<typeof payoutSettingsSchema>;

/** Answer of `POST /api/admin/tournaments/prizes/{prizeId}/pay`: the prize's payout after the try. */
export const payPrizeResponseSchema = z.object({
  message: z.string(),
  prizeId: z.number(),
  /** `sent` (paid), `paying` (the wallet has not answered yet: it settles by itself) or `failed` (with the reason). */
  payout: payoutSchema,
});
export type PayPrizeResponse = z.infer<typeof payPrizeResponseSchema>;

/**
 * What the wallet says of a payment's hash (`lookup_invoice`): `settled` (paid, with its
 * preimage), `pending` (still under way), `failed`, `unknown` (it has no payment of this hash: it
 * never tried it) or `silent` (it did not answer).
 */
export const WALLET_PAYMENT_STATES = ['settled', 'pending', 'failed', 'unknown', 'silent'] as const;
export type WalletPaymentState = (typeof WALLET_PAYMENT_STATES)[number];

/** Answer of `GET /api/admin/tournaments/prizes/{prizeId}/payment`: a payment stuck paying, and what the wallet says of it. */
export const stuckPaymentSchema = z.object({
  prizeId: z.number(),
  /** The stored invoice and its hash, or null when none was stored (the wallet was never asked). */
  paymentHash: z.nullable(z.string()),
  invoice: z.nullable(z.string()),
  /** When the invoice expires (ISO 8601), else null. */
  expiresAt: z.nullable(z.string()),
  wallet: z.enum(WALLET_PAYMENT_STATES),
  /** True when an admin may settle it by hand: the wallet reports it neither settled nor pending. */
  settleable: z.boolean(),
});
export type StuckPayment = z.infer<typeof stuckPaymentSchema>;

/** Body of `POST /api/admin/tournaments/prizes/{prizeId}/settle`: what the admin found. */
export const settlePaymentRequestSchema = z.object({
  outcome: z.enum(['paid', 'failed'], 'Choose paid or failed.'),
});
export type SettlePaymentRequest = z.infer<typeof settlePaymentRequestSchema>;

/** Answer of `POST /api/admin/tournaments/{id}/pay-all`: every payable prize tried, one at a time. */
export const payAllResponseSchema = z.object({
  message: z.string(),
  sent: z.number(),
  failed: z.number(),
  /** Still waiting for the wallet's answer. */
  paying: z.number(),
  /** Left pending: refused by the daily budget. */
  refused: z.number(),
  results: z.array(payPrizeResponseSchema),
});
export type PayAllResponse = z.infer<typeof payAllResponseSchema>;

/**
 * One bitcoin prize in the public proof. For a prize paid over Lightning: the payment hash, the
 * preimage (whose SHA-256 is the hash: only the receiver's wallet could reveal it, and it reveals it
 * when paid) and the time. The invoice names the winner's receiving node, so it is given only to the
 * winner and to administrators (`invoice` is null for everyone else); README, "Lightning payouts".
 */
export const payoutProofSchema = z.object({
  prizeId: z.number(),
  username: z.nullable(z.string()),
  rank: z.nullable(z.number()),
  sats: z.number(),
  /** `lightning`: paid by the arcade with the proof below; `manual`: sent by hand (no proof); `pending`: not sent yet. */
  method: z.enum(['lightning', 'manual', 'pending']),
  paymentHash: z.nullable(z.string()),
  preimage: z.nullable(z.string()),
  /** The BOLT11 invoice paid (winner and administrators only), else null. */
  invoice: z.nullable(z.string()),
  /** When it was paid or sent (ISO 8601), else null. */
  paidAt: z.nullable(z.string()),
});
export type PayoutProof = z.infer<typeof payoutProofSchema>;

/** Answer of `GET /api/tournaments/{id}/payouts`: every bitcoin prize of the tournament, by rank. */
export const payoutProofResponseSchema = z.object({
  tournament: z.object({ id: z.number(), name: z.string() }),
  prizes: z.array(payoutProofSchema),
});
export type PayoutProofResponse = z.infer<typeof payoutProofResponseSchema>;
