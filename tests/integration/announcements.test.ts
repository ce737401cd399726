import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '~/server/db';
import {
  ANNOUNCE_STALE_CLAIM_MS,
  announceGame,
  countSubscribers,
  listAnnouncements,
  sendAnnouncementMails,
  unsubscribeKey,
  unsubscribeWithKey,
} from '~/server/mail/announcements';
import { setNotifyNewGames } from '~/server/auth/accounts';
import {
  addPlayer,
  appErrorOf,
  capturingMailer,
  DIALECTS,
  freshServices,
  type TestServices,
} from '../support/services';

// New-game mails (README, "New-game mails"): one mail per subscriber, sent in the background at a
// bounded rate, each exactly once across processes and restarts.

describe.each(DIALECTS)('new-game announcements on %s', (dialect) => {
  let s: TestServices;
  const admin = { id: null, username: 'Root_Admin' };
  beforeEach(async () => {
    s = await freshServices(dialect);
  });
  afterEach(async () => {
    await s.close();
  });

  /** `count` players on the new-game list, named `${prefix}0`..; their ids. */
  async function subscribers(prefix: string, count: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const id = await addPlayer(s.db, `${prefix}${i}`);
      await setNotifyNewGames(s.db, id, true);
      ids.push(id);
    }
    return ids;
  }

  const mailRows = () => s.db.selectFrom('announcement_mails').selectAll().orderBy('user_id').execute();

  it('queues one mail per player on the list, not the banned, deleted or unsubscribed; a game is announced once', async () => {
    const [ann, bob, cid] = await subscribers('fan', 3);
    await addPlayer(s.db, 'not_asked');
    await s.db.updateTable('users').set({ banned_at: Date.now() }).where('id', '=', bob!).execute();
    await s.db.updateTable('users').set({ deleted_at: Date.now() }).where('id', '=', cid!).execute();
    expect(await countSubscribers(s.db)).toBe(1);

    const announced = await announceGame(s.db, admin, 'mr-quiz', 1_000);
    expect(announced).toMatchObject({ gameId: 'mr-quiz', gameName: 'Mr Quiz', recipients: 1 });
    expect((await mailRows()).map((r) => [r.user_id, r.claimed_at, r.sent_at])).toEqual([[ann, null, null]]);
    const audit = await s.db.selectFrom('audit_log').selectAll().execute();
    expect(audit.map((a) => [a.action, a.target_id, JSON.parse(a.details)])).toEqual([
      ['game.announce', 'mr-quiz', { recipients: 1 }],
    ]);

    expect(await appErrorOf(announceGame(s.db, admin, 'mr-quiz'))).toEqual([
      409,
      'Mr Quiz was announced already: each game is announced once.',
    ]);
    expect(await appErrorOf(announceGame(s.db, admin, 'tetris'))).toEqual([
      404,
      'There is no listed game "tetris" to announce.',
    ]);
    expect(await s.db.selectFrom('announcement_mails').selectAll().execute()).toHaveLength(1);
  });

  it('sends a bounded batch per sweep, each mail once, with two processes sweeping at once and a restart', async () => {
    const ids = await subscribers('many', 7);
    await announceGame(s.db, admin, 'rekt');
    // A second process of the arcade on the same database, with its own mailer.
    const other = openDatabase(s.config.databaseUrl, s.config.dataDir);
    const otherMailer = capturingMailer();
    try {
      const [a, b] = await Promise.all([
        sendAnnouncementMails(s, { batch: 3 }),
        sendAnnouncementMails({ ...s, db: other.db, mailer: otherMailer }, { batch: 3 }),
      ]);
      // Each process sends at most its batch; a mail both looked at went out once, whoever claimed it.
      expect(a).toBeLessThanOrEqual(3);
      expect(b).toBeLessThanOrEqual(3);
      expect(a + b).toBeGreaterThanOrEqual(3);
      const first = [...s.mailer.sent, ...otherMailer.sent].map((m) => m.to);
      expect(first).toHaveLength(a + b);
      expect(new Set(first).size).toBe(first.length);
      // "Restart": a fresh sweep never resends what was sent; the rest go out.
      while ((await sendAnnouncementMails(s, { batch: 3 })) > 0);
      const all = [...s.mailer.sent, ...otherMailer.sent].map((m) => m.to).sort();
      expect(all).toEqual(ids.map((_, i) => `many${i}@example.com`).sort());
      expect(await sendAnnouncementMails({ ...s, db: other.db, mailer: otherMailer })).toBe(0);
    } finally {
      await other.db.destroy();
    }
    expect((await mailRows()).every((r) => r.sent_at !== null && r.given_up_at === null)).toBe(true);
    expect(await listAnnouncements(s.db)).toMatchObject([{ gameId: 'rekt', queued: 7, sent: 7, givenUp: 0 }]);

    const mail = s.mailer.sent[0]!;
    expect(mail.subject).toBe('New in Sats Arcade: REKT!');
    expect(mail.text).toContain('http://arcade.test/games/rekt');
    const userId = ids[all(mail.to)]!;
    const link = `http://arcade.test/unsubscribe?u=${userId}&k=${unsubscribeKey(s.config.secretKey, userId)}`;
    expect(mail.text).toContain(`Unsubscribe with one click: ${link}`);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    function all(to: string) {
      return ids.findIndex((_, i) => `many${i}@example.com` === to);
    }
  });

  it('retries a refused mail, gives it up after three refusals, and never resends a claim a stopped process left', async () => {
    const [ann, bob] = await subscribers('retry', 2);
    await announceGame(s.db, admin, 'fishing-for-sats');
    // bob's mail was claimed by a process that stopped mid-send: it may have gone out.
    const t0 = Date.now();
    await s.db
      .updateTable('announcement_mails')
      .set({ claimed_at: t0 - ANNOUNCE_STALE_CLAIM_MS - 1 })
      .where('user_id', '=', bob!)
      .execute();
    s.mailer.failing = true;
    for (let i = 0; i < 3; i++) expect(await sendAnnouncementMails(s)).toBe(0);
    s.mailer.failing = false;
    expect(await sendAnnouncementMails(s)).toBe(0);
    expect(s.mailer.sent).toEqual([]);
    const rows = await mailRows();
    expect(rows.map((r) => [r.user_id, r.attempts, r.sent_at, r.given_up_at !== null])).toEqual([
      [ann, 3, null, true],
      [bob, 0, null, true],
    ]);
  });

  it('unsubscribes with the link key only, and a waiting mail of an unsubscribed player is not sent', async () => {
    const [ann, bob] = await subscribers('leaver', 2);
    await announceGame(s.db, admin, 'mr-quiz');
    expect(await unsubscribeWithKey(s, ann!, unsubscribeKey(s.config.secretKey, bob!))).toBe(false);
    expect(await unsubscribeWithKey(s, ann!, 'short')).toBe(false);
    expect(await countSubscribers(s.db)).toBe(2);
    expect(await unsubscribeWithKey(s, ann!, unsubscribeKey(s.config.secretKey, ann!))).toBe(true);
    expect(await countSubscribers(s.db)).toBe(1);
    expect(await sendAnnouncementMails(s)).toBe(1);
    expect(s.mailer.sent.map((m) => m.to)).toEqual(['leaver1@example.com']);
    expect(await listAnnouncements(s.db)).toMatchObject([{ queued: 2, sent: 1, givenUp: 1 }]);
  });
});
