import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { Migrator, NO_MIGRATIONS } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '~/server/db';
import { migrations } from '~/server/db/migrations';
import { getGlobalStats } from '~/server/games/stats';
import { createPgDatabase, DIALECTS } from '../support/services';

describe.each(DIALECTS)('migrations on %s', (dialect) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;

  async function open(): Promise<DatabaseHandle> {
    const dir = mkdtempSync(join(tmpdir(), 'sats-arcade-migrate-'));
    const pg = dialect === 'postgres' ? await createPgDatabase() : null;
    handle = openDatabase(pg?.url ?? `file:${join(dir, 'arcade.db')}`, dir);
    cleanup = async () => {
      await handle.db.destroy();
      await pg?.drop();
      rmSync(dir, { recursive: true, force: true });
    };
    return handle;
  }
  afterEach(async () => {
    await cleanup();
  });

  const migrator = (h: DatabaseHandle) =>
    new Migrator({ db: h.db, provider: { getMigrations: async () => migrations(h.dialect) } });

  it('0004 splits game totals into shards and carries every existing total over (and back down)', async () => {
    const h = await open();
    const to3 = await migrator(h).migrateTo('0003_leaderboards');
    expect(to3.error).toBeUndefined();
    await sql`insert into game_totals (game_id, total_runs) values ('rekt', 41235), ('mr-quiz', 7)`.execute(h.db);

    await migrateToLatest(h);
    expect(await getGlobalStats(h.db, 'rekt')).toEqual({ totalGames: 41235 });
    expect(await getGlobalStats(h.db, 'mr-quiz')).toEqual({ totalGames: 7 });
    expect(await getGlobalStats(h.db, 'fishing-for-sats')).toEqual({ totalGames: 0 });
    await h.db.insertInto('game_totals').values({ game_id: 'rekt', shard: 17, total_runs: 5 }).execute();
    await h.db.insertInto('game_totals').values({ game_id: 'rekt', shard: 127, total_runs: 10 }).execute();
    expect(await getGlobalStats(h.db, 'rekt')).toEqual({ totalGames: 41250 });
    // one row per game and shard
    await expect(
      h.db.insertInto('game_totals').values({ game_id: 'rekt', shard: 17, total_runs: 1 }).execute(),
    ).rejects.toThrow();

    const down = await migrator(h).migrateTo('0003_leaderboards');
    expect(down.error).toBeUndefined();
    const rows = await sql<{
      game_id: string;
      total_runs: number | string;
    }>`select game_id, total_runs from game_totals order by game_id`.execute(h.db);
    expect(rows.rows.map((r) => [r.game_id, Number(r.total_runs)])).toEqual([
      ['mr-quiz', 7],
      ['rekt', 41250],
    ]);
  });

  it('0021 and 0023 take up the REKT! and fishing rules of version 2 for the tickets issued after every ticket the database has', async () => {
    const h = await open();
    expect((await migrator(h).migrateTo('0016_quiz_history')).error).toBeUndefined();
    await sql`insert into users (username, username_key, email, country, created_at) values ('Ann', 'ann', 'ann@example.com', 'DE', 1)`.execute(
      h.db,
    );
    await sql`insert into run_tickets (run_id, user_id, game_id, seed, started_at) values ('a', 1, 'rekt', 1, 1700000000000), ('b', 1, 'rekt', 2, 1700000005000), ('c', 1, 'fishing-for-sats', 3, 1800000000000)`.execute(
      h.db,
    );
    await migrateToLatest(h);
    expect(await h.db.selectFrom('game_rules').selectAll().orderBy('game_id').execute()).toEqual([
      { game_id: 'fishing-for-sats', version: 2, since: 1800000000001 },
      { game_id: 'rekt', version: 2, since: 1700000005001 },
    ]);
    // (A fresh database has no tickets: version 2 from the start, since 0; the other tests run on it.)
  });

  it("0005 seeds the avatar collection and carries every player's total score over from their runs", async () => {
    const h = await open();
    expect((await migrator(h).migrateTo('0004_game_total_shards')).error).toBeUndefined();
    await sql`insert into users (username, username_key, email, country, created_at) values ('Ann', 'ann', 'ann@example.com', 'DE', 1)`.execute(
      h.db,
    );
    await sql`insert into runs (user_id, game_id, run_id, score, created_at) values (1, 'rekt', 'a', 100, 1), (1, 'rekt', 'b', 250, 2), (1, 'mr-quiz', 'c', 7, 3)`.execute(
      h.db,
    );
    await sql`insert into game_stats (user_id, game_id, plays, best_score, best_reached_at, last_played_at) values (1, 'rekt', 2, 250, 2, 2), (1, 'mr-quiz', 1, 7, 3, 3)`.execute(
      h.db,
    );

    await migrateToLatest(h);
    const totals = await h.db.selectFrom('game_stats').select(['game_id', 'total_score']).orderBy('game_id').execute();
    expect(totals.map((t) => [t.game_id, Number(t.total_score)])).toEqual([
      ['mr-quiz', 7],
      ['rekt', 350],
    ]);
    const avatars = await h.db
      .selectFrom('avatars')
      .select(['avatar_id', 'name', 'rarity', 'category', 'image_url'])
      .orderBy('id')
      .execute();
    expect(avatars.filter((a) => a.category === 'achievement').map((a) => [a.avatar_id, a.name])).toEqual([
      ['bitcoin-collector', 'Bitcoin Collector'],
      ['fiat-bird', 'REKT! Beginner'],
      ['bitcoin-duck', 'REKT! Pro Player'],
      ['fiat-clown', 'REKT! HARDCORE Legend'],
      ['btc-player', 'Tourney Regular'],
    ]);
    expect(avatars.filter((a) => a.category === 'tournament').length).toBeGreaterThanOrEqual(3);
    for (const a of avatars) expect(a.image_url).toBe(`/api/assets/avatars/${a.avatar_id}.png`);
    const user = await h.db
      .selectFrom('users')
      .select(['active_avatar_id', 'notify_new_games_at'])
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ active_avatar_id: null, notify_new_games_at: null });
  });

  it('0006 gives every existing session its own reference, so its game tokens can be checked', async () => {
    const h = await open();
    expect((await migrator(h).migrateTo('0004_game_total_shards')).error).toBeUndefined();
    await sql`insert into users (username, username_key, email, created_at) values ('old', 'old', 'old@example.com', 1)`.execute(
      h.db,
    );
    for (const tag of ['a', 'b'])
      await sql`insert into sessions (id_hash, user_id, created_at, expires_at, last_seen_at) values (${tag}, 1, 1, 2, 1)`.execute(
        h.db,
      );
    await migrateToLatest(h);
    const refs = await h.db.selectFrom('sessions').select('ref').execute();
    expect(refs).toHaveLength(2);
    expect(new Set(refs.map((r) => r.ref)).size).toBe(2);
    expect(refs.every((r) => /^[A-Za-z0-9_-]{22}$/.test(r.ref))).toBe(true);
  });

  it('runs every migration up, all the way down and up again, under the names databases recorded', async () => {
    const h = await open();
    expect(Object.keys(migrations(h.dialect))).toEqual([
      '0001_accounts',
      '0002_runs',
      '0003_leaderboards',
      '0004_game_total_shards',
      '0005_avatars',
      '0006_session_refs',
      '0007_magic_link_browser',
      '0008_tournaments',
      '0009_fair_play',
      '0010_admin',
      '0011_payouts',
      '0012_winners_when_ended',
      '0013_moderation',
      '0014_series',
      '0016_quiz_history',
      '0017_runs_export_order',
      '0018_announcements',
      '0019_donations',
      '0021_game_rules',
      '0022_prize_pools',
      '0023_fishing_rules_2',
    ]);
    await migrateToLatest(h);
    const tables = async () =>
      (await h.db.introspection.getTables())
        .map((t) => t.name)
        .filter((name) => !name.startsWith('kysely_'))
        .sort();
    const all = [
      'announcement_mails',
      'audit_log',
      'avatars',
      'donations',
      'game_announcements',
      'game_rules',
      'game_stats',
      'game_totals',
      'magic_links',
      'payout_budget',
      'player_avatars',
      'prize_awards',
      'quiz_history',
      'rate_limits',
      'run_tickets',
      'runs',
      'sessions',
      'tournament_avatar_rewards',
      'tournament_entries',
      'tournament_processing',
      'tournament_series',
      'tournaments',
      'user_achievements',
      'users',
    ];
    expect(await tables()).toEqual(all);
    const down = await migrator(h).migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect(await tables()).toEqual([]);
    await migrateToLatest(h);
    expect(await tables()).toEqual(all);
  });
});
