import { nwcWallet, type Wallet } from './wallet';

/** NIP-47 methods paying needs: pay_invoice to pay, lookup_invoice to settle a payment whose answer was lost. */
const NEEDED = ['pay_invoice', 'lookup_invoice'];

/**
 * Connect the wallet of NWC_URL and check it in the background (`get_info`): its alias and methods go
 * to the log, or a clear warning when it does not answer or lacks a method paying needs. The URL
 * itself (it holds the secret) is never logged.
 */
export function connectWallet(nwcUrl: string, log = console.log, warn = console.warn): Wallet {
  const wallet = nwcWallet(nwcUrl);
  const relay = (() => {
    try {
      return new URL(nwcUrl.replace(/^nostr\+walletconnect:/, 'https:')).searchParams.get('relay') ?? 'no relay';
    } catch {
      return 'no relay';
    }
  })();
  wallet
    .info()
    .then((info) => {
      log(`[arcade] payouts: wallet "${info.alias}" connected through ${relay}; methods: ${info.methods.join(', ')}`);
      const missing = NEEDED.filter((m) => !info.methods.includes(m));
      if (missing.length)
        warn(
          `[arcade] warning: the wallet does not allow ${missing.join(' and ')}, which paying prizes needs: give the connection those permissions.`,
        );
    })
    .catch((error: unknown) =>
      warn(
        `[arcade] warning: the wallet of NWC_URL did not answer get_info through ${relay} (${(error as Error).message}). PAY will fail until it does.`,
      ),
    );
  return wallet;
}
