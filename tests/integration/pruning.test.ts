import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY, MINUTE } from '~/lib/format';
import { pruneExpired, schedulePruning } from '~/server/pruning';
import { addPlayer, DIALECTS, freshServices, type TestServices } from '../support/services';

describe.each(DIALECTS)('pruning on %s', (dialect) => {
  let s: TestServices;
  let userId: number;
  beforeEach(async () => {
    s = await freshServices(dialect);
    userId = await addPlayer(s.db, 'pruned');
  });
  afterEach(async () => {
    await s.close();
  });

  /** One expired and one live row in each table that grows with every visitor. */
  async function seed(now: number) {
    await s.db
      .insertInto('rate_limits')
      .values([
        { key: 'mail:ip:old', window_start: now - 2 * DAY, count: 3 },
        { key: 'mail:ip:new', window_start: now - 5 * MINUTE, count: 1 },
      ])
      .execute();
    const link = (tag: string, expiresAt: number, usedAt: number | null) => ({
      token_hash: `token-${tag}`.padEnd(64, '0'),
      code_hash: `code-${tag}`.padEnd(64, '0'),
      user_id: userId,
      email: 'pruned@example.com',
      created_at: expiresAt - 15 * MINUTE,
      expires_at: expiresAt,
      used_at: usedAt,
    });
    await s.db
      .insertInto('magic_links')
      .values([
        link('expired', now - MINUTE, null),
        link('used-expired', now - DAY, now - DAY - MINUTE),
        link('live', now + 10 * MINUTE, null),
      ])
      .execute();
    const session = (tag: string, expiresAt: number) => ({
      id_hash: tag.padEnd(64, '0'),
      ref: tag,
      user_id: userId,
      created_at: now - 40 * DAY,
      expires_at: expiresAt,
      last_seen_at: now - 40 * DAY,
    });
    await s.db
      .insertInto('sessions')
      .values([session('expired', now - 1), session('live', now + DAY)])
      .execute();
    const donation = (tag: string, state: 'open' | 'paid' | 'expired', expiresAt: number) => ({
      payment_hash: tag.padEnd(64, '0'),
      invoice: `lnbcrt-${tag}`,
      source: 'page' as const,
      requested_sats: 1000,
      received_msat: state === 'paid' ? 1_000_000 : null,
      name: null,
      message: null,
      tournament_id: null,
      state,
      created_at: expiresAt - 15 * MINUTE,
      expires_at: expiresAt,
      paid_at: state === 'paid' ? expiresAt - MINUTE : null,
      preimage: null,
      hidden_at: null,
      zap_request: null,
      zap_receipt_id: null,
    });
    await s.db
      .insertInto('donations')
      .values([
        donation('aaa', 'expired', now - 2 * DAY),
        donation('bbb', 'open', now - 2 * DAY),
        donation('ccc', 'paid', now - 2 * DAY),
        donation('ddd', 'expired', now - MINUTE),
      ])
      .execute();
  }

  async function remaining() {
    const [limits, links, sessions, donations] = await Promise.all([
      s.db.selectFrom('rate_limits').select('key').orderBy('key').execute(),
      s.db.selectFrom('magic_links').select('token_hash').execute(),
      s.db.selectFrom('sessions').select('id_hash').execute(),
      s.db.selectFrom('donations').select('payment_hash').orderBy('payment_hash').execute(),
    ]);
    return {
      rateLimits: limits.map((r) => r.key),
      magicLinks: links.map((r) => r.token_hash.replace(/^token-|0+$/g, '')),
      sessions: sessions.map((r) => r.id_hash.replace(/0+$/, '')),
      donations: donations.map((r) => r.payment_hash.replace(/0+$/, '')),
    };
  }

  it('deletes ended rate-limit windows, expired magic links (used or not), expired sessions and unpaid donation invoices a day past expiry, and keeps the live ones and every paid donation', async () => {
    const now = Date.now();
    await seed(now);
    expect(await pruneExpired(s.db, now)).toEqual({
      rateLimits: 1,
      magicLinks: 2,
      sessions: 1,
      runTickets: 0,
      donations: 2,
    });
    expect(await remaining()).toEqual({
      rateLimits: ['mail:ip:new'],
      magicLinks: ['live'],
      sessions: ['live'],
      donations: ['ccc', 'ddd'],
    });
    expect(await pruneExpired(s.db, now)).toEqual({
      rateLimits: 0,
      magicLinks: 0,
      sessions: 0,
      runTickets: 0,
      donations: 0,
    });
  });

  it('prunes on its schedule without being asked, until stopped', async () => {
    await seed(Date.now());
    const stop = schedulePruning(s.db, 20);
    try {
      await expect.poll(remaining, { timeout: 5_000, interval: 20 }).toEqual({
        rateLimits: ['mail:ip:new'],
        magicLinks: ['live'],
        sessions: ['live'],
        donations: ['ccc', 'ddd'],
      });
      // Rows that expire later go at a later turn.
      await s.db
        .updateTable('sessions')
        .set({ expires_at: Date.now() - 1 })
        .execute();
      await expect.poll(async () => (await remaining()).sessions, { timeout: 5_000, interval: 20 }).toEqual([]);
    } finally {
      await stop();
    }
  });
});
