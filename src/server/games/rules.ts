// Which version of a replayed game's rules a run is replayed with (README, "Fair play"): the newest
// whose `since` (migration 0021, table `game_rules`) is not after the run's ticket was issued. A
// ticket issued before the game took up its newest rules was played by the game as it was then, so
// its run is replayed with the rules of then. Rows are written only by migrations: read once per
// process and database.
import type { Db } from '../db';

type Versions = Map<string, { version: number; since: number }[]>;
const loaded = new WeakMap<Db, Promise<Versions>>();

function versions(db: Db): Promise<Versions> {
  let found = loaded.get(db);
  if (!found) {
    found = db
      .selectFrom('game_rules')
      .select(['game_id', 'version', 'since'])
      .orderBy('since', 'desc')
      .execute()
      .then((rows) => {
        const byGame: Versions = new Map();
        for (const r of rows) byGame.set(r.game_id, [...(byGame.get(r.game_id) ?? []), r]);
        return byGame;
      });
    found.catch(() => loaded.delete(db));
    loaded.set(db, found);
  }
  return found;
}

/**
 * The rules version of `gameId` for a ticket issued at `startedAt`: the newest that held then, 1
 * before the first recorded one, or undefined for a game with no recorded versions (its replay then
 * uses its one set of rules).
 */
export async function rulesFor(db: Db, gameId: string, startedAt: number): Promise<number | undefined> {
  const list = (await versions(db)).get(gameId);
  if (!list) return undefined;
  return list.find((v) => v.since <= startedAt)?.version ?? 1;
}
