import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DAILY_BUDGET_SATS, loadConfig, type Settings } from '~/server/shared/config';

// The payout settings (README, "Lightning payouts"): read, defaulted, refused when wrong, and the
// wallet's secret never part of an error message.

const dataDir = mkdtempSync(join(tmpdir(), 'payout-settings-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const base: Settings = { DATA_DIR: dataDir, SECRET_KEY: 'x'.repeat(40) };
const secret = 'c'.repeat(64);
const NWC = `nostr+walletconnect://${'b'.repeat(64)}?relay=wss%3A%2F%2Frelay.example&secret=${secret}`;

function refusal(settings: Settings): string {
  try {
    loadConfig({ ...base, ...settings });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the settings were accepted');
}

describe('payout settings', () => {
  it('are off by default: no wallet, manual payment, the default budget, private hosts refused', () => {
    const { payouts } = loadConfig(base);
    expect(payouts).toMatchObject({
      nwcUrl: undefined,
      automatic: false,
      dailyBudgetSats: DEFAULT_DAILY_BUDGET_SATS,
      walletTimeoutMs: 30_000,
      addresses: { timeoutMs: 5_000, allowPrivate: false, extraCa: undefined },
    });
    expect(DEFAULT_DAILY_BUDGET_SATS).toBe(500_000);
    expect(payouts.addresses.connectTo.size).toBe(0);
  });

  it('reads every setting', () => {
    const ca = join(dataDir, 'ca.pem');
    writeFileSync(ca, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    const { payouts } = loadConfig({
      ...base,
      NWC_URL: NWC,
      PAYOUT_AUTOMATIC: 'true',
      PAYOUT_DAILY_BUDGET_SATS: '21000',
      PAYOUT_WALLET_TIMEOUT_SECONDS: '9',
      LIGHTNING_ADDRESS_TIMEOUT_SECONDS: '2',
      LIGHTNING_ADDRESS_ALLOW_PRIVATE: '1',
      LIGHTNING_ADDRESS_CONNECT_TO: 'wallet.test=127.0.0.1:8443, other.test=[::1]:9443',
      LIGHTNING_ADDRESS_CA_FILE: ca,
    });
    expect(payouts).toMatchObject({
      nwcUrl: NWC,
      automatic: true,
      dailyBudgetSats: 21_000,
      walletTimeoutMs: 9_000,
      addresses: { timeoutMs: 2_000, allowPrivate: true, extraCa: expect.stringContaining('BEGIN CERTIFICATE') },
    });
    expect([...payouts.addresses.connectTo]).toEqual([
      ['wallet.test', { host: '127.0.0.1', port: 8443 }],
      ['other.test', { host: '::1', port: 9443 }],
    ]);
  });

  it('refuses a wrong NWC_URL without ever showing it', () => {
    for (const wrong of [
      `https://wallet.example/?secret=${secret}`,
      NWC.replace(`secret=${secret}`, `secret=${secret.slice(2)}`),
      NWC.replace('relay=wss%3A%2F%2Frelay.example&', ''),
    ]) {
      const message = refusal({ NWC_URL: wrong });
      expect(message).toMatch(/NWC_URL/);
      expect(message).not.toContain(secret.slice(2, 40));
    }
  });

  it('refuses other wrong payout settings, naming them', () => {
    expect(refusal({ PAYOUT_AUTOMATIC: 'yes' })).toBe('PAYOUT_AUTOMATIC must be true or false, not "yes"');
    expect(refusal({ PAYOUT_DAILY_BUDGET_SATS: '-5' })).toBe(
      'PAYOUT_DAILY_BUDGET_SATS must be a positive whole number',
    );
    expect(refusal({ LIGHTNING_ADDRESS_CONNECT_TO: 'wallet.test' })).toMatch(
      /^LIGHTNING_ADDRESS_CONNECT_TO: "wallet.test" is not host=address:port/,
    );
    expect(refusal({ LIGHTNING_ADDRESS_CA_FILE: join(dataDir, 'missing.pem') })).toMatch(
      /^LIGHTNING_ADDRESS_CA_FILE: cannot read/,
    );
  });
});
