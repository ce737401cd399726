import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type Settings } from '~/server/shared/config';
import { donationOptions, lightningAddressOf } from '~/server/donations/donations';
import type { Receiver } from '~/server/donations/receiver';

// The donation settings (README, "Donations and open books"): bounds and the Lightning Address's name.

const dataDir = mkdtempSync(join(tmpdir(), 'donation-settings-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const base: Settings = {
  DATA_DIR: dataDir,
  SECRET_KEY: 'x'.repeat(40),
  SITE_URL: 'https://arcade.example',
  MAIL_OUTBOX: '1',
  GAMES_ORIGIN: 'https://arcade-games.example',
};

describe('donation settings', () => {
  it('default to 10 to 1,000,000 sats and tips@ the site host', () => {
    const config = loadConfig(base);
    expect(config.donations).toEqual({ minSats: 10, maxSats: 1_000_000, addressName: 'tips' });
    expect(lightningAddressOf(config)).toBe('tips@arcade.example');
  });

  it('are read, and the presets the page offers stay within the bounds', () => {
    const config = loadConfig({
      ...base,
      DONATION_MIN_SATS: '2000',
      DONATION_MAX_SATS: '50000',
      DONATION_ADDRESS_NAME: 'Donate',
    });
    expect(config.donations).toEqual({ minSats: 2000, maxSats: 50_000, addressName: 'donate' });
    expect(donationOptions({ config, receiver: {} as Receiver })).toEqual({
      minSats: 2000,
      maxSats: 50_000,
      presets: [5_000, 21_000],
      lightningAddress: 'donate@arcade.example',
    });
    expect(donationOptions({ config, receiver: undefined })).toBeNull();
  });

  it('are refused when wrong', () => {
    for (const [settings, message] of [
      [{ DONATION_MIN_SATS: '0' }, /DONATION_MIN_SATS must be a positive whole number/],
      [{ DONATION_MAX_SATS: 'lots' }, /DONATION_MAX_SATS must be a positive whole number/],
      [{ DONATION_MIN_SATS: '500', DONATION_MAX_SATS: '100' }, /DONATION_MAX_SATS \(100\) must not be below/],
      [{ DONATION_ADDRESS_NAME: 'tips@x' }, /DONATION_ADDRESS_NAME must be letters/],
    ] as const) {
      expect(() => loadConfig({ ...base, ...settings })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, ...settings })).toThrow(message);
    }
  });
});
