// The demo arcade: believable players with countries and runs of every game, loaded through the
// same service that takes the Game API's runs. Used by `npm run demo` and by the e2e tests' setup.
import { DAY } from '../src/lib/format';
import type { Db } from '../src/server/db';
import { submitRun, type GameRules } from '../src/server/games/runs';
import { Rankings } from '../src/server/leaderboards/rankings';
import { REKT_FORMATIONS } from '../src/lib/schemas/games';

const RULES: GameRules[] = [
  { gameId: 'rekt', maxScore: 1_000_000, maxLevel: 1000, maxFishPerRun: 0, hasFish: false, hasFormations: true },
  { gameId: 'fishing-for-sats', maxScore: 1_000_000, maxLevel: 100, maxFishPerRun: 200, hasFish: true, hasFormations: false },
  { gameId: 'mr-quiz', maxScore: 100_000, maxLevel: 100, maxFishPerRun: 0, hasFish: false, hasFormations: false },
];
const FISH = [
  { name: 'Sat Sardine', points: 15, kg: [0.1, 0.5] },
  { name: 'Coin Carp', points: 40, kg: [1, 4] },
  { name: 'Mempool Mackerel', points: 65, kg: [0.8, 2.5] },
  { name: 'Lightning Eel', points: 120, kg: [2, 9] },
  { name: 'HODL Halibut', points: 180, kg: [5, 30] },
  { name: 'Block Reward Bass', points: 250, kg: [3, 12] },
  { name: 'Golden Genesis Koi', points: 420, kg: [4, 10] },
  { name: 'Whale', points: 900, kg: [800, 4000] },
];
const COUNTRIES = ['US', 'US', 'US', 'DE', 'DE', 'GB', 'NL', 'SV', 'SV', 'BR', 'AR', 'JP', 'CA', 'FR', 'CH', 'NG', 'ZA', 'AU', 'IN', 'PT', 'ES', 'XX'];
const NAMES = [
  'satoshi_fan', 'hodl_queen', 'LaserEyes', 'stack_sats', 'pleb_21', 'NodeRunner', 'cold_storage', 'moon_boy', 'orange_pill', 'block_height',
  'lightning_liz', 'MempoolMax', 'hal_finney_fan', 'sound_money', 'tick_tock', 'zap_master', 'difficulty_adj', 'utxo_uma', 'nonce_sense', 'hash_rate',
  'fiat_escapee', 'SatsSamurai', 'bitcoin_beach', 'genesis_gen', 'halving_hero', 'ColdCardCarl', 'seed_phrase', 'Taproot_Tina', 'schnorr_sig', 'pizza_day',
  'whale_watcher', 'fishing_fred', 'quiz_wiz', 'rekt_rookie', 'candle_dodger', 'coin_collector', 'sats_squirrel', 'DCA_Dave', 'low_time_pref', 'proof_of_work',
  'node_nina', 'mining_mike', 'ASIC_annie', 'channel_chad', 'routing_rita', 'sig_hash', 'bech32_ben', 'segwit_sally', 'mark_the_pleb', 'nakamoto_nat',
];
/** More players, named from these parts, so every board has more than two pages of 50. */
const NAME_STARTS = ['sat', 'hodl', 'block', 'moon', 'stack', 'zap', 'nostr', 'pleb', 'cypher', 'mempool', 'halving', 'genesis', 'lambo', 'orange'];
const NAME_ENDS = ['_rider', '_hunter', '_fox', 'Wizard', '_pilot', 'Smith', '_maxi', '_21', 'Kid', '_owl', '_miner', 'Node'];

export interface DemoAccount {
  username: string;
  email: string;
  country: string;
  /** The games this account plays; most of them, by chance, when not given. */
  games?: string[];
}

/** The demo's administrators (ids 1 and 2 on a fresh database). */
export const DEMO_ADMINS: DemoAccount[] = [
  { username: 'arcade_admin', email: 'admin@example.com', country: 'SV' },
  { username: 'game_master', email: 'gamemaster@example.com', country: 'DE' },
];

/** The demo's players after the administrators (the address of each is `<lower-case username>@example.com`). */
export function demoPlayers(count = 130): DemoAccount[] {
  const names = [...NAMES];
  const taken = new Set(names.map((n) => n.toLowerCase()));
  for (const end of NAME_ENDS) {
    for (const start of NAME_STARTS) {
      const name = `${start}${end}`;
      if (names.length < count && !taken.has(name.toLowerCase())) names.push(name);
      taken.add(name.toLowerCase());
    }
  }
  if (names.length < count) throw new Error(`the demo names run out at ${names.length} players`);
  return names.slice(0, count).map((username, i) => ({ username, email: `${username.toLowerCase()}@example.com`, country: COUNTRIES[i % COUNTRIES.length]! }));
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Create `accounts` in order (so the first ones get ids 1, 2... on a fresh database) and play each a
 * believable number of runs of most games, spread over the time since they joined. The same
 * accounts and `now` give the same arcade. Returns the number of runs.
 */
export async function loadDemoArcade(db: Db, accounts: DemoAccount[], now = Date.now()): Promise<number> {
  const random = rng(2100);
  // The runs go through the Game API's service, which tells the leaderboards; a server started
  // afterwards loads them from the database anyway.
  const services = { db, rankings: new Rankings(db) };
  let runs = 0;
  for (const person of accounts) {
    const joined = now - Math.floor(random() * 120 * DAY) - DAY;
    const user = await db
      .insertInto('users')
      .values({ username: person.username, username_key: person.username.toLowerCase(), email: person.email, country: person.country, created_at: joined, last_seen_at: now - Math.floor(random() * 5 * DAY) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const skill = 0.3 + random() * 0.7;
    for (const game of RULES) {
      const skips = random() < 0.25;
      if (person.games ? !person.games.includes(game.gameId) : skips) continue;
      const plays = 1 + Math.floor(random() * 25 * skill);
      for (let p = 0; p < plays; p++) {
        const at = joined + Math.floor(random() * (now - joined));
        const luck = random() * skill;
        let input;
        if (game.gameId === 'rekt') {
          const score = Math.floor(luck ** 1.6 * 120_000);
          const achievements = Object.fromEntries(REKT_FORMATIONS.map((f, i) => [f, random() < luck * (1 - i * 0.09)]));
          input = { runId: `demo-${user.id}-${game.gameId}-${p}`, score, level: Math.floor(score / 2500), achievements };
        } else if (game.gameId === 'fishing-for-sats') {
          const fish = Array.from({ length: 1 + Math.floor(random() * 6) }, () => {
            const kind = FISH[Math.min(FISH.length - 1, Math.floor(random() ** (1.8 - luck) * FISH.length))]!;
            const weight = Math.round((kind.kg[0]! + random() * (kind.kg[1]! - kind.kg[0]!)) * 10) / 10;
            return { name: kind.name, points: kind.points + Math.floor(random() * kind.points * 0.5), weight, quality: 1 + Math.floor(random() * 5) };
          });
          input = { runId: `demo-${user.id}-${game.gameId}-${p}`, score: fish.reduce((s, f) => s + f.points, 0), fish };
        } else {
          const correct = Math.round(luck * 10);
          input = { runId: `demo-${user.id}-${game.gameId}-${p}`, score: correct * 100 + Math.floor(random() * correct * 50), level: correct };
        }
        await submitRun(services, game, user.id, input, at);
        runs++;
      }
    }
  }
  await db.deleteFrom('rate_limits').execute();
  return runs;
}
