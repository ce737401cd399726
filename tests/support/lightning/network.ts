/**
 * The whole test Lightning network in one call: a nostr relay, the arcade's NWC test wallet on it,
 * and the LNURL-pay server of the winners' Lightning addresses, all paying through one ledger.
 * Used by the payout tests in-process, and by serve.ts as a standalone process for the e2e tests.
 */
import { createLedger, payAsDonor, type Ledger, type LedgerNetwork, type PaymentResult } from './ledger.ts';
import { startLnurlServer, type LnurlServer } from './lnurl-server.ts';
import { startRelay, type RunningRelay } from './relay.ts';
import { startTestWallet, type TestWallet } from './wallet.ts';

export interface LightningNetworkOptions {
  /** The arcade wallet's starting balance; default 1,000,000 sats. */
  balanceSats?: number;
  /** Invoice prefix: 'regtest' (lnbcrt…, default) or 'bitcoin' (lnbc…). */
  network?: LedgerNetwork;
  /** Fixed ports; default free ones. */
  relayPort?: number;
  lnurlPort?: number;
  /** Hex nostr keys of the wallet service and of the arcade's connection; default random. */
  walletSecretKey?: string;
  clientSecretKey?: string;
  /** LNURL host names; default ['wallet.test', 'slow.test']. */
  lnurlHosts?: string[];
  /** How long the LNURL server's slow answers wait; default 30 s. */
  slowDelayMs?: number;
  /** The wallet publishes payment_received notifications; default true. */
  notifications?: boolean;
}

export interface LightningNetwork {
  ledger: Ledger;
  relay: RunningRelay;
  wallet: TestWallet;
  lnurl: LnurlServer;
  /** The arcade's NWC connection string (wallet.nwcUrl). */
  nwcUrl: string;
  /** The CA to trust for the LNURL server (lnurl.caPem). */
  caPem: string;
  /** A donor elsewhere on the network pays this invoice (the payer side of a donation). */
  payAsDonor(invoice: string, amountMsat?: number): PaymentResult;
  /** Stops the wallet, the LNURL server and the relay. */
  close(): Promise<void>;
}

export async function startLightningNetwork(options: LightningNetworkOptions = {}): Promise<LightningNetwork> {
  const ledger = createLedger({ network: options.network });
  const relay = await startRelay({ port: options.relayPort });
  const started: { close(): Promise<void> }[] = [relay];
  try {
    const wallet = await startTestWallet({
      relayUrl: relay.url,
      ledger,
      balanceSats: options.balanceSats,
      walletSecretKey: options.walletSecretKey,
      clientSecretKey: options.clientSecretKey,
      notifications: options.notifications,
    });
    started.unshift(wallet);
    const lnurl = await startLnurlServer({
      ledger,
      port: options.lnurlPort,
      hosts: options.lnurlHosts,
      slowDelayMs: options.slowDelayMs,
    });
    started.unshift(lnurl);
    return {
      ledger,
      relay,
      wallet,
      lnurl,
      nwcUrl: wallet.nwcUrl,
      caPem: lnurl.caPem,
      payAsDonor: (invoice, amountMsat) => payAsDonor(ledger, invoice, amountMsat),
      close: () => closeAll(started),
    };
  } catch (error) {
    await closeAll(started);
    throw error;
  }
}

async function closeAll(parts: { close(): Promise<void> }[]) {
  for (const part of parts) await part.close();
}
