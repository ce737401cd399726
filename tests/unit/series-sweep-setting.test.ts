import { describe, expect, it } from 'vitest';
import { loadConfig } from '~/server/shared/config';

const dataDir = '/tmp/sats-arcade-series-sweep-test';
const SECRET_KEY = 'x'.repeat(32);

describe('SERIES_SWEEP_SECONDS (a test hook)', () => {
  it('is unset by default (the sweep runs every 30 s) and shortens the sweep on this machine', () => {
    expect(loadConfig({ DATA_DIR: dataDir, SECRET_KEY }).seriesSweepMs).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, SECRET_KEY, SERIES_SWEEP_SECONDS: '2' }).seriesSweepMs).toBe(2_000);
    expect(() => loadConfig({ DATA_DIR: dataDir, SECRET_KEY, SERIES_SWEEP_SECONDS: '0' })).toThrow(
      /SERIES_SWEEP_SECONDS must be a positive whole number/,
    );
  });

  it('is refused on a public site: production never runs with it', () => {
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir,
        SECRET_KEY,
        SITE_URL: 'https://arcade.example',
        GAMES_ORIGIN: 'https://arcade-games.example',
        MAIL_OUTBOX: '1',
        SERIES_SWEEP_SECONDS: '2',
      }),
    ).toThrow(/SERIES_SWEEP_SECONDS is for tests on this machine only/);
  });
});
