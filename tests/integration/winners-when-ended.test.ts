import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '~/server/db';
import { listAudit } from '~/server/shared/audit';
import { processEndedTournaments } from '~/server/tournaments/winners-when-ended';
import { processWinners } from '~/server/tournaments/winners';
import { addPlayer, DIALECTS, freshServices, type TestServices } from '../support/services';

// Tournaments that process their winners when they end (README, "Tournaments that run themselves"):
// once, whoever gets there first: another sweep, another process, or an administrator.

const HOUR = 3_600_000;

describe.each(DIALECTS)('winners processed when a tournament ends on %s', (dialect) => {
  let s: TestServices;
  let count = 0;

  beforeEach(async () => {
    s = await freshServices(dialect);
  });
  afterEach(async () => {
    await s.close();
  });

  /** A tournament with two players' entries, ending at `end`, processing itself or not. */
  async function tournament(end: number, processWhenEnded: boolean) {
    const start = end - 24 * HOUR;
    const { id } = await s.db
      .insertInto('tournaments')
      .values({
        name: `Self Cup ${++count}`,
        game_id: 'rekt',
        description: '',
        start_at: start,
        end_at: end,
        image_filename: null,
        first_place_sats: 2100,
        second_to_fifth_sats: 500,
        random_participant_sats: 0,
        report_content: '',
        created_at: start,
        updated_at: start,
        process_when_ended: processWhenEnded ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, score] of [9_000, 4_000].entries()) {
      const userId = await addPlayer(s.db, `Self_${count}_${i}`);
      await s.db
        .insertInto('tournament_entries')
        .values({
          tournament_id: id,
          user_id: userId,
          runs: 1,
          best_score: score,
          best_level: 1,
          best_fish_count: 0,
          best_fish_json: null,
          best_reached_at: start + i,
          entered_at: start + i,
        })
        .execute();
    }
    return id;
  }

  const awardsOf = async (id: number) =>
    (await s.db.selectFrom('prize_awards').select('prize_value').where('tournament_id', '=', id).execute())
      .map((a) => Number(a.prize_value))
      .sort((a, b) => b - a);
  const processingsOf = async (id: number) =>
    (await listAudit(s.db, { tournamentId: id })).filter((e) => e.action === 'tournament.process_winners');

  it('processes an ended tournament that asked for it, once, as the arcade; leaves the others', async () => {
    const now = Date.now();
    const ended = await tournament(now - 30_000, true);
    const running = await tournament(now + HOUR, true);
    const manual = await tournament(now - 30_000, false);

    expect(await processEndedTournaments(s, now)).toBe(1);

    expect(await awardsOf(ended)).toEqual([2100, 500]);
    const [entry] = await processingsOf(ended);
    expect(entry).toMatchObject({ actorId: null, actorName: 'arcade (automatic)' });
    expect(
      await s.db
        .selectFrom('tournament_processing')
        .select('processed_by')
        .where('tournament_id', '=', ended)
        .executeTakeFirst(),
    ).toEqual({ processed_by: null });
    expect(await awardsOf(running)).toEqual([]);
    expect(await awardsOf(manual)).toEqual([]);

    // The next sweeps find nothing to do.
    expect(await processEndedTournaments(s, now + 60_000)).toBe(0);
    expect(await processingsOf(ended)).toHaveLength(1);
    // Once the other one ends, its turn comes.
    expect(await processEndedTournaments(s, now + HOUR)).toBe(1);
    expect(await awardsOf(running)).toEqual([2100, 500]);
  });

  it('sweeps at once (on PostgreSQL from two processes) process it once', async () => {
    const now = Date.now();
    const id = await tournament(now - 1_000, true);
    // On PostgreSQL a second process: its own pool on the same database (several processes share
    // one PostgreSQL; an SQLite arcade is one process, whose sweeps meet on its one connection).
    const other = dialect === 'postgres' ? openDatabase(s.config.databaseUrl, s.config.dataDir) : { db: s.db };
    if ('dialect' in other) await migrateToLatest(other);
    try {
      const done = await Promise.all([
        processEndedTournaments(s, now),
        processEndedTournaments({ ...s, db: other.db }, now),
        processEndedTournaments(s, now),
      ]);
      expect(done.reduce((a, b) => a + b, 0)).toBe(1);
    } finally {
      if (other.db !== s.db) await other.db.destroy();
    }
    expect(await awardsOf(id)).toEqual([2100, 500]);
    expect(await processingsOf(id)).toHaveLength(1);
  });

  it('an administrator who processed it first leaves the sweep nothing to do', async () => {
    const now = Date.now();
    const id = await tournament(now - 1_000, true);
    const admin = { id: await addPlayer(s.db, 'Early_Admin'), username: 'Early_Admin' };
    await processWinners(s, admin, id, now);

    expect(await processEndedTournaments(s, now)).toBe(0);
    const log = await processingsOf(id);
    expect(log.map((e) => e.actorName)).toEqual(['Early_Admin']);
  });
});
