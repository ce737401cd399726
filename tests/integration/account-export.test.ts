import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountExportText, EXPORT_RUNS_PAGE } from '~/server/auth/export';
import type { UserRow } from '~/server/db/schema';
import { addPlayer, DIALECTS, freshServices, type TestServices } from '../support/services';

// A player's own data (README, "Your data"): everything kept about them, and nothing of anyone else.

describe.each(DIALECTS)('the account export on %s', (dialect) => {
  let s: TestServices;
  beforeEach(async () => {
    s = await freshServices(dialect);
  });
  afterEach(async () => {
    await s.close();
  });

  /** The file as the download writes it, piece by piece, parsed (so it is one valid JSON document). */
  async function exportOf(user: UserRow, now?: number) {
    let text = '';
    for await (const piece of accountExportText(s.db, user, now)) text += piece;
    return JSON.parse(text) as Record<string, unknown> & {
      runs: { runId: string; gameId: string; score: number; verified: boolean; hiddenAt: string | null }[];
      sessions: Record<string, unknown>[];
      prizes: { prizeId: number }[];
      auditLog: { action: string }[];
      quizzes: unknown[];
    };
  }

  /** A player with a session, two runs, stats, an achievement, an avatar, a tournament entry and a prize. */
  async function player(name: string, score: number, tournamentId: number) {
    const id = await addPlayer(s.db, name, 'PT', Date.UTC(2026, 0, 1));
    await s.db
      .updateTable('users')
      .set({ lightning_address: `${name.toLowerCase()}@wallet.example` })
      .where('id', '=', id)
      .execute();
    const now = Date.now();
    await s.db
      .insertInto('sessions')
      .values({
        id_hash: `hash-${name}`,
        ref: `ref-${name}`,
        user_id: id,
        created_at: now - 1000,
        expires_at: now + 3_600_000,
        last_seen_at: now,
      })
      .execute();
    for (const [i, run] of [score, score + 1].entries())
      await s.db
        .insertInto('runs')
        .values({
          user_id: id,
          game_id: 'rekt',
          run_id: `run-${name}-${i}`,
          score: run,
          level: 3,
          fish_count: 0,
          fish_json: null,
          achievements_json: null,
          created_at: now - 500 + i,
          verified: 1,
        })
        .execute();
    await s.db
      .insertInto('user_achievements')
      .values({ user_id: id, name: `${name} First Flight`, unlocked_at: now })
      .execute();
    await s.db
      .insertInto('player_avatars')
      .values({ user_id: id, avatar_id: 'laser-eyes', source: `won by ${name}`, acquired_at: now })
      .execute();
    await s.db
      .insertInto('tournament_entries')
      .values({
        tournament_id: tournamentId,
        user_id: id,
        runs: 2,
        best_score: score + 1,
        best_level: 3,
        best_fish_count: 0,
        best_fish_json: null,
        best_reached_at: now,
        entered_at: now,
      })
      .execute();
    const prize = await s.db
      .insertInto('prize_awards')
      .values({
        tournament_id: tournamentId,
        user_id: id,
        prize_type: 'bitcoin',
        prize_value: score,
        created_at: now,
        award_key: 'place',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await s.db
      .insertInto('audit_log')
      .values({
        actor_id: null,
        actor_name: 'root_admin',
        action: 'prize.distribute',
        target_type: 'prize',
        target_id: String(prize.id),
        tournament_id: tournamentId,
        details: '{}',
        created_at: now,
      })
      .execute();
    // A ban lifted, a hidden run and a quiz: what administrators did about them, and what Mr Quiz remembers.
    const firstRun = await s.db
      .selectFrom('runs')
      .select('id')
      .where('run_id', '=', `run-${name}-0`)
      .executeTakeFirstOrThrow();
    await s.db.updateTable('runs').set({ hidden_at: now }).where('id', '=', firstRun.id).execute();
    for (const [action, type, target] of [
      ['user.unban', 'user', String(id)],
      ['run.hide', 'run', String(firstRun.id)],
    ])
      await s.db
        .insertInto('audit_log')
        .values({
          actor_id: null,
          actor_name: 'root_admin',
          action: action!,
          target_type: type!,
          target_id: target!,
          tournament_id: null,
          details: '{}',
          created_at: now + 1,
        })
        .execute();
    await s.db
      .insertInto('quiz_history')
      .values({ user_id: id, asked_at: now, question_keys: `capital:${name} element:${name}` })
      .execute();
    return await s.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  it("holds the player's account, sessions, runs, statistics, achievements, avatars, tournaments, prizes and audit entries, and nobody else's", async () => {
    const now = Date.now();
    const { id: tournamentId } = await s.db
      .insertInto('tournaments')
      .values({
        name: 'Export Cup',
        game_id: 'rekt',
        description: '',
        start_at: now - 86_400_000,
        end_at: now - 1000,
        image_filename: null,
        first_place_sats: 0,
        second_to_fifth_sats: 0,
        random_participant_sats: 0,
        report_content: '',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ada = await player('Ada_Export', 4_000, tournamentId);
    const bob = await player('Bob_Other', 9_000, tournamentId);
    await s.db
      .insertInto('game_stats')
      .values({
        user_id: ada.id,
        game_id: 'rekt',
        plays: 2,
        best_score: 4_001,
        best_level: 3,
        best_fish_count: 0,
        best_fish_json: null,
        best_reached_at: now,
        last_played_at: now,
      })
      .execute();

    const data = await exportOf(ada, now);

    expect(data).toMatchObject({
      format: 'sats-arcade-account-export',
      version: 1,
      account: {
        id: ada.id,
        username: 'Ada_Export',
        email: 'ada_export@example.com',
        country: 'PT',
        lightningAddress: 'ada_export@wallet.example',
        createdAt: '2026-01-01T00:00:00.000Z',
      },
      gameStats: [{ gameId: 'rekt', plays: 2, bestScore: 4_001 }],
      achievements: [{ name: 'Ada_Export First Flight' }],
      avatars: [{ avatarId: 'laser-eyes', source: 'won by Ada_Export' }],
      tournaments: [{ tournamentId, name: 'Export Cup', runs: 2, bestScore: 4_001 }],
      prizes: [{ tournamentName: 'Export Cup', type: 'bitcoin', sats: 4_000, status: 'pending', lightning: null }],
    });
    expect(data.sessions).toHaveLength(1);
    expect(Object.keys(data.sessions[0]!).sort()).toEqual(['createdAt', 'expiresAt', 'lastUsedAt']);
    expect(data.runs.map((r) => [r.runId, r.score, r.verified, r.hiddenAt !== null])).toEqual([
      ['run-Ada_Export-0', 4_000, true, true],
      ['run-Ada_Export-1', 4_001, true, false],
    ]);
    expect(data.auditLog.map((a) => a.action)).toEqual(['prize.distribute', 'user.unban', 'run.hide']);
    expect(data.auditLog[0]).toMatchObject({ action: 'prize.distribute', target: `prize ${data.prizes[0]!.prizeId}` });
    expect(data.auditLog[1]).toMatchObject({ target: `user ${ada.id}` });
    expect(data.quizzes).toEqual([
      { askedAt: expect.stringMatching(/^\d{4}-/), questions: ['capital:Ada_Export', 'element:Ada_Export'] },
    ]);
    // Nothing of the other player, and no session secret.
    const text = JSON.stringify(data);
    for (const theirs of [
      bob.username,
      bob.email,
      'run-Bob_Other',
      'capital:Bob_Other',
      'hash-Ada_Export',
      'ref-Ada_Export',
      '9000',
      '9001',
    ])
      expect(text).not.toContain(theirs);
  });

  it('writes every run of a large account exactly once, page after page, in game and time order', async () => {
    const id = await addPlayer(s.db, 'Many_Runs', 'PT', Date.UTC(2026, 0, 1));
    const other = await addPlayer(s.db, 'Other_Runs', 'PT', Date.UTC(2026, 0, 1));
    const count = 2 * EXPORT_RUNS_PAGE + 345;
    // Runs sharing one time across page edges, in two games, and another player's runs between them.
    const rows = Array.from({ length: count }, (_, i) => ({
      user_id: i % 7 === 3 ? other : id,
      game_id: i % 3 === 0 ? 'rekt' : 'fishing-for-sats',
      run_id: `bulk-${i}`,
      score: i,
      level: 1,
      fish_count: 0,
      fish_json: i % 3 === 0 ? null : JSON.stringify([{ name: 'Sardine', points: i }]),
      achievements_json: null,
      created_at: 1_700_000_000_000 + Math.floor(i / 10),
      verified: 1,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await s.db
        .insertInto('runs')
        .values(rows.slice(i, i + 500))
        .execute();
    const user = await s.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    const data = await exportOf(user);

    const mine = rows.filter((r) => r.user_id === id);
    const expected = [
      ...mine.filter((r) => r.game_id === 'fishing-for-sats'),
      ...mine.filter((r) => r.game_id === 'rekt'),
    ];
    expect(data.runs.map((r) => r.runId)).toEqual(expected.map((r) => r.run_id));
    expect(data.runs[1]).toMatchObject({
      gameId: 'fishing-for-sats',
      score: 2,
      fish: [{ name: 'Sardine', points: 2 }],
    });
    expect(JSON.stringify(data)).not.toContain('Other_Runs');
  });

  it('writes an account without runs as an empty list', async () => {
    const id = await addPlayer(s.db, 'No_Runs', 'PT', Date.UTC(2026, 0, 1));
    const user = await s.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const data = await exportOf(user);
    expect(data).toMatchObject({ format: 'sats-arcade-account-export', runs: [], gameStats: [], auditLog: [] });
  });
});
