import { NWCClient, Nip47TimeoutError, Nip47WalletError, type Nip47Transaction } from '@getalby/sdk/nwc';

// The arcade's wallet receiving money (README, "Donations and open books"), over the same Nostr
// Wallet Connect connection as payouts (NWC_URL) with the protocol authors' SDK: make_invoice for a
// donor, lookup_invoice to learn whether it was paid, and the NIP-47 `payment_received`
// notifications where the wallet offers them. Nothing is believed without the preimage: whoever
// credits a donation checks that its SHA-256 is the payment hash.

/** What the wallet says of an invoice it made. */
export type IncomingLookup =
  | ({ state: 'settled' } & Received)
  | { state: 'pending' }
  /** The wallet does not know the hash, or it is not an incoming payment of its own. */
  | { state: 'unknown' };

/** An incoming payment the wallet reported as received (a notification). */
export interface Received {
  paymentHash: string;
  preimage: string;
  amountMsat: number;
  settledAt: number;
}

export interface MadeInvoice {
  invoice: string;
  paymentHash: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export interface Receiver {
  /** An invoice of `amountMsat` from the arcade's wallet, with a description or the hash of one (LNURL-pay, zaps). */
  makeInvoice(request: {
    amountMsat: number;
    description?: string;
    descriptionHash?: string;
    expirySeconds: number;
  }): Promise<MadeInvoice>;
  /** Ask the wallet about an invoice it made; throws when the wallet does not answer. */
  lookup(paymentHash: string): Promise<IncomingLookup>;
  /**
   * Listen to `payment_received` notifications when the wallet offers them (get_info); resolves to
   * the stop, or null when it does not (the watcher's lookups alone then notice payments).
   */
  listen(onReceived: (received: Received) => void): Promise<(() => void) | null>;
  close(): void;
}

/** The wallet could not make an invoice or did not answer: in its own words when it gave them. */
export class ReceiverError extends Error {
  override name = 'ReceiverError';
}

function translate(error: unknown): ReceiverError {
  if (error instanceof Nip47WalletError) return new ReceiverError(`The wallet refused: ${error.message || error.code}`);
  if (error instanceof Nip47TimeoutError) return new ReceiverError('The wallet did not answer in time.');
  return new ReceiverError(`The wallet could not be reached: ${(error as Error).message}`);
}

/** An incoming, settled transaction of the wallet as the arcade reads it. */
export function receivedOf(tx: Nip47Transaction): Received | null {
  // Wallets of older NIP-47 versions send no state: a preimage and a settling time say paid.
  const settled = tx.state === 'settled' || (!tx.state && Boolean(tx.settled_at));
  if (tx.type !== 'incoming' || !settled || !tx.preimage || !tx.payment_hash) return null;
  return {
    paymentHash: tx.payment_hash.toLowerCase(),
    preimage: tx.preimage.toLowerCase(),
    amountMsat: Number(tx.amount),
    settledAt: Number(tx.settled_at || 0) * 1000,
  };
}

/** The receiving side of the wallet of an NWC connection URL. */
export function nwcReceiver(nostrWalletConnectUrl: string): Receiver {
  const client = new NWCClient({ nostrWalletConnectUrl });
  return {
    async makeInvoice({ amountMsat, description, descriptionHash, expirySeconds }) {
      let tx: Nip47Transaction;
      try {
        tx = await client.makeInvoice({
          amount: amountMsat,
          ...(descriptionHash ? { description_hash: descriptionHash } : { description: description ?? '' }),
          expiry: expirySeconds,
        });
      } catch (error) {
        throw translate(error);
      }
      if (!tx.invoice || !/^[0-9a-f]{64}$/i.test(tx.payment_hash ?? ''))
        throw new ReceiverError('The wallet answered no invoice.');
      return {
        invoice: tx.invoice,
        paymentHash: tx.payment_hash.toLowerCase(),
        expiresAt: (tx.expires_at || Math.floor(Date.now() / 1000) + expirySeconds) * 1000,
      };
    },
    async lookup(paymentHash) {
      let tx: Nip47Transaction;
      try {
        tx = await client.lookupInvoice({ payment_hash: paymentHash });
      } catch (error) {
        if (error instanceof Nip47WalletError && error.code === 'NOT_FOUND') return { state: 'unknown' };
        throw translate(error);
      }
      if (tx.type !== 'incoming' || tx.payment_hash?.toLowerCase() !== paymentHash.toLowerCase())
        return { state: 'unknown' };
      const received = receivedOf(tx);
      return received ? { state: 'settled', ...received } : { state: 'pending' };
    },
    async listen(onReceived) {
      const info = await client.getInfo();
      const missing = (['make_invoice', 'lookup_invoice'] as const).filter((method) => !info.methods.includes(method));
      if (missing.length)
        console.warn(
          `[arcade] warning: the wallet does not allow ${missing.join(' and ')}, which Lightning donations need: give the connection those permissions.`,
        );
      if (!info.notifications?.includes('payment_received')) return null;
      return client.subscribeNotifications(
        (notification) => {
          if (notification.notification_type !== 'payment_received') return;
          const received = receivedOf(notification.notification);
          if (received) onReceived(received);
        },
        ['payment_received'],
      );
    },
    close() {
      client.close();
    },
  };
}
