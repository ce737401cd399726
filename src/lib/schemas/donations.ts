import * as z from 'zod/mini';
import { oneLineText } from './text';

// Money in (README, "Donations and open books"): a donation invoice asked from the Donate page,
// its state as the page polls it, and the public books of money in and money out.

/** Longest donor name and message, in characters. */
export const DONOR_NAME_MAX = 40;
export const DONOR_MESSAGE_MAX = 140;

/** The amounts the Donate page offers as buttons, in sats (each within the bounds it is shown with). */
export const DONATION_PRESETS = [1_000, 5_000, 21_000, 100_000] as const;

/** `POST /api/donations`: an amount, optionally a name and a message. */
export const donationRequestSchema = z.object({
  sats: z.number().check(z.int('The amount must be a whole number of sats.')),
  name: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(DONOR_NAME_MAX, `The name can be at most ${DONOR_NAME_MAX} characters.`),
        oneLineText('The name'),
      ),
  ),
  message: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(DONOR_MESSAGE_MAX, `The message can be at most ${DONOR_MESSAGE_MAX} characters.`),
        oneLineText('The message'),
      ),
  ),
  /** Earmarked for this tournament's prize pool (notes/pools.md); absent: the arcade. */
  tournamentId: z.optional(
    z
      .number('tournamentId must be a tournament id')
      .check(z.int('tournamentId must be a tournament id'), z.gt(0, 'tournamentId must be a tournament id')),
  ),
});
export type DonationRequest = z.infer<typeof donationRequestSchema>;

export const DONATION_STATES = ['open', 'paid', 'expired'] as const;

/** A donation invoice and where it stands: `open` (waiting), `paid` (credited), `expired` (never credited). */
export const donationSchema = z.object({
  paymentHash: z.string(),
  invoice: z.string(),
  state: z.enum(DONATION_STATES),
  /** The sats the invoice asks for, and (once paid) what the wallet says it received. */
  sats: z.number(),
  receivedSats: z.nullable(z.number()),
  name: z.nullable(z.string()),
  message: z.nullable(z.string()),
  tournamentId: z.nullable(z.number()),
  /** ISO 8601. */
  expiresAt: z.string(),
  paidAt: z.nullable(z.string()),
});
export type Donation = z.infer<typeof donationSchema>;

/** Answer of `POST /api/donations`: the donation, and its invoice as a QR code (an SVG data URL). */
export const createdDonationSchema = z.extend(donationSchema, { qr: z.string() });
export type CreatedDonation = z.infer<typeof createdDonationSchema>;

/** What the Donate page needs to offer Lightning donations. */
export interface DonationOptions {
  minSats: number;
  maxSats: number;
  presets: number[];
  /** The arcade's Lightning Address (LUD-16), when it has one. */
  lightningAddress: string | null;
}

/** One entry of money in on the books. */
export const bookInSchema = z.object({
  id: z.number(),
  paidAt: z.string(),
  sats: z.number(),
  /** The donor's chosen name, "anonymous", or null when an administrator hid it. */
  name: z.string(),
  message: z.nullable(z.string()),
  hidden: z.boolean(),
  source: z.enum(['page', 'address', 'zap']),
  tournament: z.nullable(z.object({ id: z.number(), name: z.string() })),
  /**
   * Where the sats of a donation to a tournament's pool went (notes/pools.md): 'waiting' (until its
   * winners are processed), 'prizes' (added to its winners' prizes), 'general' (the arcade's general
   * fund: no winner to add them to, or paid after the winners were processed); null: not earmarked.
   */
  pool: z._default(z.nullable(z.enum(['waiting', 'prizes', 'general'])), null),
  paymentHash: z.string(),
  preimage: z.string(),
  invoice: z.string(),
});
export type BookIn = z.infer<typeof bookInSchema>;

/** One prize paid, on the books (the proof that exists for it). */
export const bookOutSchema = z.object({
  prizeId: z.number(),
  paidAt: z.string(),
  sats: z.number(),
  username: z.nullable(z.string()),
  /** What it was for: '1st place', '2nd place', ..., 'Random participant'. */
  reason: z.string(),
  tournament: z.object({ id: z.number(), name: z.string() }),
  /** 'lightning' (hash and preimage to check) or 'manual' (sent by hand). */
  method: z.enum(['lightning', 'manual']),
  paymentHash: z.nullable(z.string()),
  preimage: z.nullable(z.string()),
});
export type BookOut = z.infer<typeof bookOutSchema>;

/** `GET /api/books`: money in, money out, totals per UTC month and per tournament pool. */
export const booksSchema = z.object({
  in: z.array(bookInSchema),
  out: z.array(bookOutSchema),
  months: z.array(z.object({ month: z.string(), inSats: z.number(), outSats: z.number() })),
  pools: z.array(
    z.object({
      tournament: z.object({ id: z.number(), name: z.string() }),
      /** Every sat given to it (credited), and of those: still waiting, added to its prizes, to the general fund. */
      givenSats: z.number(),
      waitingSats: z._default(z.number(), 0),
      toPrizesSats: z._default(z.number(), 0),
      generalSats: z._default(z.number(), 0),
      /** Its bitcoin prizes sent. */
      paidSats: z.number(),
    }),
  ),
  totals: z.object({ inSats: z.number(), outSats: z.number() }),
});
export type Books = z.infer<typeof booksSchema>;

/** `POST /api/admin/donations/{id}/hide`: hide (true) or show again (false) a donor's name and message. */
export const hideDonationSchema = z.object({ hidden: z.boolean() });
