/**
 * The test wallet the arcade pays prizes from: the wallet-service side of Nostr Wallet Connect
 * (NIP-47) from `@getalby/sdk/nwc` (`NWCWalletService`), answering over a nostr relay, with its
 * money in a node of the test ledger. It publishes its info event (kind 13194) and answers
 * get_info, get_balance, pay_invoice, lookup_invoice and make_invoice.
 *
 * A test steers it to reproduce what goes wrong with a real wallet:
 * - `payRequests` / `payRequestsFor(hash)`: every pay_invoice request received, to count retries;
 * - `holdPayments()`: pay_invoice requests wait until the test settles or fails each one, and a
 *   payment can be settled without any answer (the wallet paid, the arcade never heard back);
 * - `refuseNext(code, message)`: the next requests are refused with that NIP-47 error;
 * - `setBalance(0)`: payments are refused by the ledger as INSUFFICIENT_BALANCE, "insufficient balance".
 * lookup_invoice reports the wallet's own record of each outgoing payment: pending while held,
 * settled (with the preimage) once the ledger paid, failed once refused.
 *
 * Money in: make_invoice issues an invoice of the wallet's own node; once anyone pays it in the
 * ledger, lookup_invoice reports it settled and (unless `notifications: false`) the wallet publishes
 * a NIP-47 `payment_received` notification (kind 23197, NIP-44), as Alby Hub does. `notify(hash)`
 * publishes it again (duplicates), `muteNotifications()` stops them (a wallet that drops them).
 */
import { NWCClient, NWCWalletService, NWCWalletServiceKeyPair } from '@getalby/sdk/nwc';
import type {
  NWCWalletServiceRequestHandler,
  NWCWalletServiceResponse,
  Nip47PayInvoiceRequest,
  Nip47PayResponse,
  Nip47NotificationType,
  Nip47SingleMethod,
  Nip47Transaction,
} from '@getalby/sdk/nwc';
import bolt11 from 'bolt11';
import { bytesToHex, hexToBytes } from 'nostr-tools/utils';
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { createLedger, LedgerError, type Ledger, type LedgerInvoice } from './ledger.ts';

const METHODS: Nip47SingleMethod[] = ['get_info', 'get_balance', 'pay_invoice', 'lookup_invoice', 'make_invoice'];

export interface TestWalletOptions {
  relayUrl: string;
  /** The wallet's starting balance; default 1,000,000 sats. */
  balanceSats?: number;
  /** The network it pays into; default a new one. */
  ledger?: Ledger;
  /** Its node in the ledger; default 'test-wallet'. */
  nodeName?: string;
  /** get_info's alias; default 'Test Wallet'. */
  alias?: string;
  /** Hex nostr keys, for a NWC URL that stays the same across runs; default random. */
  walletSecretKey?: string;
  clientSecretKey?: string;
  /** Publish `payment_received` notifications (and say so in get_info); default true. */
  notifications?: boolean;
}

/** One pay_invoice request as the wallet received it. */
export interface PayRequest {
  invoice: string;
  /** The invoice's payment hash, or undefined when it does not decode. */
  paymentHash: string | undefined;
  /** The request's `amount` (msat), for invoices without one. */
  amountMsat?: number;
  /** Date.now() at arrival. */
  receivedAt: number;
}

/** The wallet's record of a payment it was asked to make: what lookup_invoice reports. */
export interface OutgoingPayment {
  invoice: string;
  paymentHash: string;
  amountMsat: number;
  state: 'pending' | 'settled' | 'failed';
  preimage?: string;
  error?: { code: string; message: string };
  /** Unix seconds. */
  createdAt: number;
  settledAt?: number;
}

/** A pay_invoice request kept waiting by `holdPayments()`; the test decides what happens. */
export interface HeldPayment {
  request: PayRequest;
  /** Pays it in the ledger now and answers (the preimage, or the ledger's error). */
  settle(): void;
  /** Pays it in the ledger now and never answers: the arcade will not hear of it. */
  settleWithoutAnswer(): void;
  /** Answers this NIP-47 error; nothing is paid and the payment is recorded as failed. */
  fail(code?: string, message?: string): void;
}

export interface PaymentHold {
  /** The next held request (one already waiting, or the next to arrive). */
  next(): Promise<HeldPayment>;
  /** Every request held so far, settled or not. */
  readonly held: HeldPayment[];
  /** Requests arriving from now on are paid at once again; those held stay held until settled or failed. */
  stop(): void;
}

export interface TestWallet {
  /** `nostr+walletconnect://WALLET_PUBKEY?relay=…&secret=…` for the arcade. */
  nwcUrl: string;
  walletPubkey: string;
  ledger: Ledger;
  /** The wallet's node name in the ledger. */
  nodeName: string;
  balanceSats(): number;
  setBalance(sats: number): void;
  /** Every pay_invoice request received, oldest first. */
  readonly payRequests: PayRequest[];
  /** How many pay_invoice requests were received for this payment hash. */
  payRequestsFor(paymentHash: string): number;
  /** Resolves at the next pay_invoice request received (for a payment hash, if given). */
  nextPayRequest(paymentHash?: string): Promise<PayRequest>;
  /** The wallet's record of an outgoing payment, as lookup_invoice reports it. */
  payment(paymentHash: string): OutgoingPayment | undefined;
  /** From now on pay_invoice requests wait for the test; see PaymentHold. */
  holdPayments(): PaymentHold;
  /**
   * The next `times` pay_invoice requests are answered with this NIP-47 error (recorded as failed;
   * `unrecorded`: not recorded at all, so lookup_invoice answers NOT_FOUND).
   */
  refuseNext(code: string, message: string, times?: number, options?: { unrecorded?: boolean }): void;
  /** Publish the `payment_received` notification of a paid incoming invoice (again). */
  notify(paymentHash: string): Promise<void>;
  /** Stop (true) or resume (false) publishing notifications of invoices paid from now on. */
  muteNotifications(muted?: boolean): void;
  close(): Promise<void>;
}

type PayAnswer = NWCWalletServiceResponse<Nip47PayResponse>;

/** Starts the test wallet on `relayUrl`; resolves once a NWC client has had an answer from it. */
export async function startTestWallet(options: TestWalletOptions): Promise<TestWallet> {
  const ledger = options.ledger ?? createLedger();
  const nodeName = options.nodeName ?? 'test-wallet';
  ledger.setBalanceSats(nodeName, options.balanceSats ?? 1_000_000);
  const walletSecret = options.walletSecretKey ?? bytesToHex(generateSecretKey());
  const clientSecret = options.clientSecretKey ?? bytesToHex(generateSecretKey());
  const walletPubkey = getPublicKey(hexToBytes(walletSecret));
  const NOTIFICATIONS: Nip47NotificationType[] = options.notifications === false ? [] : ['payment_received'];
  const clientPubkey = getPublicKey(hexToBytes(clientSecret));
  const nwcUrl = `nostr+walletconnect://${walletPubkey}?relay=${encodeURIComponent(options.relayUrl)}&secret=${clientSecret}`;

  const payRequests: PayRequest[] = [];
  const payRequestWaiters: { paymentHash?: string; resolve: (request: PayRequest) => void }[] = [];
  const payments = new Map<string, OutgoingPayment>();
  const incoming = new Map<string, LedgerInvoice>();
  const refusals: { code: string; message: string; unrecorded: boolean }[] = [];
  let hold: { held: HeldPayment[]; waiting: HeldPayment[]; takers: ((held: HeldPayment) => void)[] } | undefined;

  const now = () => Math.floor(Date.now() / 1000);
  const error = (code: string, message: string) => ({ result: undefined, error: { code, message } });

  function record(request: PayRequest): OutgoingPayment | undefined {
    if (!request.paymentHash) return undefined;
    const existing = payments.get(request.paymentHash);
    if (existing && existing.state !== 'failed') return existing;
    const invoice = ledger.findInvoice(request.paymentHash);
    const payment: OutgoingPayment = {
      invoice: request.invoice,
      paymentHash: request.paymentHash,
      amountMsat: invoice?.amountMsat || request.amountMsat || 0,
      state: 'pending',
      createdAt: now(),
    };
    payments.set(request.paymentHash, payment);
    return payment;
  }

  function fail(payment: OutgoingPayment | undefined, code: string, message: string): PayAnswer {
    // A second request for an invoice already paid must not turn the first, settled payment into a failure.
    if (payment && payment.state !== 'settled') Object.assign(payment, { state: 'failed', error: { code, message } });
    return error(code, message);
  }

  /** Pays in the ledger and records the outcome. */
  function pay(request: PayRequest, payment: OutgoingPayment | undefined): PayAnswer {
    try {
      const paid = ledger.pay(request.invoice, nodeName, request.amountMsat);
      if (payment) Object.assign(payment, { state: 'settled', preimage: paid.preimage, settledAt: now() });
      return { result: { preimage: paid.preimage, fees_paid: paid.feesMsat }, error: undefined };
    } catch (caught) {
      if (!(caught instanceof LedgerError)) throw caught;
      const code = caught.code === 'INSUFFICIENT_BALANCE' ? 'INSUFFICIENT_BALANCE' : 'PAYMENT_FAILED';
      return fail(payment, code, caught.message);
    }
  }

  function holdRequest(request: PayRequest, payment: OutgoingPayment | undefined): Promise<PayAnswer> {
    return new Promise((answer) => {
      let decided = false;
      const decide = (action: () => void) => {
        if (decided) throw new Error(`held payment ${request.paymentHash} was already settled or failed`);
        decided = true;
        action();
      };
      const held: HeldPayment = {
        request,
        settle: () => decide(() => answer(pay(request, payment))),
        // The handler's promise never resolves, so the SDK never publishes an answer.
        settleWithoutAnswer: () => decide(() => void pay(request, payment)),
        fail: (code = 'PAYMENT_FAILED', message = 'payment failed') =>
          decide(() => answer(fail(payment, code, message))),
      };
      hold!.held.push(held);
      const taker = hold!.takers.shift();
      if (taker) taker(held);
      else hold!.waiting.push(held);
    });
  }

  const handler: NWCWalletServiceRequestHandler = {
    async getInfo() {
      return {
        result: {
          alias: options.alias ?? 'Test Wallet',
          color: '#f7931a',
          pubkey: ledger.node(nodeName).pubkey,
          network: ledger.network,
          block_height: 1,
          block_hash: '0'.repeat(64),
          methods: METHODS,
          notifications: NOTIFICATIONS,
        },
        error: undefined,
      };
    },

    async getBalance() {
      return { result: { balance: ledger.node(nodeName).balanceMsat }, error: undefined };
    },

    async payInvoice(params: Nip47PayInvoiceRequest) {
      const request: PayRequest = {
        invoice: params.invoice,
        paymentHash: paymentHashOf(params.invoice),
        amountMsat: params.amount,
        receivedAt: Date.now(),
      };
      payRequests.push(request);
      for (const waiter of payRequestWaiters.filter((w) => !w.paymentHash || w.paymentHash === request.paymentHash)) {
        payRequestWaiters.splice(payRequestWaiters.indexOf(waiter), 1);
        waiter.resolve(request);
      }
      if (!request.paymentHash) return error('PAYMENT_FAILED', 'invalid invoice');
      // Refused before anything is recorded (an invoice it cannot even decode): lookup_invoice then
      // answers NOT_FOUND, as a real wallet does.
      if (refusals[0]?.unrecorded) {
        const { code, message } = refusals.shift()!;
        return error(code, message);
      }
      const payment = record(request);
      const refusal = refusals.shift();
      if (refusal) return fail(payment, refusal.code, refusal.message);
      if (hold) return holdRequest(request, payment);
      return pay(request, payment);
    },

    async lookupInvoice({ payment_hash, invoice }) {
      const hash = payment_hash ?? (invoice ? paymentHashOf(invoice) : undefined);
      const payment = hash ? payments.get(hash) : undefined;
      if (payment)
        return { result: transaction('outgoing', payment, ledger.findInvoice(payment.paymentHash)), error: undefined };
      const made = hash ? incoming.get(hash) : undefined;
      if (made) return { result: incomingTransaction(made), error: undefined };
      return error('NOT_FOUND', 'invoice not found');
    },

    async makeInvoice({ amount, description, description_hash, expiry }) {
      const made = ledger.createInvoice({
        node: nodeName,
        msat: amount,
        description,
        descriptionHash: description_hash,
        expirySeconds: expiry,
      });
      incoming.set(made.paymentHash, made);
      return { result: incomingTransaction(made), error: undefined };
    },
  };

  const service = new NWCWalletService({ relayUrls: [options.relayUrl] });
  // The SDK publishes each answer without waiting for it (`Promise.any(pool.publish(...))`, no
  // catch): an answer still on its way when the test closes the wallet fails with "relay connection
  // closed by us" and surfaces as an unhandled rejection in whichever test runs then (seen once
  // Vitest took each file's tests in a random order). Once the wallet is closing, such an answer is
  // dropped, as a wallet that goes away drops it; before that, a failed publish stays loud.
  let closing = false;
  const publish = service.pool.publish.bind(service.pool);
  service.pool.publish = (...args: Parameters<typeof publish>) =>
    publish(...args).map((sent) =>
      sent.catch((error: unknown) => {
        if (closing) return new Promise<string>(() => {});
        throw error;
      }),
    );
  await service.publishWalletServiceInfoEvent(walletSecret, METHODS, NOTIFICATIONS);
  const keypair = new NWCWalletServiceKeyPair(walletSecret, clientPubkey);
  const unsubscribe = await service.subscribe(keypair, handler);

  // The SDK's wallet side answers requests only: a notification is signed and published here, as
  // NIP-47 says (kind 23197, NIP-44 encrypted to the client, tagged with its key).
  let muted = false;
  async function publishNotification(made: LedgerInvoice) {
    const content = JSON.stringify({ notification_type: 'payment_received', notification: incomingTransaction(made) });
    const event = await service.signEvent(
      {
        kind: 23197,
        created_at: now(),
        tags: [
          ['p', clientPubkey],
          ['encryption', 'nip44_v2'],
        ],
        content: await service.encrypt(keypair, content, 'nip44_v2'),
      },
      walletSecret,
    );
    await Promise.any(service.pool.publish([options.relayUrl], event));
  }
  ledger.onSettled((paid) => {
    if (!NOTIFICATIONS.length || muted || paid.payee !== nodeName || !incoming.has(paid.paymentHash)) return;
    publishNotification(paid).catch((caught: unknown) => console.error('[test wallet] notification failed:', caught));
  });
  // The SDK sends its subscription in the background: ready is when a client's request gets an answer.
  const probe = new NWCClient({ nostrWalletConnectUrl: nwcUrl });
  try {
    await probe.getInfo();
  } finally {
    probe.close();
  }

  return {
    nwcUrl,
    walletPubkey,
    ledger,
    nodeName,
    balanceSats: () => ledger.balanceSats(nodeName),
    setBalance: (sats) => ledger.setBalanceSats(nodeName, sats),
    payRequests,
    payRequestsFor: (paymentHash) => payRequests.filter((request) => request.paymentHash === paymentHash).length,
    nextPayRequest: (paymentHash) => new Promise((resolve) => payRequestWaiters.push({ paymentHash, resolve })),
    payment: (paymentHash) => payments.get(paymentHash),
    holdPayments() {
      const current = hold ?? { held: [], waiting: [], takers: [] };
      hold = current;
      return {
        next: () => {
          const waiting = current.waiting.shift();
          return waiting ? Promise.resolve(waiting) : new Promise((resolve) => current.takers.push(resolve));
        },
        held: current.held,
        stop: () => {
          if (hold === current) hold = undefined;
        },
      };
    },
    refuseNext(code, message, times = 1, { unrecorded = false } = {}) {
      for (let i = 0; i < times; i++) refusals.push({ code, message, unrecorded });
    },
    async notify(paymentHash) {
      const made = incoming.get(paymentHash);
      if (!made) throw new Error(`the wallet made no invoice ${paymentHash}`);
      await publishNotification(made);
    },
    muteNotifications(on = true) {
      muted = on;
    },
    async close() {
      closing = true;
      unsubscribe();
      service.close();
    },
  };
}

/** The payment hash of a BOLT11 invoice, or undefined when it does not decode. */
function paymentHashOf(invoice: string): string | undefined {
  try {
    return bolt11.decode(invoice).tags.find((tag) => tag.tagName === 'payment_hash')?.data as string | undefined;
  } catch {
    return undefined;
  }
}

function transaction(
  type: 'incoming' | 'outgoing',
  payment: Omit<OutgoingPayment, 'error'>,
  issued: LedgerInvoice | undefined,
): Nip47Transaction {
  return {
    type,
    state: payment.state,
    invoice: payment.invoice,
    description: issued?.description ?? '',
    description_hash: issued?.descriptionHash ?? '',
    preimage: payment.preimage ?? '',
    payment_hash: payment.paymentHash,
    amount: payment.amountMsat,
    fees_paid: 0,
    created_at: payment.createdAt,
    expires_at: issued?.expiresAt ?? 0,
    settled_at: payment.settledAt ?? 0,
  };
}

/** An invoice made by make_invoice, as lookup_invoice reports it: settled once someone paid it. */
function incomingTransaction(made: LedgerInvoice): Nip47Transaction {
  const settled = made.settledAt !== undefined;
  return transaction(
    'incoming',
    {
      invoice: made.paymentRequest,
      paymentHash: made.paymentHash,
      amountMsat: made.amountMsat,
      state: settled ? 'settled' : 'pending',
      preimage: settled ? made.preimage : undefined,
      createdAt: made.createdAt,
      settledAt: made.settledAt,
    },
    made,
  );
}
