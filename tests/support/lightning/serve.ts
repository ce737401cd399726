/**
 * The test Lightning network as a process of its own, for the e2e tests (a Playwright webServer
 * started before the arcade): `node tests/support/lightning/serve.ts` (Node 24 strips the types).
 *
 * Settings, from the environment (all optional):
 * - LN_NETWORK_FILE: where to write what the arcade needs, as JSON (default
 *   test-results/lightning-network.json); the CA certificate is written beside it (lightning-ca.pem);
 * - LN_RELAY_PORT, LN_LNURL_PORT: fixed ports (default free ones);
 * - LN_WALLET_SECRET, LN_CLIENT_SECRET: hex nostr keys, for a NWC URL known in advance;
 * - LN_BALANCE_SATS: the wallet's starting balance (default 1,000,000);
 * - LN_SLOW_DELAY_MS: how long the slow LNURL answers wait (default 30,000).
 *
 * The JSON file: { nwcUrl, relayUrl, lnurlPort, lnurlHosts, caFile, walletPubkey, healthUrl }.
 * It is written once everything answers; GET https://127.0.0.1:LNURL_PORT/health answers 200 too.
 * The process runs until SIGTERM or SIGINT, then closes everything and exits.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { startLightningNetwork } from './network.ts';

const env = process.env;
const file = resolve(env.LN_NETWORK_FILE ?? 'test-results/lightning-network.json');
const port = (value: string | undefined) => (value ? Number(value) : undefined);

const network = await startLightningNetwork({
  relayPort: port(env.LN_RELAY_PORT),
  lnurlPort: port(env.LN_LNURL_PORT),
  walletSecretKey: env.LN_WALLET_SECRET || undefined,
  clientSecretKey: env.LN_CLIENT_SECRET || undefined,
  balanceSats: env.LN_BALANCE_SATS ? Number(env.LN_BALANCE_SATS) : undefined,
  slowDelayMs: env.LN_SLOW_DELAY_MS ? Number(env.LN_SLOW_DELAY_MS) : undefined,
});

mkdirSync(dirname(file), { recursive: true });
const caFile = join(dirname(file), 'lightning-ca.pem');
writeFileSync(caFile, network.caPem);
const description = {
  nwcUrl: network.nwcUrl,
  relayUrl: network.relay.url,
  lnurlPort: network.lnurl.port,
  lnurlHosts: network.lnurl.hosts,
  caFile,
  walletPubkey: network.wallet.walletPubkey,
  healthUrl: `https://127.0.0.1:${network.lnurl.port}/health`,
};
writeFileSync(file, JSON.stringify(description, null, 2));
console.log(`[lightning] test network up: relay ${network.relay.url}, LNURL on port ${network.lnurl.port}; ${file}`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[lightning] ${signal}: closing`);
  await network.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
