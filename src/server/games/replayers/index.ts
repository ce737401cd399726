// The server's replay of each of the arcade's own games, by game id (README, "Fair play"). The
// catalogue names each game's replayer from here; the replay pool's threads run them from here too
// (`replay-worker.ts`), so this module imports the replayers and nothing that reads the catalogue.
import type { Replayer } from '../replay';
import { fishingForSatsReplayer } from './fishing-for-sats';
import { mrQuizReplayer } from './mr-quiz';
import { rektReplayer } from './rekt';

/**
 * A game in `replay` fair-play mode is replayed by the one its id names here. Another reference
 * game is its replayer's module in this folder and one line here.
 */
export const REPLAYERS: ReadonlyMap<string, Replayer> = new Map([
  ['rekt', rektReplayer],
  ['fishing-for-sats', fishingForSatsReplayer],
  ['mr-quiz', mrQuizReplayer],
]);
