// The catch log of Fishing for Sats! (notes/games.md): for each kind of fish the game has, whether a
// player has landed one, how many, the heaviest, the best quality and when they first landed one,
// worked out from their stored runs that the server verified and no administrator hid. Read on
// request from the player's own runs (the `runs_user_game` index): nothing is stored twice.
import { iso } from '~/lib/dates';
import type { CatchLog } from '~/lib/schemas/catch-log';
import { FISH } from '~games/fishing-for-sats/game.js';
import type { Db } from '../db';

interface StoredFish {
  name: string;
  points: number;
  weight: number;
  quality: number;
}

/** Depth in the game's metres (the POWER meter's), from a fish's cast-power range. */
const metres = (power: number) => Math.round(power * 100);

/** The catch log of `userId` in the fishing game `gameId`. */
export async function catchLog(db: Db, userId: number, gameId: string): Promise<CatchLog> {
  const runs = await db
    .selectFrom('runs')
    .select(['fish_json', 'created_at'])
    .where('user_id', '=', userId)
    .where('game_id', '=', gameId)
    .where('verified', '=', 1)
    .where('hidden_at', 'is', null)
    .where('fish_json', 'is not', null)
    .orderBy('created_at')
    .execute();
  const byName = new Map(
    FISH.map((f) => [
      f.name,
      {
        name: f.name,
        depth: { from: metres(f.depth[0]), to: metres(f.depth[1]) },
        rare: Boolean(f.rare),
        count: 0,
        heaviest: null as number | null,
        bestQuality: null as number | null,
        bestPoints: null as number | null,
        firstCaughtAt: null as string | null,
      },
    ]),
  );
  let trips = 0;
  for (const run of runs) {
    const fish = JSON.parse(run.fish_json!) as StoredFish[];
    if (fish.length) trips += 1;
    for (const f of fish) {
      const entry = byName.get(f.name);
      if (!entry) continue; // (a kind the game no longer has)
      entry.count += 1;
      entry.heaviest = Math.max(entry.heaviest ?? 0, f.weight);
      entry.bestQuality = Math.max(entry.bestQuality ?? 0, f.quality);
      entry.bestPoints = Math.max(entry.bestPoints ?? 0, f.points);
      entry.firstCaughtAt ??= iso(run.created_at);
    }
  }
  const species = [...byName.values()].map((s) => ({ ...s, caught: s.count > 0 }));
  return {
    species,
    caughtKinds: species.filter((s) => s.caught).length,
    kinds: species.length,
    fish: species.reduce((sum, s) => sum + s.count, 0),
    trips,
  };
}
