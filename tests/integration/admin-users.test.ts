import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PLAYER_RUNS_PAGE_SIZE, USERS_PAGE_SIZE } from '~/lib/schemas/people';
import { deleteAccount } from '~/server/auth/deletion';
import { getAdminUserDetail, searchUsers } from '~/server/people/users';
import { addPlayer, appErrorOf, DIALECTS, freshServices, type TestServices } from '../support/services';

// User Management (README, "Admin room"): finding players by name, e-mail or id, and a player's page.

describe.each(DIALECTS)("the admin's player search and player page on %s", (dialect) => {
  let s: TestServices;
  beforeEach(async () => {
    s = await freshServices(dialect, { ADMIN_USER_IDS: '1' });
  });
  afterEach(async () => {
    await s.close();
  });

  const names = async (q: string, page = 1) => (await searchUsers(s, q, page)).users.map((u) => u.username);

  it('finds players by part of the name or e-mail (any case) and by id, newest first, 50 a page', async () => {
    await addPlayer(s.db, 'Root_Admin');
    const satoshi = await addPlayer(s.db, 'Satoshi_N');
    await addPlayer(s.db, 'Hal_F');
    await s.db.updateTable('users').set({ email: 'nakamoto@gmx.example' }).where('id', '=', satoshi).execute();
    const alice = await addPlayer(s.db, 'alice_100');
    for (let i = 0; i < 55; i++) await addPlayer(s.db, `bulk_${String(i).padStart(2, '0')}`);

    expect(await names('satoshi')).toEqual(['Satoshi_N']);
    expect(await names('SATO')).toEqual(['Satoshi_N']);
    expect(await names('GMX.example')).toEqual(['Satoshi_N']);
    expect(await names('hal_f@example.com')).toEqual(['Hal_F']);
    // An id finds its player first, then the players whose name or e-mail holds those digits.
    const byId = await names(String(alice));
    expect(byId[0]).toBe('alice_100');
    expect(byId.slice(1).every((name) => name.includes(String(alice)))).toBe(true);
    expect((await names('#2'))[0]).toBe('Satoshi_N');
    expect(await names(String(satoshi))).toContain('Satoshi_N');
    // LIKE's wildcards are plain characters: '_' matches only an underscore, '%' nothing here.
    expect(await names('%')).toEqual([]);
    expect(await names('l_')).toEqual(['Hal_F']);
    expect(await names('nobody-at-all')).toEqual([]);

    const first = await searchUsers(s, '', 1);
    expect(first.users).toHaveLength(USERS_PAGE_SIZE);
    expect(first.pagination).toEqual({ page: 1, limit: USERS_PAGE_SIZE, total: 59, hasMore: true });
    expect(first.users[0]!.username).toBe('bulk_54');
    const second = await searchUsers(s, '', 2);
    expect(second.users.map((u) => u.username).slice(-2)).toEqual(['Satoshi_N', 'Root_Admin']);
    expect(second.pagination).toMatchObject({ page: 2, total: 59, hasMore: false });
    expect(second.users.at(-1)).toMatchObject({ id: 1, isAdmin: true, bannedAt: null, deletedAt: null });
    expect((await searchUsers(s, 'bulk_', 2)).users.map((u) => u.username)).toEqual([
      'bulk_04',
      'bulk_03',
      'bulk_02',
      'bulk_01',
      'bulk_00',
    ]);
  });

  it("shows a player's account, live sessions (never their hashes), runs newest first by pages, prizes and audit entries", async () => {
    const now = Date.now();
    await addPlayer(s.db, 'Root_Admin');
    const ada = await addPlayer(s.db, 'Ada_Detail', 'PT', now - 86_400_000);
    const bob = await addPlayer(s.db, 'Bob_Other');
    await s.db
      .updateTable('users')
      .set({ last_seen_at: now - 1000, banned_at: now - 500, ban_reason: 'Bot runs' })
      .where('id', '=', ada)
      .execute();
    await s.db
      .insertInto('sessions')
      .values([
        {
          id_hash: 'secret-hash-live',
          ref: 'ref-live',
          user_id: ada,
          created_at: now - 5000,
          expires_at: now + 86_400_000,
          last_seen_at: now - 1000,
        },
        {
          id_hash: 'secret-hash-old',
          ref: 'ref-old',
          user_id: ada,
          created_at: now - 9000,
          expires_at: now - 1,
          last_seen_at: now - 9000,
        },
        {
          id_hash: 'secret-hash-bob',
          ref: 'ref-bob',
          user_id: bob,
          created_at: now,
          expires_at: now + 86_400_000,
          last_seen_at: now,
        },
      ])
      .execute();
    const runs = PLAYER_RUNS_PAGE_SIZE + 3;
    for (let i = 0; i < runs; i++)
      await s.db
        .insertInto('runs')
        .values({
          user_id: ada,
          game_id: i % 2 ? 'rekt' : 'fishing-for-sats',
          run_id: `ada-${i}`,
          score: 100 + i,
          level: i % 2 ? 2 : null,
          fish_count: i % 2 ? 0 : 3,
          fish_json: null,
          achievements_json: null,
          created_at: now - 100_000 + i * 1000,
          verified: i === runs - 1 ? 0 : 1,
          hidden_at: i === runs - 2 ? now : null,
          hidden_reason: i === runs - 2 ? 'Impossible score' : null,
        })
        .execute();
    await s.db
      .insertInto('runs')
      .values({
        user_id: bob,
        game_id: 'rekt',
        run_id: 'bob-1',
        score: 5,
        level: 1,
        fish_count: 0,
        fish_json: null,
        achievements_json: null,
        created_at: now,
      })
      .execute();
    const { id: cup } = await s.db
      .insertInto('tournaments')
      .values({
        name: 'Detail Cup',
        game_id: 'rekt',
        description: '',
        start_at: now - 86_400_000,
        end_at: now - 1000,
        image_filename: null,
        first_place_sats: 2100,
        second_to_fifth_sats: 0,
        random_participant_sats: 0,
        report_content: '',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: prizeId } = await s.db
      .insertInto('prize_awards')
      .values({
        tournament_id: cup,
        user_id: ada,
        prize_type: 'bitcoin',
        prize_value: 2100,
        created_at: now,
        award_key: 'place',
        status: 'sent',
        sent_at: now,
        payout_state: 'sent',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await s.db
      .insertInto('prize_awards')
      .values({
        tournament_id: cup,
        user_id: bob,
        prize_type: 'bitcoin',
        prize_value: 1,
        created_at: now,
        award_key: 'random',
      })
      .execute();
    const hiddenRun = await s.db
      .selectFrom('runs')
      .select('id')
      .where('run_id', '=', `ada-${runs - 2}`)
      .executeTakeFirstOrThrow();
    const audit = (action: string, targetType: string, targetId: string, at: number) => ({
      actor_id: 1,
      actor_name: 'Root_Admin',
      action,
      target_type: targetType,
      target_id: targetId,
      tournament_id: null,
      details: '{}',
      created_at: at,
    });
    await s.db
      .insertInto('audit_log')
      .values([
        audit('user.ban', 'user', String(ada), now - 3),
        audit('run.hide', 'run', String(hiddenRun.id), now - 2),
        audit('prize.distribute', 'prize', String(prizeId), now - 1),
        audit('user.ban', 'user', String(bob), now),
        audit('avatar.create', 'avatar', String(ada), now),
      ])
      .execute();

    const detail = await getAdminUserDetail(s, ada, 1, now);
    expect(detail.user).toEqual({
      id: ada,
      username: 'Ada_Detail',
      email: 'ada_detail@example.com',
      country: 'PT',
      createdAt: new Date(now - 86_400_000).toISOString(),
      lastSeenAt: new Date(now - 1000).toISOString(),
      isAdmin: false,
      bannedAt: new Date(now - 500).toISOString(),
      banReason: 'Bot runs',
      deletedAt: null,
    });
    expect(detail.sessions).toEqual([
      {
        createdAt: new Date(now - 5000).toISOString(),
        lastSeenAt: new Date(now - 1000).toISOString(),
        expiresAt: new Date(now + 86_400_000).toISOString(),
      },
    ]);
    expect(JSON.stringify(detail)).not.toMatch(/secret-hash|ref-live/);

    expect(detail.runs.pagination).toEqual({ page: 1, limit: PLAYER_RUNS_PAGE_SIZE, total: runs, hasMore: true });
    expect(detail.runs.entries).toHaveLength(PLAYER_RUNS_PAGE_SIZE);
    expect(detail.runs.entries[0]).toMatchObject({
      gameId: 'fishing-for-sats',
      gameName: 'Fishing for Sats!',
      score: 100 + runs - 1,
      // a game whose runs catch fish (its catalogue entry) has a count; REKT!'s runs have none
      fishCount: 3,
      verified: false,
      hiddenAt: null,
    });
    expect(detail.runs.entries[1]).toMatchObject({
      id: hiddenRun.id,
      gameName: 'REKT!',
      score: 100 + runs - 2,
      level: 2,
      fishCount: null,
      verified: true,
      hiddenAt: new Date(now).toISOString(),
      hiddenReason: 'Impossible score',
    });
    const second = await getAdminUserDetail(s, ada, 2, now);
    expect(second.runs.entries.map((r) => r.score)).toEqual([102, 101, 100]);
    expect(second.runs.pagination).toMatchObject({ page: 2, hasMore: false });

    expect(detail.prizes).toEqual([
      expect.objectContaining({
        id: prizeId,
        tournamentId: cup,
        tournamentName: 'Detail Cup',
        type: 'bitcoin',
        sats: 2100,
        status: 'sent',
        payoutState: 'sent',
      }),
    ]);
    expect(detail.auditLog.map((e) => e.action)).toEqual(['prize.distribute', 'run.hide', 'user.ban']);

    expect(await appErrorOf(getAdminUserDetail(s, 999))).toEqual([404, 'No such player.']);
  });

  it('lists a deleted account under its placeholder, with nothing personal left', async () => {
    await addPlayer(s.db, 'Root_Admin');
    const gone = await addPlayer(s.db, 'Gone_Player');
    await deleteAccount(s, gone, { kind: 'self' });
    expect(await names('gone')).toEqual([]);
    const [found] = (await searchUsers(s, String(gone), 1)).users;
    expect(found).toMatchObject({ id: gone, username: 'Deleted player', country: 'XX', lastSeenAt: null });
    expect(found!.deletedAt).not.toBeNull();
    expect(JSON.stringify(found)).not.toMatch(/gone_player/i);
    const detail = await getAdminUserDetail(s, gone);
    expect(detail.auditLog.map((e) => [e.action, e.actorName])).toEqual([['user.delete', 'Deleted player']]);
  });
});
