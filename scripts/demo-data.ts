// The demo arcade: believable players with countries and runs of every game, loaded through the
// same service that takes the Game API's runs. Used by `npm run demo` and by the e2e tests' setup.
import { DAY } from '~/lib/format';
import type { Db } from '~/server/db';
import { submitRun, type GameRules } from '~/server/games/runs';
import { Rankings } from '~/server/leaderboards/rankings';
import { describeEligibility } from '~/lib/tournament-prizes';
import { computeAchievements } from '~/lib/achievements';
import {
  answerInState,
  QUIZ_ROUNDS,
  QUIZ_SECONDS,
  REVEAL_MS,
  scoreQuiz,
  type QuizState,
} from '~/server/games/quiz-scoring';
import { mulberry32 } from '~games/shared/prng.js';
import { playFishing, playRekt } from './autoplay';

// The reference games are replay-mode games (README, "Fair play"): every demo run is one the game
// could have produced (REKT! and fishing runs are autoplayed from a seed with the game's own rules,
// Mr Quiz runs are scored by the server's own scoring), so they are stored verified and enter the
// demo tournaments.
const RULES: GameRules[] = [
  {
    gameId: 'rekt',
    maxScore: 1_000_000,
    maxLevel: 1000,
    maxFishPerRun: 0,
    hasFish: false,
    hasFormations: true,
    fairPlay: 'replay',
  },
  {
    gameId: 'fishing-for-sats',
    maxScore: 1_000_000,
    maxLevel: 100,
    maxFishPerRun: 200,
    hasFish: true,
    hasFormations: false,
    fairPlay: 'replay',
  },
  {
    gameId: 'mr-quiz',
    maxScore: 100_000,
    maxLevel: 100,
    maxFishPerRun: 0,
    hasFish: false,
    hasFormations: false,
    fairPlay: 'replay',
  },
];
const COUNTRIES = [
  'US',
  'US',
  'US',
  'DE',
  'DE',
  'GB',
  'NL',
  'SV',
  'SV',
  'BR',
  'AR',
  'JP',
  'CA',
  'FR',
  'CH',
  'NG',
  'ZA',
  'AU',
  'IN',
  'PT',
  'ES',
  'XX',
];
const NAMES = [
  'satoshi_fan',
  'hodl_queen',
  'LaserEyes',
  'stack_sats',
  'pleb_21',
  'NodeRunner',
  'cold_storage',
  'moon_boy',
  'orange_pill',
  'block_height',
  'lightning_liz',
  'MempoolMax',
  'hal_finney_fan',
  'sound_money',
  'tick_tock',
  'zap_master',
  'difficulty_adj',
  'utxo_uma',
  'nonce_sense',
  'hash_rate',
  'fiat_escapee',
  'SatsSamurai',
  'bitcoin_beach',
  'genesis_gen',
  'halving_hero',
  'ColdCardCarl',
  'seed_phrase',
  'Taproot_Tina',
  'schnorr_sig',
  'pizza_day',
  'whale_watcher',
  'fishing_fred',
  'quiz_wiz',
  'rekt_rookie',
  'candle_dodger',
  'coin_collector',
  'sats_squirrel',
  'DCA_Dave',
  'low_time_pref',
  'proof_of_work',
  'node_nina',
  'mining_mike',
  'ASIC_annie',
  'channel_chad',
  'routing_rita',
  'sig_hash',
  'bech32_ben',
  'segwit_sally',
  'mark_the_pleb',
  'nakamoto_nat',
];
/** More players, named from these parts, so every board has more than two pages of 50. */
const NAME_STARTS = [
  'sat',
  'hodl',
  'block',
  'moon',
  'stack',
  'zap',
  'nostr',
  'pleb',
  'cypher',
  'mempool',
  'halving',
  'genesis',
  'lambo',
  'orange',
];
const NAME_ENDS = [
  '_rider',
  '_hunter',
  '_fox',
  'Wizard',
  '_pilot',
  'Smith',
  '_maxi',
  '_21',
  'Kid',
  '_owl',
  '_miner',
  'Node',
];

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
  return names.slice(0, count).map((username, i) => ({
    username,
    email: `${username.toLowerCase()}@example.com`,
    country: COUNTRIES[i % COUNTRIES.length]!,
  }));
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The longest a demo REKT! run flies (30 minutes of steps); the autoplayer stops flapping long before. */
const REKT_MAX_STEPS = 120 * 60 * 30;

/** A demo run's id names its autoplayer's arguments after the player and the run's number: `demo-7-rekt-3-<seed>-<arg>`. */
export const demoRunId = (userId: number, gameId: string, n: number, seed: number, arg: number) =>
  `demo-${userId}-${gameId}-${n}-${seed}-${arg}`;

/** The seed and the autoplayer's argument a demo run's id names, or null for another id (a Mr Quiz run's). */
export function demoRunArgs(runId: string): { seed: number; arg: number } | null {
  const m = /^demo-\d+-[a-z-]+-\w+-(\d+)-(\d+)$/.exec(runId);
  return m ? { seed: Number(m[1]), arg: Number(m[2]) } : null;
}

/**
 * A demo REKT! run: the autoplayer flies from `seed` (the ticket's seed) and stops flapping once the
 * score reaches `stop`; the bird then falls, so score, level, coins and formations are the game's.
 * Returns the input log (`flaps`) the server's replay takes, and the result.
 */
export function demoRektRun(seed: number, stop: number) {
  return playRekt(seed, { until: stop, maxSteps: REKT_MAX_STEPS });
}

/**
 * A demo fishing trip from `seed`, started at `startedAt` (which picks the fish in season): the
 * autoplayer casts as deep as `reach` (0-100) lets it, a power drawn from the seed for each cast,
 * and ends the trip after its five casts (or fewer, drawn from the seed: some players leave early).
 */
export function demoFishingTrip(seed: number, startedAt: number, reach: number) {
  const random = mulberry32(seed ^ 0x5eed);
  const powers = Array.from({ length: 5 }, () => 0.15 + random() * (0.2 + (0.6 * reach) / 100));
  const casts = random() < 0.2 ? 2 + Math.floor(random() * 3) : 5;
  return playFishing(seed, startedAt, { powers, casts });
}

/**
 * A demo Mr Quiz run, scored by the server's own scoring (`answerInState`, `scoreQuiz`): ten
 * questions, each answered right with a chance that grows with `skill` (0-1), after a think drawn
 * from 1.5 to 14 s (faster for the skilled; now and then a question runs out of time).
 */
export function demoQuizRun(random: () => number, skill: number, startedAt: number) {
  let state: QuizState = { orders: Array.from({ length: QUIZ_ROUNDS }, () => [0, 1, 2, 3]), answers: [] };
  let shownAt = startedAt;
  for (let question = 0; question < QUIZ_ROUNDS; question++) {
    const ms = Math.round(1500 + random() ** (0.6 + skill) * (QUIZ_SECONDS - 1) * 1000);
    const timedOut = random() < 0.04;
    const right = random() < 0.25 + 0.65 * skill;
    const at = shownAt + (timedOut ? (QUIZ_SECONDS + 1) * 1000 : ms);
    const choice = timedOut ? null : right ? 0 : 1 + Math.floor(random() * 3);
    state = answerInState(state, { question, choice, ms: timedOut ? QUIZ_SECONDS * 1000 + 1 : ms }, startedAt, at).next;
    shownAt = at + REVEAL_MS;
  }
  const { score, correct } = scoreQuiz(state);
  return { score, level: correct, endedAt: shownAt };
}

/**
 * Where a player with `skill` (0.3-1) stops flying in one run: most runs end under 30,000 points
 * (a few minutes of flight), the best players' now and then far beyond.
 */
function rektStop(random: () => number, skill: number): number {
  const luck = random() * skill;
  if (random() < 0.025 * skill * skill) return Math.round(30_000 + random() ** 2 * 70_000);
  return Math.round(150 + luck ** 2.4 * 30_000);
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
  const tournaments = await loadDemoTournaments(db, now);
  let runs = 0;
  for (const person of accounts) {
    const joined = now - Math.floor(random() * 120 * DAY) - DAY;
    // Drawn here (the draws' order makes the demo arcade), and never before the player joined or
    // played: a player is not "last seen" before they were created.
    const lastSeen = Math.max(joined, now - Math.floor(random() * 5 * DAY));
    const user = await db
      .insertInto('users')
      .values({
        username: person.username,
        username_key: person.username.toLowerCase(),
        email: person.email,
        country: person.country,
        created_at: joined,
        last_seen_at: lastSeen,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const skill = 0.3 + random() * 0.7;
    for (const game of RULES) {
      const skips = random() < 0.25;
      if (person.games ? !person.games.includes(game.gameId) : skips) continue;
      const plays = 1 + Math.floor(random() * 25 * skill);
      for (let p = 0; p < plays; p++) {
        const at = joined + Math.floor(random() * (now - joined));
        const seed = Math.floor(random() * 2 ** 31);
        let input;
        let storedAt = at;
        if (game.gameId === 'rekt') {
          const stop = rektStop(random, skill);
          const run = demoRektRun(seed, stop);
          const { score, level, achievements } = run;
          input = { runId: demoRunId(user.id, game.gameId, p, seed, stop), score, level, achievements };
          storedAt = at + Math.round((run.steps / 120) * 1000);
        } else if (game.gameId === 'fishing-for-sats') {
          // The trip's stored time is when it started (which picks the fish in season), so the
          // run's id and time are all a replay needs.
          const reach = Math.round(skill * 100);
          const trip = demoFishingTrip(seed, at, reach);
          input = { runId: demoRunId(user.id, game.gameId, p, seed, reach), score: trip.score, fish: trip.fish };
        } else {
          const quiz = demoQuizRun(random, skill, at);
          input = { runId: `demo-${user.id}-${game.gameId}-${p}`, score: quiz.score, level: quiz.level };
          storedAt = quiz.endedAt;
        }
        await submitRun(services, game, user.id, { ...input, verified: true }, Math.min(storedAt, now));
        runs++;
      }
    }
  }
  runs += await loadDemoAchievements(db, services, random, now);
  // Seen at their last run at the latest (the achievement runs above come last).
  const lastRuns = await db
    .selectFrom('runs')
    .select((eb) => ['user_id', eb.fn.max('created_at').as('at')])
    .groupBy('user_id')
    .execute();
  for (const { user_id, at } of lastRuns)
    await db
      .updateTable('users')
      .set({ last_seen_at: Number(at) })
      .where('id', '=', user_id!)
      .where('last_seen_at', '<', Number(at))
      .execute();
  await loadDemoPrizes(db, tournaments.genesisCup);
  await db.deleteFrom('rate_limits').execute();
  return runs;
}

const GENESIS_REPORT = `## Genesis Cup: the post-mortem

Seven days, one game: **REKT!**. The field was wide open until the last evening, when the leader
strung together three formations in a single run.

### Numbers

| | |
|---|---|
| Runs played | hundreds |
| Closest finish | under 2% between 4th and 5th |
| Prize pool | 21,000 sats |

### What we learned

- Long lines pay more than they look: every top-5 run had one.
- ~~Camping the first level~~ does not work any more.
- Next cup: fishing. Sharpen your hooks.

\`\`\`ts
// how the board breaks a tie
const earlierWins = (a: Entry, b: Entry) => b.score - a.score || a.reachedAt - b.reachedAt;
\`\`\`

Questions? Find us on [the chat](https://chat.example.com/sats-arcade).
`;

/**
 * The demo's tournaments, made before the runs so that runs inside their windows enter them through
 * ingestion: two past ones (one with a Markdown report), one active and one upcoming, dated from `now`.
 */
async function loadDemoTournaments(db: Db, now: number): Promise<{ genesisCup: number }> {
  const add = async (
    t: {
      name: string;
      game_id: string;
      description: string;
      start: number;
      end: number;
      sats: [number, number, number];
      report?: string;
    },
    rewards: {
      avatar_id: string;
      eligibility: 'first_place' | 'top_3' | 'top_5' | 'top_10' | 'all_players';
      min_score?: number;
    }[],
  ) => {
    const { id } = await db
      .insertInto('tournaments')
      .values({
        name: t.name,
        game_id: t.game_id,
        description: t.description,
        start_at: t.start,
        end_at: t.end,
        image_filename: null,
        first_place_sats: t.sats[0],
        second_to_fifth_sats: t.sats[1],
        random_participant_sats: t.sats[2],
        report_content: t.report ?? '',
        created_at: t.start - 7 * DAY,
        updated_at: t.start - 7 * DAY,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (rewards.length) {
      await db
        .insertInto('tournament_avatar_rewards')
        .values(
          rewards.map((r, position) => ({
            tournament_id: id,
            avatar_id: r.avatar_id,
            eligibility: r.eligibility,
            min_score: r.min_score ?? null,
            position,
          })),
        )
        .execute();
    }
    return id;
  };
  const genesisCup = await add(
    {
      name: 'Genesis Cup',
      game_id: 'rekt',
      description: 'The first REKT! cup: a week to set the best single run.',
      start: now - 40 * DAY,
      end: now - 33 * DAY,
      sats: [10_000, 2_000, 3_000],
      report: GENESIS_REPORT,
    },
    [
      { avatar_id: 'laser-eyes', eligibility: 'first_place' },
      { avatar_id: 'sats-miner', eligibility: 'all_players' },
    ],
  );
  await add(
    {
      name: 'Pizza Day Sprint',
      game_id: 'fishing-for-sats',
      description: 'Three days of fishing, for two pizzas worth of sats.',
      start: now - 14 * DAY,
      end: now - 11 * DAY,
      sats: [5_000, 1_000, 500],
    },
    [{ avatar_id: 'pizza-chef', eligibility: 'top_5', min_score: 300 }],
  );
  await add(
    {
      name: 'Halving Championship',
      game_id: 'rekt',
      description: 'The big one: the best REKT! run of the fortnight takes the crown.',
      start: now - 6 * DAY,
      end: now + 8 * DAY,
      sats: [50_000, 10_000, 5_000],
    },
    [
      { avatar_id: 'laser-eyes', eligibility: 'first_place' },
      { avatar_id: 'hodl-knight', eligibility: 'top_3' },
      { avatar_id: 'pizza-chef', eligibility: 'top_10', min_score: 20_000 },
      { avatar_id: 'sats-miner', eligibility: 'all_players' },
    ],
  );
  await add(
    {
      name: 'HODL Marathon',
      game_id: 'fishing-for-sats',
      description: 'A long week at the lake: patience pays.',
      start: now + 3 * DAY,
      end: now + 10 * DAY,
      sats: [20_000, 4_000, 2_000],
    },
    [{ avatar_id: 'hodl-knight', eligibility: 'first_place' }],
  );
  return { genesisCup };
}

/** Prizes of the finished Genesis Cup, as processing its winners would make them (the first one sent). */
async function loadDemoPrizes(db: Db, tournamentId: number): Promise<void> {
  const t = await db.selectFrom('tournaments').selectAll().where('id', '=', tournamentId).executeTakeFirstOrThrow();
  const top = await db
    .selectFrom('tournament_entries')
    .select('user_id')
    .where('tournament_id', '=', tournamentId)
    .orderBy('best_score', 'desc')
    .orderBy('best_reached_at')
    .orderBy('user_id')
    .execute();
  if (top.length === 0) return;
  const at = t.end_at + DAY;
  const awards = top.slice(0, 5).map((e, rank) => ({
    tournament_id: tournamentId,
    user_id: e.user_id,
    prize_type: 'bitcoin' as const,
    prize_value: rank === 0 ? t.first_place_sats : t.second_to_fifth_sats,
    avatar_id: null,
    award_reason: rank === 0 ? 'first_place' : `place_${rank + 1}`,
    award_key: 'place',
    status: rank === 0 ? ('sent' as const) : ('pending' as const),
    created_at: at,
    sent_at: rank === 0 ? at : null,
  }));
  const lucky = top[Math.floor(top.length / 2)]!;
  awards.push({
    ...awards[0]!,
    user_id: lucky.user_id,
    prize_value: t.random_participant_sats,
    award_reason: 'random_participant',
    award_key: 'random',
    status: 'pending',
    sent_at: null,
  });
  await db
    .insertInto('prize_awards')
    .values([
      ...awards,
      {
        ...awards[0]!,
        prize_type: 'avatar',
        prize_value: 0,
        avatar_id: 'laser-eyes',
        award_reason: describeEligibility('first_place', null),
        award_key: 'laser-eyes',
        status: 'pending',
        sent_at: null,
      },
      ...top.map((e) => ({
        ...awards[0]!,
        user_id: e.user_id,
        prize_type: 'avatar' as const,
        prize_value: 0,
        avatar_id: 'sats-miner',
        award_reason: describeEligibility('all_players', null),
        award_key: 'sats-miner',
        status: 'pending' as const,
        sent_at: null,
      })),
    ])
    .execute();
}

/**
 * The tiers' edges: players who had not played REKT! yet get a best run just under each one (a
 * negative entry: under 5,000) and one just over it (a positive one: 5,000 or more).
 */
const TIER_EDGE_SCORES = [
  -5_000, 5_000, -10_000, 10_000, -15_000, 15_000, -20_000, 20_000, -40_000, 40_000, -50_000, 50_000, -100_000, 100_000,
  -250_000, 250_000,
];

/**
 * A real REKT! run whose score lands just on one side of a tier's edge: `edge` or just over it for a
 * positive edge, just under `-edge` for a negative one. The autoplayer stops flapping at the edge (or
 * a little before it, until the points the falling bird still makes stay under it).
 */
function edgeRun(random: () => number, edge: number) {
  const target = Math.abs(edge);
  // A flight the autoplayer loses before its stop (the candles of the late levels come fast) is
  // not one that lands by the edge: another seed flies.
  for (let attempt = 0; attempt < 20; attempt++) {
    const seed = Math.floor(random() * 2 ** 31);
    for (let stop = edge > 0 ? target : target - 100; stop > 0; stop -= 200) {
      const run = demoRektRun(seed, stop);
      if (run.score < stop) break;
      if (edge > 0 ? run.score >= target : run.score < target) return { seed, stop, run };
    }
  }
  throw new Error(`no demo REKT! run lands by the edge ${edge}`);
}
/** Tournament prizes some demo players already won (tournaments themselves come later). */
const TOURNAMENT_PRIZES = [
  { avatarId: 'sats-miner', source: 'Genesis Cup', every: 6 },
  { avatarId: 'pizza-chef', source: 'Pizza Day Sprint', every: 11 },
  { avatarId: 'hodl-knight', source: 'HODL Marathon', every: 17 },
  { avatarId: 'laser-eyes', source: 'Halving Championship', every: 29 },
];

/**
 * Achievements and avatars at every stage: players whose best REKT! run sits on each side of every
 * tier's edge, complete cards claimed and not yet claimed, tournament prizes, and active avatars.
 * Avatars are made active only for players who never fished, so the fishing board's demo rows keep
 * their letter badges. Returns the runs added.
 */
async function loadDemoAchievements(
  db: Db,
  services: { db: Db; rankings: Rankings },
  random: () => number,
  now: number,
): Promise<number> {
  const rekt = RULES.find((game) => game.hasFormations)!;
  const players = await db.selectFrom('users').select(['id', 'created_at']).orderBy('id').execute();
  const bests = await db.selectFrom('game_stats').select(['user_id', 'game_id', 'best_score']).execute();
  const played = (userId: number, gameId: string) => bests.some((b) => b.user_id === userId && b.game_id === gameId);
  let runs = 0;
  let edge = 0;
  for (const player of players) {
    if (player.id <= 2 || played(player.id, rekt.gameId) || edge >= TIER_EDGE_SCORES.length) continue;
    const { seed, stop, run } = edgeRun(random, TIER_EDGE_SCORES[edge++]!);
    await submitRun(
      services,
      rekt,
      player.id,
      {
        runId: demoRunId(player.id, rekt.gameId, 0, seed, stop),
        score: run.score,
        level: run.level,
        achievements: run.achievements,
        verified: true,
      },
      now - DAY,
    );
    runs++;
  }

  const formations = await db.selectFrom('user_achievements').select(['user_id', 'name']).execute();
  const rektBests = await db
    .selectFrom('game_stats')
    .select(['user_id', 'best_score'])
    .where('game_id', '=', rekt.gameId)
    .execute();
  const fishers = new Set(bests.filter((b) => b.game_id === 'fishing-for-sats').map((b) => b.user_id));
  for (const [i, player] of players.entries()) {
    const facts = {
      formations: new Set(formations.filter((f) => f.user_id === player.id).map((f) => f.name)),
      bestScore: Number(rektBests.find((b) => b.user_id === player.id)?.best_score ?? 0),
      tournamentsEntered: 0,
      ownedAvatarIds: new Set<string>(),
    };
    const owned: { avatar_id: string; source: string }[] = [];
    for (const card of computeAchievements(facts).cards) {
      // Two of every three players claim what they completed; the others still have rewards waiting.
      if (card.completed && i % 3 !== 0) owned.push({ avatar_id: card.reward.avatarId, source: card.id });
    }
    for (const prize of TOURNAMENT_PRIZES)
      if (i > 2 && i % prize.every === 0) owned.push({ avatar_id: prize.avatarId, source: prize.source });
    if (owned.length === 0) continue;
    const acquired = Math.min(now - DAY, Number(player.created_at) + DAY);
    await db
      .insertInto('player_avatars')
      .values(
        owned.map((o, k) => ({
          user_id: player.id,
          avatar_id: o.avatar_id,
          source: o.source,
          acquired_at: acquired + k * 3_600_000,
        })),
      )
      .execute();
    if (!fishers.has(player.id) && i % 2 === 0) {
      await db
        .updateTable('users')
        .set({ active_avatar_id: owned.at(-1)!.avatar_id, avatar_changed_at: now })
        .where('id', '=', player.id)
        .execute();
    }
    if (i % 5 === 0)
      await db.updateTable('users').set({ notify_new_games_at: acquired }).where('id', '=', player.id).execute();
  }
  return runs;
}
