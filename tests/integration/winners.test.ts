import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Eligibility } from '~/lib/tournament-prizes';
import {
  bulkDistributeAvatar,
  distributePrize,
  listWinners,
  processWinners,
  setPrizeStatus,
} from '~/server/tournaments/winners';
import { AppError } from '~/server/shared/errors';
import { failure } from '../support/failure';
import { addPlayer, DIALECTS, freshServices, type TestServices } from '../support/services';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 20, 12);

interface Setup {
  /** [username, score, reached at (ms after the start)] per participant. */
  players: [string, number, number][];
  sats?: [number, number, number];
  rewards?: [string, Eligibility, number | null][];
  endsAt?: number;
}

describe.each(DIALECTS)('tournament winners and prizes on %s', (dialect) => {
  let s: TestServices;
  let admin: { id: number; username: string };
  let tournaments = 0;

  beforeEach(async () => {
    s = await freshServices(dialect);
    admin = { id: await addPlayer(s.db, 'root_admin'), username: 'root_admin' };
  });
  afterEach(async () => {
    await s.close();
  });

  /** A tournament that ended an hour ago (or at `endsAt`), its entries and avatar rewards; the players' ids by name. */
  async function tournament({ players, sats = [1000, 500, 100], rewards = [], endsAt = NOW - HOUR }: Setup) {
    const start = endsAt - 24 * HOUR;
    const { id } = await s.db
      .insertInto('tournaments')
      .values({
        name: `Cup ${++tournaments}`,
        game_id: 'rekt',
        description: '',
        start_at: start,
        end_at: endsAt,
        image_filename: null,
        first_place_sats: sats[0],
        second_to_fifth_sats: sats[1],
        random_participant_sats: sats[2],
        report_content: '',
        created_at: start,
        updated_at: start,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids: Record<string, number> = {};
    for (const [name, score, at] of players) {
      ids[name] =
        (await s.db.selectFrom('users').select('id').where('username', '=', name).executeTakeFirst())?.id ??
        (await addPlayer(s.db, name));
      await s.db
        .insertInto('tournament_entries')
        .values({
          tournament_id: id,
          user_id: ids[name]!,
          runs: 1,
          best_score: score,
          best_level: 1,
          best_fish_count: 0,
          best_fish_json: null,
          best_reached_at: start + at,
          entered_at: start + at,
        })
        .execute();
    }
    let position = 0;
    for (const [avatar_id, eligibility, min_score] of rewards)
      await s.db
        .insertInto('tournament_avatar_rewards')
        .values({ tournament_id: id, avatar_id, eligibility, min_score, position: position++ })
        .execute();
    return { id, ids };
  }

  const awardsOf = (tournamentId: number) =>
    s.db
      .selectFrom('prize_awards')
      .select(['user_id', 'prize_type', 'prize_value', 'avatar_id', 'award_reason', 'status'])
      .where('tournament_id', '=', tournamentId)
      .orderBy('id')
      .execute();
  /** The awards as [username, type, sats or avatar], sorted, so a test reads who got what. */
  async function who(tournamentId: number, ids: Record<string, number>) {
    const names = Object.fromEntries(Object.entries(ids).map(([n, id]) => [id, n]));
    return (await awardsOf(tournamentId))
      .map((a) => [names[a.user_id], a.prize_type === 'bitcoin' ? Number(a.prize_value) : a.avatar_id, a.award_reason])
      .sort((a, b) => String(a).localeCompare(String(b)));
  }

  describe('processing winners', () => {
    it('pays first place, places 2-5 and one drawn participant outside them, and gives each avatar reward by eligibility and minimum score', async () => {
      const players: Setup['players'] = Array.from({ length: 12 }, (_, i) => [
        `p${String(i + 1).padStart(2, '0')}`,
        10_000 - i * 500,
        i,
      ]);
      const { id, ids } = await tournament({
        players,
        rewards: [
          ['laser-eyes', 'first_place', null],
          ['hodl-knight', 'top_3', 9_200],
          ['pizza-chef', 'top_10', null],
          ['sats-miner', 'all_players', 5_000],
        ],
      });
      const answer = await processWinners(s, admin, id, NOW);
      const draw = await s.db
        .selectFrom('tournament_processing')
        .selectAll()
        .where('tournament_id', '=', id)
        .executeTakeFirstOrThrow();
      const drawn = Object.entries(ids).find(([, uid]) => uid === draw.random_user_id)![0];
      expect(['p06', 'p07', 'p08', 'p09', 'p10', 'p11', 'p12']).toContain(drawn);
      expect(draw.random_candidates).toBe(7);
      expect(answer).toMatchObject({
        bitcoinAwards: 6,
        avatarAwards: 1 + 2 + 10 + 11,
        awardsCreated: 30,
        randomWinner: { userId: draw.random_user_id, username: drawn, candidates: 7 },
      });

      const got = await who(id, ids);
      expect(got.filter((a) => typeof a[1] === 'number')).toEqual(
        [
          ['p01', 1000, 'first_place'],
          ['p02', 500, 'place_2'],
          ['p03', 500, 'place_3'],
          ['p04', 500, 'place_4'],
          ['p05', 500, 'place_5'],
          [drawn, 100, 'random_participant'],
        ].sort((a, b) => String(a).localeCompare(String(b))),
      );
      const avatars = (avatar: string) => got.filter((a) => a[1] === avatar).map((a) => a[0]);
      expect(avatars('laser-eyes')).toEqual(['p01']);
      expect(avatars('hodl-knight')).toEqual(['p01', 'p02']); // p03 made the top 3 with 9,000 < 9,200
      expect(avatars('pizza-chef')).toEqual(['p01', 'p02', 'p03', 'p04', 'p05', 'p06', 'p07', 'p08', 'p09', 'p10']);
      expect(avatars('sats-miner')).toEqual([
        'p01',
        'p02',
        'p03',
        'p04',
        'p05',
        'p06',
        'p07',
        'p08',
        'p09',
        'p10',
        'p11',
      ]); // p12 has 4,500
      expect((await awardsOf(id)).every((a) => a.status === 'pending')).toBe(true);
    });

    it('breaks ties as the board does (who reached the score first), at places 1-5 and at the top-10 edge', async () => {
      const players: Setup['players'] = [
        ['late_top', 9_000, 50],
        ['early_top', 9_000, 10],
        ['third', 8_000, 1],
        ['fourth', 7_000, 1],
        ['fifth_late', 6_000, 30],
        ['fifth_early', 6_000, 20],
        ...Array.from({ length: 3 }, (_, i): [string, number, number] => [`mid${i}`, 5_000 - i, 1]),
        ['tenth_early', 1_000, 5],
        ['eleventh_late', 1_000, 6],
      ];
      const { id, ids } = await tournament({
        players,
        sats: [1000, 500, 0],
        rewards: [['pizza-chef', 'top_10', null]],
      });
      await processWinners(s, admin, id, NOW);
      const got = await who(id, ids);
      expect(got.filter((a) => typeof a[1] === 'number')).toEqual([
        ['early_top', 1000, 'first_place'],
        ['fifth_early', 500, 'place_5'],
        ['fourth', 500, 'place_4'],
        ['late_top', 500, 'place_2'],
        ['third', 500, 'place_3'],
      ]);
      const pizza = got.filter((a) => a[1] === 'pizza-chef').map((a) => a[0]);
      expect(pizza).toContain('tenth_early');
      expect(pizza).not.toContain('eleventh_late');
      expect(pizza).toHaveLength(10);
    });

    it('with fewer than five participants pays each place there is and draws among all of them', async () => {
      const { id, ids } = await tournament({
        players: [
          ['solo_a', 300, 1],
          ['solo_b', 200, 2],
          ['solo_c', 100, 3],
        ],
        rewards: [['hodl-knight', 'top_5', null]],
      });
      const answer = await processWinners(s, admin, id, NOW);
      expect(answer).toMatchObject({ bitcoinAwards: 4, avatarAwards: 3, awardsCreated: 7 });
      expect(Object.values(ids)).toContain(answer.randomWinner!.userId);
      expect(answer.randomWinner!.candidates).toBe(3);
    });

    it('with nobody taking part creates nothing and draws nobody', async () => {
      const { id } = await tournament({ players: [], rewards: [['laser-eyes', 'all_players', null]] });
      expect(await processWinners(s, admin, id, NOW)).toMatchObject({
        awardsCreated: 0,
        bitcoinAwards: 0,
        avatarAwards: 0,
        randomWinner: null,
      });
    });

    it('never draws outside the participants', async () => {
      await addPlayer(s.db, 'bystander');
      const drawn = new Set<number>();
      for (let t = 0; t < 15; t++) {
        const players: Setup['players'] = Array.from({ length: 7 }, (_, i) => [`d${i}`, 1000 - i, i]);
        const { id, ids } = await tournament({ players });
        const answer = await processWinners(s, admin, id, NOW);
        expect([ids.d5, ids.d6]).toContain(answer.randomWinner!.userId);
        drawn.add(answer.randomWinner!.userId);
      }
      expect(drawn.size).toBe(2); // 15 draws of two: both come up (the odds of not are 2 in 32,768)
    });

    it('keeps a random prize awarded before processing (demo or imported data) as the draw', async () => {
      const players: Setup['players'] = Array.from({ length: 8 }, (_, i) => [`k${i}`, 800 - i, i]);
      const { id, ids } = await tournament({ players });
      await s.db
        .insertInto('prize_awards')
        .values({
          tournament_id: id,
          user_id: ids.k2!,
          prize_type: 'bitcoin',
          prize_value: 100,
          award_key: 'random',
          award_reason: 'random_participant',
          created_at: NOW,
        })
        .execute();
      const answer = await processWinners(s, admin, id, NOW);
      expect(answer.randomWinner?.userId).toBe(ids.k2);
      expect(answer.bitcoinAwards).toBe(5);
      expect((await awardsOf(id)).filter((a) => a.award_reason === 'random_participant')).toHaveLength(1);
    });

    it('refuses a tournament that has not ended (409) or does not exist (404)', async () => {
      const active = await tournament({ players: [['a', 1, 1]], endsAt: NOW + HOUR });
      const refused = await failure(processWinners(s, admin, active.id, NOW));
      expect(refused.status).toBe(409);
      expect(refused.message).toMatch(/^Winners can be processed once "Cup \d+" has ended: it is active until /);
      expect((await failure(processWinners(s, admin, 9_999, NOW))).status).toBe(404);
      expect(await awardsOf(active.id)).toEqual([]);
    });

    it('is idempotent, also when pressed five times at once: each award once, one draw', async () => {
      const players: Setup['players'] = Array.from({ length: 9 }, (_, i) => [`c${i}`, 900 - i, i]);
      const { id } = await tournament({ players, rewards: [['sats-miner', 'all_players', null]] });
      const answers = await Promise.all(Array.from({ length: 5 }, () => processWinners(s, admin, id, NOW)));
      expect(answers.reduce((n, a) => n + a.awardsCreated, 0)).toBe(6 + 9);
      expect(new Set(answers.map((a) => a.randomWinner?.userId)).size).toBe(1);
      const again = await processWinners(s, admin, id, NOW);
      expect(again).toMatchObject({
        awardsCreated: 0,
        bitcoinAwards: 0,
        avatarAwards: 0,
        message: 'Every award already exists: nothing new was created.',
      });
      expect(again.randomWinner?.userId).toBe(answers[0]!.randomWinner?.userId);
      expect(await awardsOf(id)).toHaveLength(15);
      expect(
        await s.db.selectFrom('tournament_processing').selectAll().where('tournament_id', '=', id).execute(),
      ).toHaveLength(1);
    });
  });

  describe('sending prizes', () => {
    it('sends a prize exactly once under concurrent requests (the others get 409), with who, when and the proof; an avatar joins the collection', async () => {
      const { id, ids } = await tournament({
        players: [
          ['winner', 500, 1],
          ['runner', 400, 2],
        ],
        rewards: [['laser-eyes', 'first_place', null]],
      });
      await processWinners(s, admin, id, NOW);
      const prizes = await s.db
        .selectFrom('prize_awards')
        .select(['id', 'prize_type', 'user_id'])
        .where('tournament_id', '=', id)
        .where('user_id', '=', ids.winner!)
        .execute();
      const sats = prizes.find((p) => p.prize_type === 'bitcoin')!.id;
      const avatar = prizes.find((p) => p.prize_type === 'avatar')!.id;

      const results = await Promise.allSettled(
        Array.from({ length: 5 }, () => distributePrize(s, admin, sats, 'preimage 3f2a', NOW)),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results)
        if (r.status === 'rejected')
          expect([(r.reason as AppError).status, (r.reason as AppError).message]).toEqual([
            409,
            'This prize was already sent on 2026-11-20 12:00 UTC by root_admin.',
          ]);
      expect(
        await s.db
          .selectFrom('prize_awards')
          .select(['status', 'sent_at', 'sent_by', 'payment_proof'])
          .where('id', '=', sats)
          .executeTakeFirstOrThrow(),
      ).toEqual({ status: 'sent', sent_at: NOW, sent_by: admin.id, payment_proof: 'preimage 3f2a' });

      expect(
        await s.db.selectFrom('player_avatars').select('avatar_id').where('user_id', '=', ids.winner!).execute(),
      ).toEqual([]);
      const sent = await distributePrize(s, admin, avatar, null, NOW);
      expect(sent.prize).toMatchObject({ distributionStatus: 'sent', sentBy: 'root_admin', prizeType: 'avatar' });
      expect(
        await s.db
          .selectFrom('player_avatars')
          .select(['avatar_id', 'source'])
          .where('user_id', '=', ids.winner!)
          .execute(),
      ).toEqual([{ avatar_id: 'laser-eyes', source: expect.stringMatching(/^Cup \d+$/) }]);

      expect((await failure(setPrizeStatus(s, admin, sats, 'pending'))).message).toBe(
        'A sent prize cannot go back to pending: sending is irreversible.',
      );
      expect((await failure(distributePrize(s, admin, 99_999))).status).toBe(404);
      const audit = await s.db
        .selectFrom('audit_log')
        .select(['action', 'target_id'])
        .where('action', '=', 'prize.distribute')
        .execute();
      expect(audit).toEqual([
        { action: 'prize.distribute', target_id: String(sats) },
        { action: 'prize.distribute', target_id: String(avatar) },
      ]);
    });

    it('moves a pending prize forward with the status call, never back', async () => {
      const { id } = await tournament({ players: [['only', 5, 1]], sats: [10, 0, 0] });
      await processWinners(s, admin, id, NOW);
      const [prize] = await s.db.selectFrom('prize_awards').select('id').where('tournament_id', '=', id).execute();
      expect((await failure(setPrizeStatus(s, admin, prize!.id, 'pending'))).status).toBe(409);
      expect((await setPrizeStatus(s, admin, prize!.id, 'sent', 'note: paid by hand', NOW)).prize).toMatchObject({
        distributionStatus: 'sent',
        paymentProof: 'note: paid by hand',
      });
      expect((await failure(setPrizeStatus(s, admin, prize!.id, 'sent'))).status).toBe(409);
    });

    it('bulk-distributes an avatar reward: pending awards sent, eligible players without one given one; concurrent and repeated calls do nothing more', async () => {
      const players: Setup['players'] = Array.from({ length: 6 }, (_, i) => [`b${i}`, 600 - i, i]);
      const { id, ids } = await tournament({ players, sats: [0, 0, 0], rewards: [['pizza-chef', 'top_3', null]] });
      await processWinners(s, admin, id, NOW);
      const [first] = await s.db
        .selectFrom('prize_awards')
        .select('id')
        .where('tournament_id', '=', id)
        .where('user_id', '=', ids.b0!)
        .execute();
      await distributePrize(s, admin, first!.id, null, NOW);
      // a reward added after processing: nobody has an award for it yet
      await s.db
        .insertInto('tournament_avatar_rewards')
        .values({ tournament_id: id, avatar_id: 'sats-miner', eligibility: 'all_players', min_score: 596, position: 1 })
        .execute();

      expect(await bulkDistributeAvatar(s, admin, id, 'pizza-chef', NOW)).toMatchObject({
        distributedExisting: 2,
        newAwards: 0,
      });
      const parallel = await Promise.all([1, 2, 3].map(() => bulkDistributeAvatar(s, admin, id, 'sats-miner', NOW)));
      expect(parallel.reduce((n, a) => n + a.newAwards, 0)).toBe(5);
      expect(parallel.reduce((n, a) => n + a.distributedExisting, 0)).toBe(0);
      expect(await bulkDistributeAvatar(s, admin, id, 'pizza-chef', NOW)).toMatchObject({
        distributedExisting: 0,
        newAwards: 0,
      });
      expect(await bulkDistributeAvatar(s, admin, id, 'sats-miner', NOW)).toMatchObject({
        distributedExisting: 0,
        newAwards: 0,
      });

      const owned = await s.db.selectFrom('player_avatars').select(['user_id', 'avatar_id']).execute();
      expect(
        owned
          .filter((o) => o.avatar_id === 'pizza-chef')
          .map((o) => o.user_id)
          .sort(),
      ).toEqual([ids.b0, ids.b1, ids.b2].sort());
      expect(owned.filter((o) => o.avatar_id === 'sats-miner')).toHaveLength(5);
      expect((await awardsOf(id)).every((a) => a.status === 'sent')).toBe(true);
      expect((await failure(bulkDistributeAvatar(s, admin, id, 'laser-eyes', NOW))).status).toBe(404);
    });
  });

  it("lists the winners by rank with their prizes, Lightning Address, the rewards' progress and the audit log", async () => {
    const { id, ids } = await tournament({
      players: [
        ['alpha', 900, 1],
        ['beta', 800, 2],
        ['gamma', 700, 3],
        ['delta', 600, 4],
        ['eps', 500, 5],
        ['zeta', 400, 6],
      ],
      rewards: [['hodl-knight', 'top_3', null]],
    });
    await s.db
      .updateTable('users')
      .set({ lightning_address: 'alpha@wallet.example' })
      .where('id', '=', ids.alpha!)
      .execute();
    const before = await listWinners(s, id, NOW);
    expect(before).toMatchObject({
      processedAt: null,
      winners: [],
      tournament: { status: 'past', participantCount: 6 },
      avatarRewards: [{ avatarId: 'hodl-knight', eligible: 3, distributed: 0, unlockCriteria: 'Top 3' }],
    });
    await processWinners(s, admin, id, NOW);
    const prize = await s.db
      .selectFrom('prize_awards')
      .select('id')
      .where('user_id', '=', ids.alpha!)
      .where('prize_type', '=', 'avatar')
      .executeTakeFirstOrThrow();
    await distributePrize(s, admin, prize.id, null, NOW);
    const after = await listWinners(s, id, NOW);
    expect(after.processedAt).toBe(new Date(NOW).toISOString());
    expect(after.winners.slice(0, 5).map((w) => [w.username, w.rank, w.score])).toEqual([
      ['alpha', 1, 900],
      ['beta', 2, 800],
      ['gamma', 3, 700],
      ['delta', 4, 600],
      ['eps', 5, 500],
    ]);
    expect(after.winners[0]).toMatchObject({
      lightningAddress: 'alpha@wallet.example',
      bitcoinPrizes: [{ prizeValue: 1000, awardReason: '1st Place', distributionStatus: 'pending', sentAt: null }],
      avatarPrizes: [
        {
          avatarId: 'hodl-knight',
          avatarName: 'HODL Knight',
          avatarImageUrl: '/api/assets/avatars/hodl-knight.png',
          awardReason: 'Top 3',
          distributionStatus: 'sent',
          sentBy: 'root_admin',
        },
      ],
    });
    expect(after.winners.at(-1)!.username).toBe('zeta'); // the drawn one, after the paid places
    // reasons in words, as the form names the prizes, never the stored codes
    expect(after.winners.map((w) => w.bitcoinPrizes.map((p) => p.awardReason)).flat()).toEqual([
      '1st Place',
      '2nd Place',
      '3rd Place',
      '4th Place',
      '5th Place',
      'Random Participant',
    ]);
    expect(after.tournament.endDate).toBe(new Date(NOW - HOUR).toISOString());
    expect(Date.parse(after.tournament.startDate)).toBeLessThan(NOW - HOUR);
    expect(after.avatarRewards[0]).toMatchObject({ eligible: 3, distributed: 1 });
    expect(after.auditLog.map((e) => e.action)).toEqual(['prize.distribute', 'tournament.process_winners']);
  });
});
