import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY } from '~/lib/format';
import { getAchievements } from '~/server/achievements/achievements';
import { registerUser, sendMagicLink, verifyLoginCode, verifyMagicLink } from '~/server/auth/accounts';
import { countActiveSessions, createSession, findSession } from '~/server/auth/sessions';
import { openDatabase, type DatabaseHandle } from '~/server/db';
import { getGlobalStats, getUserStats, listUserScores } from '~/server/games/stats';
import { submitRun, type GameRules } from '~/server/games/runs';
import { leaderboardPage, userRank } from '~/server/leaderboards/boards';
import { Rankings, SYNC_INTERVAL_MS } from '~/server/leaderboards/rankings';
import { banPlayer, unbanPlayer } from '~/server/moderation/bans';
import { WITHHELD_MESSAGE } from '~/server/tournaments/withheld';
import { hideRun, restoreRun } from '~/server/moderation/hidden-runs';
import { leaveBoards, afterStandingChange } from '~/server/moderation/standing';
import { findPublicProfile } from '~/server/profiles/profiles';
import { listAudit } from '~/server/shared/audit';
import { registry } from '~/server/shared/metrics';
import { tournamentBoardPage, tournamentRank } from '~/server/tournaments/board';
import { tournamentResults } from '~/server/tournaments/results';
import { distributePrize, listWinners, processWinners } from '~/server/tournaments/winners';
import { addPlayer, appErrorOf, DIALECTS, freshServices, readSignInMail, type TestServices } from '../support/services';

// Player management (README): bans and hidden runs, on both databases, through the services.

const rekt: GameRules = {
  gameId: 'rekt',
  maxScore: 1_000_000,
  maxLevel: 1000,
  maxFishPerRun: 0,
  hasFish: false,
  hasFormations: true,
  fairPlay: 'replay',
};
const GLOBAL = { type: 'global' } as const;
const US = { type: 'country', country: 'US' } as const;
/** The tournament's window: the runs of the tests are inside it. */
const T0 = Date.UTC(2026, 10, 1);

const metric = async (name: string, action: string) =>
  (await registry.getSingleMetric(name)!.get()).values.find((v) => v.labels.action === action)?.value ?? 0;

describe.each(DIALECTS)('player management on %s', (dialect) => {
  let s: TestServices;
  let admin: { id: number; username: string };
  let runs = 0;
  let tournamentId: number;

  beforeEach(async () => {
    s = await freshServices(dialect, { ADMIN_USER_IDS: '1' });
    admin = { id: await addPlayer(s.db, 'root_admin', 'US', T0 - DAY), username: 'root_admin' };
    // A tournament of REKT! over the tests' runs, ended (its winners can be processed).
    tournamentId = (
      await s.db
        .insertInto('tournaments')
        .values({
          name: 'Clean Cup',
          game_id: 'rekt',
          description: '',
          start_at: T0,
          end_at: T0 + DAY,
          image_filename: null,
          first_place_sats: 1000,
          second_to_fifth_sats: 500,
          random_participant_sats: 0,
          report_content: '',
          created_at: T0 - DAY,
          updated_at: T0 - DAY,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterEach(async () => {
    await s.close();
  });

  /** A verified REKT! run through the real ingestion service (inside the tournament's window); its runs.id. */
  async function play(userId: number, score: number, at: number, extra: object = {}): Promise<number> {
    const runId = `run-${++runs}`;
    await submitRun(s, rekt, userId, { runId, score, level: 2, verified: true, ...extra }, at, 1_000);
    const row = await s.db.selectFrom('runs').select('id').where('run_id', '=', runId).executeTakeFirstOrThrow();
    return row.id;
  }

  const globalNames = async (rankings = s.rankings, scope: typeof GLOBAL | typeof US = GLOBAL) =>
    (await leaderboardPage(s.db, rankings, 'rekt', scope, 1, 50)).entries.map((e) => `${e.rank}:${e.username}`);
  const tournamentNames = async (rankings = s.rankings) =>
    (await tournamentBoardPage({ db: s.db, rankings }, tournamentId, 1, 50)).entries.map(
      (e) => `${e.rank}:${e.username}`,
    );

  /** A second server process: its own connection(s) and its own in-memory orders, on a clock the test moves. */
  async function secondProcess(): Promise<{ rankings: Rankings; tick: () => void; close: () => Promise<void> }> {
    const handle: DatabaseHandle = openDatabase(s.config.databaseUrl, s.config.dataDir);
    let now = Date.now();
    const rankings = new Rankings(handle.db, () => now);
    return {
      rankings,
      tick: () => {
        now += SYNC_INTERVAL_MS;
      },
      close: () => handle.db.destroy(),
    };
  }

  describe('bans', () => {
    it('a ban takes the player off every global, country and tournament board at once, in a second process within a sync, and an unban brings them back', async () => {
      const ann = await addPlayer(s.db, 'ann', 'US');
      const bob = await addPlayer(s.db, 'bob', 'US');
      const cid = await addPlayer(s.db, 'cid', 'DE');
      await play(ann, 500, T0 + 10);
      await play(bob, 900, T0 + 20);
      await play(cid, 700, T0 + 30);
      const other = await secondProcess();
      try {
        const all = ['1:bob', '2:cid', '3:ann'];
        expect(await globalNames()).toEqual(all);
        expect(await globalNames(other.rankings)).toEqual(all);
        expect(await globalNames(s.rankings, US)).toEqual(['1:bob', '2:ann']);
        expect(await tournamentNames()).toEqual(all);
        expect(await tournamentNames(other.rankings)).toEqual(all);
        const bansBefore = await metric('arcade_bans_total', 'ban');

        const banned = await banPlayer(s, admin, bob, '  Bot-like runs  ');
        expect(banned.user).toEqual({ id: bob, bannedAt: expect.any(String), banReason: 'Bot-like runs' });
        expect(await metric('arcade_bans_total', 'ban')).toBe(bansBefore + 1);

        // This process: at once, on every board, and in the player's own rank and profile.
        const without = ['1:cid', '2:ann'];
        expect(await globalNames()).toEqual(without);
        expect(await globalNames(s.rankings, US)).toEqual(['1:ann']);
        expect(await tournamentNames()).toEqual(without);
        expect((await userRank(s.rankings, 'rekt', GLOBAL, bob)).rank).toBeNull();
        expect((await tournamentRank(s, tournamentId, bob)).rank).toBeNull();
        const profile = await findPublicProfile(s, bob, null);
        expect(profile!.gameStats.find((g) => g.gameId === 'rekt')!.globalRank).toBeNull();
        // What visitors see of a banned player (README, "Player management"): the profile, marked suspended.
        expect(profile!.suspended).toBe(true);
        // The runs stay stored, for the record.
        expect(await s.db.selectFrom('runs').select('id').where('user_id', '=', bob).execute()).toHaveLength(1);

        // The other process: from the change feed at its next look (its clock moved a sync on).
        other.tick();
        expect(await globalNames(other.rankings)).toEqual(without);
        expect(await tournamentNames(other.rankings)).toEqual(without);

        // Winners processed while the ban holds: the banned player does not place.
        await processWinners(s, admin, tournamentId, T0 + 2 * DAY);
        const awards = await s.db
          .selectFrom('prize_awards')
          .select(['user_id', 'prize_value'])
          .where('tournament_id', '=', tournamentId)
          .orderBy('prize_value', 'desc')
          .execute();
        expect(awards.map((a) => [a.user_id, Number(a.prize_value)])).toEqual([
          [cid, 1000],
          [ann, 500],
        ]);

        // Unban: back everywhere, here at once and there at the next look.
        expect(await appErrorOf(unbanPlayer(s, admin, bob))).toEqual([0, '']);
        expect(await globalNames()).toEqual(all);
        expect(await globalNames(s.rankings, US)).toEqual(['1:bob', '2:ann']);
        expect(await tournamentNames()).toEqual(all);
        expect((await userRank(s.rankings, 'rekt', GLOBAL, bob)).rank).toBe(1);
        other.tick();
        expect(await globalNames(other.rankings)).toEqual(all);
        expect(await tournamentNames(other.rankings)).toEqual(all);

        // The audit log says who did what, with the reason.
        const log = (await listAudit(s.db)).filter((e) => e.targetType === 'user');
        expect(log.map((e) => [e.action, e.actorName, e.targetId])).toEqual([
          ['user.unban', 'root_admin', String(bob)],
          ['user.ban', 'root_admin', String(bob)],
        ]);
        expect(log[1]!.details).toMatchObject({ username: 'bob', reason: 'Bot-like runs' });
      } finally {
        await other.close();
      }
    });

    it('a deleted account (leaveBoards) leaves the boards the same way', async () => {
      const ann = await addPlayer(s.db, 'ann', 'US');
      const bob = await addPlayer(s.db, 'bob', 'US');
      await play(ann, 500, T0 + 10);
      await play(bob, 900, T0 + 20);
      const other = await secondProcess();
      try {
        expect(await globalNames(other.rankings)).toEqual(['1:bob', '2:ann']);
        await s.db.transaction().execute((trx) => leaveBoards(trx, bob));
        afterStandingChange(s.rankings, bob);
        expect(await globalNames()).toEqual(['1:ann']);
        expect(await tournamentNames()).toEqual(['1:ann']);
        other.tick();
        expect(await globalNames(other.rankings)).toEqual(['1:ann']);
        // A fresh process never loads them.
        expect(await globalNames(new Rankings(s.db))).toEqual(['1:ann']);
        // Nor does a player off the boards ban (404) or unban.
        expect(await appErrorOf(banPlayer(s, admin, bob, 'x'))).toEqual([404, 'No such player.']);
      } finally {
        await other.close();
      }
    });

    it('refuses what it cannot do: an admin, nobody, twice, no reason, a reason too long', async () => {
      const ann = await addPlayer(s.db, 'ann');
      expect(await appErrorOf(banPlayer(s, admin, admin.id, 'x'))).toEqual([403, 'Admins cannot be banned.']);
      expect(await appErrorOf(banPlayer(s, admin, 9999, 'x'))).toEqual([404, 'No such player.']);
      expect(await appErrorOf(unbanPlayer(s, admin, 9999))).toEqual([404, 'No such player.']);
      expect((await appErrorOf(banPlayer(s, admin, ann, '   ')))[0]).toBe(400);
      expect((await appErrorOf(banPlayer(s, admin, ann, 'x'.repeat(501))))[0]).toBe(400);
      expect(await appErrorOf(unbanPlayer(s, admin, ann))).toEqual([409, 'This player is not banned.']);
      expect((await appErrorOf(banPlayer(s, admin, ann, 'x'.repeat(500))))[0]).toBe(0);
      expect(await appErrorOf(banPlayer(s, admin, ann, 'again'))).toEqual([409, 'This player is already banned.']);
      // Two bans at once: one bans, the other is told.
      const bob = await addPlayer(s.db, 'bob');
      const both = await Promise.all([
        appErrorOf(banPlayer(s, admin, bob, 'a')),
        appErrorOf(banPlayer(s, admin, bob, 'b')),
      ]);
      expect(both.map((b) => b[0]).sort()).toEqual([0, 409]);
      expect((await listAudit(s.db)).filter((e) => e.action === 'user.ban')).toHaveLength(2);
    });

    it('a ban signs the player out everywhere and sign-in tells them the account is suspended', async () => {
      let ips = 0;
      // Each request from its own address, so the mail limits per address and sender stay out of the way.
      const from = () => ({ ip: `203.0.113.${++ips}`, country: 'US' });
      const requester = from();
      await registerUser(s, { username: 'dana', email: 'dana@example.com' }, requester);
      const first = readSignInMail(s.mailer.sent.at(-1)!);
      const { user, session } = await verifyMagicLink(s, first.token, requester);
      await createSession(s.db, user.id);
      expect(await countActiveSessions(s.db, user.id)).toBe(2);
      // A link mailed before the ban, opened after it.
      await sendMagicLink(s, 'dana@example.com', from());
      const pending = readSignInMail(s.mailer.sent.at(-1)!);

      const banned = await banPlayer(s, admin, user.id, 'abuse');
      expect(banned.sessionsEnded).toBe(2);
      expect(await countActiveSessions(s.db, user.id)).toBe(0);
      expect(await findSession(s.db, session.token)).toBeNull();
      expect(await appErrorOf(verifyMagicLink(s, pending.token, requester))).toEqual([
        403,
        'This account is suspended.',
      ]);
      expect(
        await appErrorOf(verifyLoginCode(s, { email: 'dana@example.com', code: pending.code }, requester)),
      ).toEqual([403, 'This account is suspended.']);
      // Asking for a link: the same answer as for anyone (nothing thrown), and the mail says why, with no link.
      const mails = s.mailer.sent.length;
      await sendMagicLink(s, 'dana@example.com', from());
      expect(s.mailer.sent).toHaveLength(mails + 1);
      const notice = s.mailer.sent.at(-1)!;
      expect(notice.subject).toMatch(/suspended/);
      expect(notice.text).toContain('This account is suspended');
      expect(notice.text).not.toMatch(/token=|code in the sign-in window/);
      // Signing up again with the address: the same notice.
      await registerUser(s, { username: 'dana2', email: 'dana@example.com' }, from());
      expect(s.mailer.sent.at(-1)!.subject).toMatch(/suspended/);

      // Unbanned: sign-in works again (the old sessions stay gone).
      await unbanPlayer(s, admin, user.id);
      expect(await countActiveSessions(s.db, user.id)).toBe(0);
      await sendMagicLink(s, 'dana@example.com', from());
      const fresh = readSignInMail(s.mailer.sent.at(-1)!);
      expect((await verifyMagicLink(s, fresh.token, requester)).user.id).toBe(user.id);
    });

    it('withholds a banned winner’s unsent prizes from Distribute and shows them withheld; unban releases them', async () => {
      const ann = await addPlayer(s.db, 'ann');
      const bob = await addPlayer(s.db, 'bob');
      await play(ann, 900, T0 + 10);
      await play(bob, 500, T0 + 20);
      await processWinners(s, admin, tournamentId, T0 + 2 * DAY);
      const prizeOf = async (userId: number) =>
        (
          await s.db
            .selectFrom('prize_awards')
            .select(['id', 'status'])
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).id;
      const annPrize = await prizeOf(ann);

      const banned = await banPlayer(s, admin, ann, 'multi-accounting');
      expect(banned.prizesWithheld).toBe(1);
      expect(await appErrorOf(distributePrize(s, admin, annPrize))).toEqual([409, WITHHELD_MESSAGE]);
      expect(
        (await s.db.selectFrom('prize_awards').select('status').where('id', '=', annPrize).executeTakeFirstOrThrow())
          .status,
      ).toBe('pending');
      const winners = await listWinners(s, tournamentId);
      const annWinner = winners.winners.find((w) => w.userId === ann)!;
      expect(annWinner.withheld).toBe(true);
      expect(annWinner.rank).toBeNull(); // off the final board while banned
      expect(annWinner.bitcoinPrizes[0]!.payout.payable).toBe(false);
      expect(winners.winners.find((w) => w.userId === bob)!.withheld).toBe(false);
      // The public results: the winner has no rank while banned, the award is still listed.
      const results = await tournamentResults(s, tournamentId, T0 + 2 * DAY);
      expect(results.entries.map((e) => e.username)).toEqual(['bob']);
      expect(results.bitcoinAwards.find((a) => a.userId === ann)!.rank).toBeNull();
      // Others' prizes are not held up.
      expect((await appErrorOf(distributePrize(s, admin, await prizeOf(bob))))[0]).toBe(0);

      await unbanPlayer(s, admin, ann);
      expect((await listWinners(s, tournamentId)).winners.find((w) => w.userId === ann)!).toMatchObject({
        withheld: false,
        rank: 1,
      });
      expect((await distributePrize(s, admin, annPrize)).prize.distributionStatus).toBe('sent');
    });
  });

  describe('hidden runs', () => {
    it('hiding a run takes it out of ranks, bests, tournament entries, achievements and statistics, here and elsewhere; restoring puts it all back', async () => {
      const ann = await addPlayer(s.db, 'ann', 'US');
      const bob = await addPlayer(s.db, 'bob', 'US');
      await play(ann, 500, T0 + 10);
      const suspicious = await play(ann, 60_000, T0 + 20, { achievements: { 'long line': true } });
      await play(ann, 300, T0 + 30);
      await play(bob, 700, T0 + 40);
      const other = await secondProcess();
      try {
        const stats = () =>
          s.db
            .selectFrom('game_stats')
            .select(['plays', 'best_score', 'best_level', 'best_reached_at', 'total_score', 'last_played_at'])
            .where('user_id', '=', ann)
            .executeTakeFirstOrThrow();
        const entry = () =>
          s.db
            .selectFrom('tournament_entries')
            .select(['runs', 'best_score', 'best_reached_at', 'entered_at'])
            .where('user_id', '=', ann)
            .executeTakeFirstOrThrow();
        const card = async (id: string) => (await getAchievements(s, ann)).cards.find((c) => c.id === id)!;
        const shown = {
          stats: await stats(),
          entry: await entry(),
          totals: await getGlobalStats(s.db, 'rekt'),
          perfect: (await card('perfect')).completedCount,
          hardcore: (await card('hardcore')).completedCount,
        };
        expect(shown.stats).toMatchObject({ plays: 3, best_score: 60_000, total_score: 60_800 });
        expect(shown.entry).toMatchObject({ runs: 3, best_score: 60_000 });
        expect(shown.perfect).toBe(1);
        expect(shown.hardcore).toBe(1);
        expect(await globalNames(other.rankings)).toEqual(['1:ann', '2:bob']);
        const hiddenBefore = await metric('arcade_runs_hidden_total', 'hide');

        const hidden = await hideRun(s, admin, suspicious, 'impossible score');
        expect(hidden.run).toMatchObject({
          id: suspicious,
          userId: ann,
          score: 60_000,
          hiddenReason: 'impossible score',
        });
        expect(await metric('arcade_runs_hidden_total', 'hide')).toBe(hiddenBefore + 1);

        expect(await stats()).toEqual({
          plays: 2,
          best_score: 500,
          best_level: 2,
          best_reached_at: T0 + 10,
          total_score: 800,
          last_played_at: T0 + 30,
        });
        expect(await entry()).toEqual({ runs: 2, best_score: 500, best_reached_at: T0 + 10, entered_at: T0 + 10 });
        expect((await getGlobalStats(s.db, 'rekt')).totalGames).toBe(shown.totals.totalGames - 1);
        expect((await card('perfect')).completedCount).toBe(0);
        expect((await card('hardcore')).completedCount).toBe(0);
        expect((await listUserScores(s.db, ann, 'rekt')).scores.map((r) => r.score)).toEqual([300, 500]);
        expect(await getUserStats(s.db, ann)).toEqual({ bestScore: 500, totalPlays: 2, verifiedPlays: 2 });
        expect(await globalNames()).toEqual(['1:bob', '2:ann']);
        expect(await tournamentNames()).toEqual(['1:bob', '2:ann']);
        other.tick();
        expect(await globalNames(other.rankings)).toEqual(['1:bob', '2:ann']);
        expect(await tournamentNames(other.rankings)).toEqual(['1:bob', '2:ann']);
        // Kept for the record.
        expect(
          await s.db
            .selectFrom('runs')
            .select(['score', 'hidden_reason'])
            .where('id', '=', suspicious)
            .executeTakeFirst(),
        ).toEqual({ score: 60_000, hidden_reason: 'impossible score' });

        expect(await appErrorOf(hideRun(s, admin, suspicious, 'again'))).toEqual([409, 'This run is already hidden.']);
        const restored = await restoreRun(s, admin, suspicious);
        expect(restored.run.hiddenAt).toBeNull();
        expect(await stats()).toEqual(shown.stats);
        expect(await entry()).toEqual(shown.entry);
        expect(await getGlobalStats(s.db, 'rekt')).toEqual(shown.totals);
        expect((await card('perfect')).completedCount).toBe(1);
        expect((await card('hardcore')).completedCount).toBe(1);
        expect(await globalNames()).toEqual(['1:ann', '2:bob']);
        expect(await tournamentNames()).toEqual(['1:ann', '2:bob']);
        other.tick();
        expect(await globalNames(other.rankings)).toEqual(['1:ann', '2:bob']);
        expect(await tournamentNames(other.rankings)).toEqual(['1:ann', '2:bob']);
        expect(await appErrorOf(restoreRun(s, admin, suspicious))).toEqual([409, 'This run is not hidden.']);

        const log = (await listAudit(s.db)).filter((e) => e.targetType === 'run');
        expect(log.map((e) => [e.action, e.targetId, e.details.reason])).toEqual([
          ['run.restore', String(suspicious), 'impossible score'],
          ['run.hide', String(suspicious), 'impossible score'],
        ]);
      } finally {
        await other.close();
      }
    });

    it('a player whose only run is hidden leaves the game board and the tournament; a formation another run also unlocked stays', async () => {
      const ann = await addPlayer(s.db, 'ann', 'US');
      const bob = await addPlayer(s.db, 'bob', 'US');
      const only = await play(ann, 800, T0 + 10, { achievements: { 'double arc': true } });
      await play(bob, 100, T0 + 20, { achievements: { 'double arc': true } });
      const bobSecond = await play(bob, 200, T0 + 30, { achievements: { 'double arc': true } });
      await hideRun(s, admin, only, 'cheat');
      expect(await globalNames()).toEqual(['1:bob']);
      expect(await tournamentNames()).toEqual(['1:bob']);
      expect(await s.db.selectFrom('game_stats').selectAll().where('user_id', '=', ann).execute()).toEqual([]);
      expect(await s.db.selectFrom('tournament_entries').selectAll().where('user_id', '=', ann).execute()).toEqual([]);
      expect(await s.db.selectFrom('user_achievements').selectAll().where('user_id', '=', ann).execute()).toEqual([]);
      await hideRun(s, admin, bobSecond, 'cheat');
      const kept = await s.db.selectFrom('user_achievements').selectAll().where('user_id', '=', bob).execute();
      expect(kept.map((k) => [k.name, Number(k.unlocked_at)])).toEqual([['double arc', T0 + 20]]);
      // Processing winners after the hide: the hidden run places nobody.
      await processWinners(s, admin, tournamentId, T0 + 2 * DAY);
      const awards = await s.db
        .selectFrom('prize_awards')
        .select('user_id')
        .where('tournament_id', '=', tournamentId)
        .execute();
      expect(awards.map((a) => a.user_id)).toEqual([bob]);
      expect(await appErrorOf(hideRun(s, admin, 9999, 'x'))).toEqual([404, 'No such run.']);
      expect(await appErrorOf(restoreRun(s, admin, 9999))).toEqual([404, 'No such run.']);
      expect((await appErrorOf(hideRun(s, admin, only, '')))[0]).toBe(400);
    });

    it('runs arriving while a run is hidden are neither lost nor counted twice', async () => {
      const ann = await addPlayer(s.db, 'ann', 'US');
      const hidden = await play(ann, 5_000, T0 + 10);
      await play(ann, 100, T0 + 20);
      await Promise.all([
        hideRun(s, admin, hidden, 'cheat'),
        ...Array.from({ length: 8 }, (_, i) => play(ann, 200 + i, T0 + 100 + i)),
      ]);
      const row = await s.db
        .selectFrom('game_stats')
        .select(['plays', 'best_score', 'total_score'])
        .where('user_id', '=', ann)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ plays: 9, best_score: 207, total_score: 100 + (200 * 8 + 28) });
      const e = await s.db
        .selectFrom('tournament_entries')
        .select(['runs', 'best_score'])
        .where('user_id', '=', ann)
        .executeTakeFirstOrThrow();
      expect(e).toEqual({ runs: 9, best_score: 207 });
      expect((await getGlobalStats(s.db, 'rekt')).totalGames).toBe(9);
      expect(await globalNames()).toEqual(['1:ann']);
      expect((await userRank(s.rankings, 'rekt', GLOBAL, ann)).score).toBe(207);
    });
  });
});
