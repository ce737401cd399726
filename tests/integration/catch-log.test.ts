import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY, SECOND } from '~/lib/format';
import type { SubmitRunRequest } from '~/lib/schemas/games';
import { requireGame, type CatalogueGame } from '~/server/games/catalogue';
import { catchLog } from '~/server/games/catch-log';
import { checkRun, startRun } from '~/server/games/fair-play';
import { submitRun } from '~/server/games/runs';
import { FISH } from '~games/fishing-for-sats/game.js';
import { playFishing } from '../../scripts/autoplay';
import { addPlayer, DIALECTS, freshServices, type TestServices } from '../support/services';

// The catch log (notes/games.md): per kind of fish, from the player's own verified, visible runs.

const T0 = Date.parse('2026-11-20T10:00:00.000Z');

describe.each(DIALECTS)('the catch log on %s', (dialect) => {
  let s: TestServices;
  let fishing: CatalogueGame;
  let player: number;
  let other: number;

  beforeEach(async () => {
    s = await freshServices(dialect);
    fishing = await requireGame(s.config.siteUrl, 'fishing-for-sats');
    player = await addPlayer(s.db, 'Log_Angler');
    other = await addPlayer(s.db, 'Other_Angler');
  });
  afterEach(async () => s.close());

  /** A trip fished by the autoplayer from a real ticket issued at `at`, replayed and stored. */
  async function trip(userId: number, at: number, powers: number[]) {
    const ticket = await startRun(s.db, fishing, userId, at);
    const play = playFishing(ticket.seed, at, { powers });
    const body: SubmitRunRequest = { runId: ticket.runId, score: play.score, fish: play.fish, inputs: play.inputs };
    const done = at + Math.ceil((play.steps / 60) * SECOND) + SECOND;
    const run = await checkRun(s.db, fishing, userId, body, JSON.stringify(body), done);
    await submitRun(s, fishing.rules, userId, run, done);
    return { play, done };
  }

  it('lists every kind of fish, landed or not, with the count, heaviest, best quality and first catch of verified runs', async () => {
    const empty = await catchLog(s.db, player, 'fishing-for-sats');
    expect(empty).toMatchObject({ caughtKinds: 0, kinds: FISH.length, fish: 0, trips: 0 });
    expect(empty.species.map((f) => f.name)).toEqual(FISH.map((f) => f.name));
    expect(empty.species[0]).toEqual({
      name: 'Sat Sardine',
      depth: { from: 0, to: 50 },
      rare: false,
      caught: false,
      count: 0,
      heaviest: null,
      bestQuality: null,
      bestPoints: null,
      firstCaughtAt: null,
    });

    const first = await trip(player, T0, [0.2, 0.3, 0.4, 0.3, 0.2]);
    const second = await trip(player, T0 + DAY, [0.9, 0.8, 0.9, 0.7, 0.6]);
    await trip(other, T0 + 2 * DAY, [0.5]);
    // Runs that do not count: an unverified one (a game that only checks timing) and a hidden one,
    // each with a kind of fish the two trips above did not land (their seeds are the tickets' own).
    const trips = new Set([...first.play.fish, ...second.play.fish].map((f) => f.name));
    const ghostName = FISH.map((f) => f.name).find((name) => !trips.has(name));
    if (!ghostName) throw new Error('the two trips landed every kind of fish: no kind is left for the ghost runs');
    const ghost = { name: ghostName, points: 999, weight: 4000, quality: 5 };
    await s.db
      .insertInto('runs')
      .values([
        {
          user_id: player,
          game_id: 'fishing-for-sats',
          run_id: 'unverified-whale',
          score: 999,
          level: null,
          fish_count: 1,
          fish_json: JSON.stringify([ghost]),
          achievements_json: null,
          created_at: T0 - DAY,
          verified: 0,
          hidden_at: null,
          hidden_reason: null,
        },
        {
          user_id: player,
          game_id: 'fishing-for-sats',
          run_id: 'hidden-whale',
          score: 999,
          level: null,
          fish_count: 1,
          fish_json: JSON.stringify([ghost]),
          achievements_json: null,
          created_at: T0 - DAY,
          verified: 1,
          hidden_at: T0,
          hidden_reason: 'test',
        },
      ])
      .execute();

    const log = await catchLog(s.db, player, 'fishing-for-sats');
    const landed = [...first.play.fish, ...second.play.fish];
    expect(landed.length).toBeGreaterThan(3);
    expect(log.fish).toBe(landed.length);
    expect(log.trips).toBe(2);
    const kinds = new Set(landed.map((f) => f.name));
    expect(log.caughtKinds).toBe(kinds.size);
    for (const entry of log.species) {
      const mine = landed.filter((f) => f.name === entry.name);
      expect(entry.caught, entry.name).toBe(mine.length > 0);
      expect(entry.count, entry.name).toBe(mine.length);
      if (!mine.length) {
        expect(entry).toMatchObject({ heaviest: null, bestQuality: null, firstCaughtAt: null });
        continue;
      }
      expect(entry.heaviest).toBe(Math.max(...mine.map((f) => f.weight)));
      expect(entry.bestQuality).toBe(Math.max(...mine.map((f) => f.quality)));
      expect(entry.bestPoints).toBe(Math.max(...mine.map((f) => f.points)));
      const inFirst = first.play.fish.some((f) => f.name === entry.name);
      // the run's time: when it was stored, at the end of its trip
      expect(entry.firstCaughtAt).toBe(new Date(inFirst ? first.done : second.done).toISOString());
    }
    // The fish of the unverified and the hidden runs is not in it.
    expect(log.species.find((f) => f.name === ghostName)).toMatchObject({ caught: false, count: 0 });
  });
});
