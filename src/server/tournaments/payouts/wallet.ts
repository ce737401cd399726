import { NWCClient, Nip47TimeoutError, Nip47WalletError } from '@getalby/sdk/nwc';

// The arcade's wallet, reached over Nostr Wallet Connect (NIP-47) with the SDK of its authors
// (@getalby/sdk): any NWC wallet (Alby Hub, Coinos, Primal, Rizful, LNbits with its NWC plugin...).
// The connection URL holds a secret: it is never logged and never part of an error message.

/** The wallet said no: nothing was paid (its code and its own words). */
export class WalletRefusal extends Error {
  override name = 'WalletRefusal';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The wallet did not answer (or could not be reached): whether it paid is not known yet. */
export class WalletSilence extends Error {
  override name = 'WalletSilence';
}

/** What the wallet knows of an outgoing payment, by its payment hash. */
export type PaymentLookup =
  | { state: 'settled'; preimage: string }
  | { state: 'pending' }
  | { state: 'failed' }
  /** The wallet has no payment with this hash: it never tried it. */
  | { state: 'unknown' };

export interface Wallet {
  /**
   * The wallet's name, the NIP-47 methods it lets the arcade use and the network it pays on
   * (`mainnet`, `testnet`, `signet`, `regtest`; absent when it names none).
   */
  info(): Promise<{ alias: string; methods: string[]; network?: string }>;
  /** Pay a BOLT11 invoice: the preimage, or a {@link WalletRefusal} or {@link WalletSilence}. */
  pay(invoice: string): Promise<{ preimage: string; feesPaidMsat: number }>;
  /** Ask about an outgoing payment; throws {@link WalletSilence} when the wallet does not answer. */
  lookup(paymentHash: string): Promise<PaymentLookup>;
  close(): void;
}

/** Refusals that come before any payment is tried: the wallet certainly did not pay. */
export const REFUSED_BEFORE_PAYING = new Set([
  'INSUFFICIENT_BALANCE',
  'QUOTA_EXCEEDED',
  'RATE_LIMITED',
  'RESTRICTED',
  'UNAUTHORIZED',
  'NOT_IMPLEMENTED',
]);

function translate(error: unknown): Error {
  if (error instanceof Nip47WalletError) return new WalletRefusal(error.code, error.message || error.code);
  if (error instanceof Nip47TimeoutError) return new WalletSilence('The wallet did not answer in time.');
  return new WalletSilence(`The wallet could not be reached: ${(error as Error).message}`);
}

/** A wallet over Nostr Wallet Connect, from an NWC connection URL. */
export function nwcWallet(nostrWalletConnectUrl: string): Wallet {
  const client = new NWCClient({ nostrWalletConnectUrl });
  // What get_info said, once it said it: a wallet's network does not change under one connection.
  let known: { alias: string; methods: string[]; network?: string } | undefined;
  return {
    async info() {
      if (known) return known;
      try {
        const info = await client.getInfo();
        known = { alias: info.alias, methods: info.methods, ...(info.network ? { network: info.network } : {}) };
        return known;
      } catch (error) {
        throw translate(error);
      }
    },
    async pay(invoice) {
      try {
        const paid = await client.payInvoice({ invoice });
        return { preimage: paid.preimage, feesPaidMsat: paid.fees_paid ?? 0 };
      } catch (error) {
        throw translate(error);
      }
    },
    async lookup(paymentHash) {
      try {
        const tx = await client.lookupInvoice({ payment_hash: paymentHash });
        // Only the arcade's own outgoing payment of this hash counts (a winner chooses the invoice,
        // so its hash could match an incoming invoice of the wallet's).
        if (tx.type !== 'outgoing' || tx.payment_hash?.toLowerCase() !== paymentHash.toLowerCase())
          return { state: 'unknown' };
        // Wallets of older NIP-47 versions send no state: a preimage and a settling time say paid
        // (the preimage is checked against the hash before anything is believed).
        if (tx.preimage && (tx.state === 'settled' || (!tx.state && tx.settled_at)))
          return { state: 'settled', preimage: tx.preimage };
        if (tx.state === 'failed') return { state: 'failed' };
        return { state: 'pending' };
      } catch (error) {
        if (error instanceof Nip47WalletError && error.code === 'NOT_FOUND') return { state: 'unknown' };
        throw translate(error);
      }
    },
    close() {
      client.close();
    },
  };
}
