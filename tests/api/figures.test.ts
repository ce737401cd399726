import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '~/server/db';
import { call } from '../support/api';
import { arcadeWithPlayers, type ApiPlayer } from '../support/players';
import type { RunningServer } from '../support/server';
import { DIALECTS } from '../support/services';

// No page states a figure about the arcade that its data does not hold (issue 35): the About page's
// numbers are counted from the arcade's rows, and a results header's sum is the sum of the Bitcoin
// Rewards it lists. Read from the served HTML, as a visitor gets it.

const count = (text: string) => Number(text.replace(/,/g, ''));

/** The About page's figures: each `<dt>` label with its `<dd>` number. */
function aboutFigures(html: string): Record<string, number> {
  const figures: Record<string, number> = {};
  for (const [, label, value] of html.matchAll(/<dt[^>]*>([^<]+)<\/dt>\s*<dd[^>]*>([\d,]+)<\/dd>/g))
    figures[label!.trim()] = count(value!);
  return figures;
}

/** A tournament row of REKT! over [start, end), written straight into the database. */
const tournamentRow = (name: string, start: number, end: number, sats: [number, number, number] = [0, 0, 0]) => ({
  name,
  game_id: 'rekt',
  description: '',
  start_at: start,
  end_at: end,
  image_filename: null,
  first_place_sats: sats[0],
  second_to_fifth_sats: sats[1],
  random_participant_sats: sats[2],
  report_content: '',
  created_at: start,
  updated_at: start,
  series_id: null,
  series_number: null,
  max_players: null,
  max_runs: null,
});

describe.each(DIALECTS)('figures the pages state, against the data, on %s', (dialect) => {
  let server: RunningServer;
  let players: ApiPlayer[];

  /** The built server on a fresh database, with its administrator (user 1) and three players. */
  const openArcade = () => arcadeWithPlayers(dialect, ['Fig_Admin', 'Fig_Ann', 'Fig_Bob', 'Fig_Cid']);

  // The arcade the tests share: each writes tournaments of its own there. The About page's figures
  // count the whole arcade, so the test that states them brings an arcade of its own.
  beforeAll(async () => {
    ({ server, players } = await openArcade());
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** `on`'s own database, as a second process would open it. */
  async function withDb<T>(
    on: RunningServer,
    use: (db: ReturnType<typeof openDatabase>['db']) => Promise<T>,
  ): Promise<T> {
    const handle = openDatabase(on.databaseUrl, on.dataDir);
    try {
      return await use(handle.db);
    } finally {
      await handle.db.destroy();
    }
  }

  it("the About page's numbers are the arcade's: games, players, their countries, tournaments held", async () => {
    // Its exact totals are the whole arcade's: the other tests' players and tournaments would count.
    const { server, players } = await openArcade();
    onTestFinished(() => server.stop());
    const [, ann, bob, cid] = players;
    for (const [player, country] of [
      [ann, 'DE'],
      [bob, 'DE'],
      [cid, 'FR'],
    ] as const)
      expect(
        (await call(server, '/api/account', { method: 'PUT', body: { country }, cookie: player!.cookie })).status,
      ).toBe(200);
    const now = Date.now();
    await withDb(server, async (db) => {
      // Two held, one running: only ended ones count as held.
      await db
        .insertInto('tournaments')
        .values([
          tournamentRow('Old Cup', now - 3 * 86_400_000, now - 2 * 86_400_000),
          tournamentRow('Older Cup', now - 2 * 86_400_000, now - 86_400_000),
          tournamentRow('Running Cup', now - 3_600_000, now + 3_600_000),
        ])
        .execute();
    });

    const about = await (await fetch(`${server.url}/about`)).text();
    const figures = aboutFigures(about);
    const games = (await (await fetch(`${server.url}/games`)).text()).match(/>GAME DETAILS</g)?.length ?? 0;
    expect(figures).toEqual({
      'Games in the arcade': games,
      'Players signed up': 4,
      // The admin's country is unknown (XX): no country.
      'Countries they play from': 2,
      'Tournaments held': 2,
    });
    expect(about).not.toMatch(/\b49\b/);
  });

  it("a results header's sats are the sum of the Bitcoin Rewards it lists, sent or not", async () => {
    const [, ann, bob] = players;
    const now = Date.now();
    const id = await withDb(server, async (db) => {
      const { id } = await db
        .insertInto('tournaments')
        .values(tournamentRow('Sum Cup', now - 2 * 86_400_000, now - 86_400_000, [21_000, 4_000, 1_000]))
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('prize_awards')
        .values([
          {
            tournament_id: id,
            user_id: ann!.id,
            prize_type: 'bitcoin',
            prize_value: 10_000,
            avatar_id: null,
            status: 'sent',
            award_reason: 'test',
            created_at: now,
          },
          {
            tournament_id: id,
            user_id: bob!.id,
            prize_type: 'bitcoin',
            prize_value: 11_000,
            avatar_id: null,
            status: 'pending',
            award_reason: 'test',
            created_at: now,
          },
        ])
        .execute();
      return id;
    });
    const html = await (await fetch(`${server.url}/tournament/${id}/results`)).text();
    const header = /([\d,]+) sats (?:distributed|awarded)(?:, ([\d,]+) sent so far)?/.exec(html);
    expect(header).not.toBeNull();
    const rewards = html.slice(html.indexOf('id="bitcoin-rewards"'));
    const listed = [...rewards.matchAll(/>([\d,]+) sats</g)].map((m) => count(m[1]!));
    expect(listed.sort((a, b) => a - b)).toEqual([10_000, 11_000]);
    expect(count(header![1]!)).toBe(listed.reduce((a, b) => a + b, 0));
    expect(header![0]).toBe('21,000 sats awarded, 10,000 sent so far');
  });
});
