/**
 * The test Lightning "network": a ledger in memory standing in for channels and routing. Its nodes
 * hold secp256k1 keys and balances; an invoice is a real BOLT11 payment request, encoded and signed
 * by the `bolt11` library with the payee node's key, whose preimage only the ledger knows. Paying
 * one checks what a real node checks (a valid signature from a node of this network, not expired,
 * not already paid, the amount covered by the payer's balance), moves the amount and hands back
 * the preimage, whose SHA-256 is the invoice's payment hash.
 *
 * Amounts are kept in millisatoshis, as invoices and NIP-47 count them.
 */
import bolt11, { type PaymentRequestObject } from 'bolt11';
import { createECDH, createHash, randomBytes } from 'node:crypto';

/** bech32 `bcrt` (regtest, invoices start `lnbcrt`) or `bc` (mainnet, `lnbc`). */
export type LedgerNetwork = 'regtest' | 'bitcoin';

const NETWORKS = {
  regtest: { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, validWitnessVersions: [0, 1] },
  bitcoin: { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, validWitnessVersions: [0, 1] },
  /** Only for an invoice of another network than the ledger's (`lntb…`): no node of this ledger pays one. */
  testnet: { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, validWitnessVersions: [0, 1] },
};

export interface LedgerNode {
  name: string;
  /** 32-byte secp256k1 private key, hex: the key that signs this node's invoices. */
  privateKey: string;
  /** 33-byte compressed public key, hex: the `payeeNodeKey` of its invoices. */
  pubkey: string;
  balanceMsat: number;
}

export interface LedgerInvoice {
  paymentRequest: string;
  paymentHash: string;
  /** Known to the ledger from the start; handed out only to whoever pays. */
  preimage: string;
  /** The node the money goes to. */
  payee: string;
  amountMsat: number;
  description?: string;
  descriptionHash?: string;
  /** Unix seconds. */
  createdAt: number;
  expiresAt: number;
  /** Set once paid: unix seconds and the paying node. */
  settledAt?: number;
  paidBy?: string;
}

export interface CreateInvoiceOptions {
  /** The receiving node's name; created with a zero balance when new. */
  node: string;
  /** The amount, in sats (or `msat` for a sub-sat amount). */
  sats?: number;
  msat?: number;
  /** Hex SHA-256 committed to by the invoice (LNURL-pay's metadata hash); used instead of a description. */
  descriptionHash?: string;
  description?: string;
  /** Default 3600. */
  expirySeconds?: number;
  /** Signed for this network instead of the ledger's (a host answering an invoice for another network). */
  network?: keyof typeof NETWORKS;
  /** The invoice's timestamp, unix seconds; default now (set it in the past to issue an expired invoice). */
  timestamp?: number;
}

export interface PaymentResult {
  preimage: string;
  paymentHash: string;
  amountMsat: number;
  /** Always 0: the test network routes for free. */
  feesMsat: number;
}

/** Why a payment was refused; `code` is close to what a node reports. */
export type LedgerErrorCode =
  | 'INVALID_INVOICE'
  | 'UNKNOWN_INVOICE'
  | 'EXPIRED'
  | 'ALREADY_PAID'
  | 'AMOUNT_REQUIRED'
  | 'INSUFFICIENT_BALANCE'
  | 'SELF_PAYMENT';

export class LedgerError extends Error {
  readonly code: LedgerErrorCode;

  constructor(code: LedgerErrorCode, message: string) {
    super(message);
    this.name = 'LedgerError';
    this.code = code;
  }
}

export interface LedgerOptions {
  network?: LedgerNetwork;
  /** The clock, in milliseconds; default Date.now. */
  now?: () => number;
}

export type Ledger = ReturnType<typeof createLedger>;

/** A new, empty test network. */
export function createLedger(options: LedgerOptions = {}) {
  const network = options.network ?? 'regtest';
  const now = () => Math.floor((options.now ?? Date.now)() / 1000);
  const nodes = new Map<string, LedgerNode>();
  const invoices = new Map<string, LedgerInvoice>();
  /** Called once an invoice is paid (the test wallet notifies its client of what it received). */
  const settledListeners: ((invoice: LedgerInvoice) => void)[] = [];

  function node(name: string): LedgerNode {
    let found = nodes.get(name);
    if (!found) {
      const ecdh = createECDH('secp256k1');
      ecdh.generateKeys();
      found = {
        name,
        privateKey: ecdh.getPrivateKey('hex').padStart(64, '0'),
        pubkey: ecdh.getPublicKey('hex', 'compressed'),
        balanceMsat: 0,
      };
      nodes.set(name, found);
    }
    return found;
  }

  function findInvoice(paymentHashOrRequest: string): LedgerInvoice | undefined {
    const byHash = invoices.get(paymentHashOrRequest);
    if (byHash) return byHash;
    return [...invoices.values()].find((invoice) => invoice.paymentRequest === paymentHashOrRequest);
  }

  return {
    network,

    /** The node of that name, created with a zero balance when new. */
    node,

    /** Balance of a node, in whole sats (rounded down). */
    balanceSats(name: string): number {
      return Math.floor(node(name).balanceMsat / 1000);
    },

    setBalanceSats(name: string, sats: number): void {
      node(name).balanceMsat = sats * 1000;
    },

    /** Issues a signed BOLT11 invoice paying `node`. */
    createInvoice(request: CreateInvoiceOptions): LedgerInvoice {
      const payee = node(request.node);
      const amountMsat = request.msat ?? (request.sats ?? 0) * 1000;
      const preimage = randomBytes(32).toString('hex');
      const paymentHash = createHash('sha256').update(Buffer.from(preimage, 'hex')).digest('hex');
      const timestamp = request.timestamp ?? now();
      const expirySeconds = request.expirySeconds ?? 3600;
      const tags = [
        { tagName: 'payment_hash', data: paymentHash },
        { tagName: 'payment_secret', data: randomBytes(32).toString('hex') },
        { tagName: 'expire_time', data: expirySeconds },
        request.descriptionHash
          ? { tagName: 'purpose_commit_hash', data: request.descriptionHash }
          : { tagName: 'description', data: request.description ?? '' },
      ];
      const unsigned = bolt11.encode({
        network: NETWORKS[request.network ?? network],
        timestamp,
        ...(amountMsat > 0 ? { millisatoshis: String(amountMsat) } : {}),
        tags,
      });
      const { paymentRequest } = bolt11.sign(unsigned, payee.privateKey);
      const invoice: LedgerInvoice = {
        paymentRequest: paymentRequest!,
        paymentHash,
        preimage,
        payee: payee.name,
        amountMsat,
        description: request.descriptionHash ? undefined : (request.description ?? ''),
        descriptionHash: request.descriptionHash,
        createdAt: timestamp,
        expiresAt: timestamp + expirySeconds,
      };
      invoices.set(paymentHash, invoice);
      return invoice;
    },

    /**
     * Pays `paymentRequest` from node `payer`: checks it, moves the amount, settles the invoice and
     * returns the preimage. `amountMsat` is for invoices without an amount. Throws a LedgerError.
     */
    pay(paymentRequest: string, payer: string, amountMsat?: number): PaymentResult {
      let decoded: PaymentRequestObject;
      try {
        decoded = bolt11.decode(paymentRequest);
      } catch (error) {
        throw new LedgerError('INVALID_INVOICE', `invalid invoice: ${(error as Error).message}`);
      }
      const paymentHash = decoded.tags.find((tag) => tag.tagName === 'payment_hash')?.data as string;
      const invoice = invoices.get(paymentHash);
      // A payment request signed by another key than its node's is not from this network.
      if (
        !invoice ||
        invoice.paymentRequest !== paymentRequest ||
        decoded.payeeNodeKey !== node(invoice.payee).pubkey
      ) {
        throw new LedgerError('UNKNOWN_INVOICE', 'no route to the payee');
      }
      if (invoice.settledAt !== undefined) throw new LedgerError('ALREADY_PAID', 'invoice is already paid');
      if (invoice.expiresAt <= now()) throw new LedgerError('EXPIRED', 'invoice has expired');
      const amount = invoice.amountMsat || amountMsat || 0;
      if (amount <= 0) throw new LedgerError('AMOUNT_REQUIRED', 'an amount is required for this invoice');
      if (invoice.payee === payer) throw new LedgerError('SELF_PAYMENT', 'cannot pay your own invoice');
      const from = node(payer);
      if (from.balanceMsat < amount) throw new LedgerError('INSUFFICIENT_BALANCE', 'insufficient balance');

      from.balanceMsat -= amount;
      node(invoice.payee).balanceMsat += amount;
      invoice.amountMsat = amount;
      invoice.settledAt = now();
      invoice.paidBy = payer;
      for (const listener of settledListeners) listener(invoice);
      return { preimage: invoice.preimage, paymentHash, amountMsat: amount, feesMsat: 0 };
    },

    /** An invoice this ledger issued, by payment hash or payment request. */
    findInvoice,

    /** Call `listener` after every payment, with the invoice paid. */
    onSettled(listener: (invoice: LedgerInvoice) => void): void {
      settledListeners.push(listener);
    },

    /** Every invoice issued, oldest first. */
    listInvoices(): LedgerInvoice[] {
      return [...invoices.values()];
    },
  };
}

/** The donors' node: funded as needed, it pays any invoice of the network (the payer side of a donation). */
export function payAsDonor(ledger: Ledger, invoice: string, amountMsat?: number): PaymentResult {
  if (ledger.balanceSats('donor') < 10_000_000) ledger.setBalanceSats('donor', 100_000_000);
  return ledger.pay(invoice, 'donor', amountMsat);
}
