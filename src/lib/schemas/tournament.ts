import * as z from 'zod/mini';
import { formatCount, LOCALE } from '../numbers';
import { IMAGE_FILE_NAME } from './admin';
import { manyLinesText, oneLineText } from './text';
import { avatarIdSchema } from './avatars';
import {
  leaderboardEntrySchema,
  leaderboardResponseSchema,
  LEADERBOARD_MAX_LIMIT,
  LEADERBOARD_MAX_PAGE,
  LEADERBOARD_PAGE_SIZE,
  userRankResponseSchema,
  wholeParam,
  type LeaderboardResponse,
  type UserRankResponse,
} from './leaderboard';

// Tournaments: what the public, player and admin tournament calls answer, and the admin form's
// payload with a clear message for every bad field. Times in answers are ISO 8601 (UTC).

/** A tournament's status, from the clock: upcoming before its start, active until its end, past after. */
export const TOURNAMENT_STATUSES = ['upcoming', 'active', 'past'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

/** Who may earn a tournament's avatar reward (the form's labels beside each). */
export const ELIGIBILITIES = ['first_place', 'top_3', 'top_5', 'top_10', 'all_players'] as const;
export type Eligibility = (typeof ELIGIBILITIES)[number];
export const ELIGIBILITY_LABELS: Record<Eligibility, string> = {
  first_place: 'First Place Only',
  top_3: 'Top 3',
  top_5: 'Top 5',
  top_10: 'Top 10',
  all_players: 'All Players',
};
/** The best rank an eligibility allows, or null for every participant. */
export const ELIGIBILITY_TOP: Record<Eligibility, number | null> = { first_place: 1, top_3: 3, top_5: 5, top_10: 10, all_players: null };

const isEligibility = (value: string): value is Eligibility => (ELIGIBILITIES as readonly string[]).includes(value);

/**
 * Who earns an avatar reward, in the spec's words (the form's eligibility labels): 'First Place
 * Only', 'Top 3, with at least 5,000 points', 'All Players'. The one wording of the reward picker,
 * the public pages' `unlockCriteria` and the winners screen.
 */
export function describeEligibility(eligibility: Eligibility, minScore: number | null): string {
  const who = ELIGIBILITY_LABELS[eligibility];
  return minScore ? `${who}, with at least ${formatCount(minScore)} points` : who;
}

const ORDINAL_SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
// Made on first use, as the number formatters are (lib/numbers.ts): pages load this module.
let ordinalRules: Intl.PluralRules | undefined;
const ordinal = (n: number) => `${n}${ORDINAL_SUFFIX[(ordinalRules ??= new Intl.PluralRules(LOCALE, { type: 'ordinal' })).select(n)]}`;

/** The texts an avatar award's reason was stored as before it used the spec's labels ('Top 3 finish'). */
const OLD_CRITERIA = /^(First place|Every participant|Top (3|5|10) finish)(, with at least [\d,]+ points)?$/;

/**
 * A prize award's reason as the winners screen and reports show it. Bitcoin prizes are named as the
 * form's prize fields ('1st Place', '2nd Place' … '5th Place', 'Random Participant'), eligibility
 * codes by the spec's labels ('first_place' of an avatar prize: 'First Place Only', 'all_players':
 * 'All Players'); any other stored text is shown as it is. Stored reasons are codes for bitcoin
 * prizes and, for avatar prizes, the reward's `describeEligibility` (older rows: a code, or the
 * wording of the time, which is read back into the spec's labels).
 */
export function prizeReasonLabel(prizeType: 'bitcoin' | 'avatar', reason: string): string {
  if (prizeType === 'bitcoin') {
    if (reason === 'first_place') return '1st Place';
    if (reason === 'random_participant') return 'Random Participant';
    const place = /^place_([1-9]\d{0,5})$/.exec(reason);
    if (place) return `${ordinal(Number(place[1]))} Place`;
  }
  if (isEligibility(reason)) return ELIGIBILITY_LABELS[reason];
  const old = OLD_CRITERIA.exec(reason);
  if (old) {
    const eligibility: Eligibility = old[1] === 'First place' ? 'first_place' : old[1] === 'Every participant' ? 'all_players' : (`top_${old[2]}` as Eligibility);
    return ELIGIBILITY_LABELS[eligibility] + (old[3] ?? '');
  }
  return reason;
}

/** The prize pool: first + 4 x second-to-fifth + random (the form's preview uses the same rule). */
export const prizePool = (r: { firstPlaceSats: number; secondToFifthSats: number; randomParticipantSats: number }) =>
  r.firstPlaceSats + 4 * r.secondToFifthSats + r.randomParticipantSats;

/**
 * A tournament's sats in one line, true at every stage: 'N sats distributed' once prizes were
 * sent (what was sent, not what was offered), else 'N sats prize pool' while it offers sats, else
 * null (nothing to show).
 */
export function satsLine(t: { distributedSats: number; rewards: { totalPrizePool: number } }): string | null {
  if (t.distributedSats > 0) return `${formatCount(t.distributedSats)} sats distributed`;
  return t.rewards.totalPrizePool > 0 ? `${formatCount(t.rewards.totalPrizePool)} sats prize pool` : null;
}

/** Where a tournament image is served: `/api/assets/tournament/{filename}`. */
export const tournamentImageUrl = (filename: string) => `/api/assets/tournament/${filename}`;

/** The largest sats amount a reward may hold: every bitcoin there will ever be (21 million x 10^8). */
export const MAX_SATS = 2_100_000_000_000_000;
export const TOURNAMENT_NAME_MAX = 100;
export const TOURNAMENT_DESCRIPTION_MAX = 2000;
export const TOURNAMENT_REPORT_MAX = 100_000;
/** The most avatar rewards one tournament may list. */
export const AVATAR_REWARDS_MAX = 20;

// ---------------------------------------------------------------------------------------------
// Answers

/** One avatar reward as everyone sees it. */
export const avatarRewardSchema = z.object({
  avatarId: z.string(),
  avatarName: z.string(),
  imageUrl: z.string(),
  /** Who earns it, in words: 'Top 3 finish, with at least 5,000 points'. */
  unlockCriteria: z.string(),
  /** The rule: eligibility, its top-N value (null for all players), and the optional minimum score. */
  requirement: z.object({
    type: z.enum(ELIGIBILITIES),
    value: z.nullable(z.number()),
    minScore: z.nullable(z.number()),
  }),
});
export type AvatarReward = z.infer<typeof avatarRewardSchema>;

/** A tournament's rewards: the prize pool, its split, and the avatars on offer. */
export const rewardsSchema = z.object({
  totalPrizePool: z.number(),
  prizeDistribution: z.object({ '1': z.number(), '2-5': z.number(), random: z.number() }),
  avatarRewards: z.array(avatarRewardSchema),
});
export type Rewards = z.infer<typeof rewardsSchema>;

/**
 * A tournament as every public call answers it (`/featured`, `/{id}`, list items). `startTime`
 * equals `startDate` (the spec lets countdowns read either).
 */
export const tournamentSchema = z.object({
  id: z.number(),
  name: z.string(),
  gameId: z.string(),
  description: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  startTime: z.string(),
  status: z.enum(TOURNAMENT_STATUSES),
  participantCount: z.number(),
  /** `/api/assets/tournament/{filename}`, or null without an image (pages show a fallback). */
  imageUrl: z.nullable(z.string()),
  rewards: rewardsSchema,
  /**
   * Sats of its bitcoin prizes marked sent so far (0 until one is): what the pages call 'N sats
   * distributed'; `rewards.totalPrizePool` is what the rules offer.
   */
  distributedSats: z.number(),
  /** Whether a post-mortem report was written (the report call answers it either way). */
  hasReport: z.boolean(),
});
export type Tournament = z.infer<typeof tournamentSchema>;

/** Answer of `GET /api/tournaments/featured`: the active tournament, else the next upcoming one, else null. */
export const featuredTournamentResponseSchema = z.nullable(tournamentSchema);
export type FeaturedTournamentResponse = z.infer<typeof featuredTournamentResponseSchema>;

/** A prize a player won (processing winners creates them; sending marks them sent). */
export const prizeAwardSchema = z.object({
  id: z.number(),
  tournamentId: z.number(),
  userId: z.number(),
  prizeType: z.enum(['bitcoin', 'avatar']),
  /** Sats (bitcoin prizes; 0 for avatars). */
  prizeValue: z.number(),
  /** The avatar (avatar prizes), else null. */
  avatarId: z.nullable(z.string()),
  status: z.enum(['pending', 'sent']),
});
export type PrizeAward = z.infer<typeof prizeAwardSchema>;

/** Answer of `GET /api/tournaments/{id}`: the tournament and its prize awards (empty until winners are processed). */
export const tournamentDetailResponseSchema = z.extend(tournamentSchema, { prizeAwards: z.array(prizeAwardSchema) });
export type TournamentDetailResponse = z.infer<typeof tournamentDetailResponseSchema>;

/** Query of `GET /api/tournaments`: one status, or every tournament without it. */
export const tournamentListQuerySchema = z.object({
  status: z.optional(z.enum(TOURNAMENT_STATUSES, 'status must be upcoming, active or past')),
});
export type TournamentListQuery = z.infer<typeof tournamentListQuerySchema>;

/**
 * Answer of `GET /api/tournaments?status=…`: upcoming ones soonest first, active ones ending
 * soonest first, past ones latest first.
 */
export const tournamentListResponseSchema = z.object({ tournaments: z.array(tournamentSchema) });
export type TournamentListResponse = z.infer<typeof tournamentListResponseSchema>;

/** Query of `GET /api/tournaments/{id}/leaderboard`. */
export const tournamentBoardQuerySchema = z.object({
  page: z._default(wholeParam('page', 1, LEADERBOARD_MAX_PAGE), 1),
  limit: z._default(wholeParam('limit', 1, LEADERBOARD_MAX_LIMIT), LEADERBOARD_PAGE_SIZE),
});
export type TournamentBoardQuery = z.infer<typeof tournamentBoardQuerySchema>;

/**
 * Answer of `GET /api/tournaments/{id}/leaderboard`: rows as the game leaderboard's entry, each
 * player's best score inside the window (fish and level of that run); earlier wins a tie.
 */
export const tournamentBoardResponseSchema = leaderboardResponseSchema;
export type TournamentBoardResponse = LeaderboardResponse;

/**
 * Answer of `GET /api/tournaments/{id}/user-rank`: the signed-in player's place as the game
 * leaderboard's own rank (rank null until they enter; page of the board that holds their row).
 */
export const tournamentRankResponseSchema = userRankResponseSchema;
export type TournamentRankResponse = UserRankResponse;

/** Answer of `GET /api/tournaments/{id}/report`: the Markdown ('' when none) and its sanitised HTML. */
export const tournamentReportResponseSchema = z.object({
  tournamentName: z.string(),
  reportContent: z.string(),
  reportHtml: z.string(),
});
export type TournamentReportResponse = z.infer<typeof tournamentReportResponseSchema>;

/** Answer of `GET /api/user/{id}/tournament-participation`: tournaments entered and the best rank held in any of them (running ones too), or null. */
export const tournamentParticipationResponseSchema = z.object({
  tournamentCount: z.number(),
  bestFinish: z.nullable(z.number()),
});
export type TournamentParticipationResponse = z.infer<typeof tournamentParticipationResponseSchema>;

/** A tournament as the admin sees it: the public fields plus what the form edits. */
export const adminTournamentSchema = z.extend(tournamentSchema, {
  /** The stored image file name, or null. */
  imageFilename: z.nullable(z.string()),
  /** The post-mortem report's Markdown ('' when none). */
  reportContent: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminTournament = z.infer<typeof adminTournamentSchema>;

/** Answer of `GET /api/admin/tournaments`: every tournament, latest start first. */
export const adminTournamentListResponseSchema = z.object({ tournaments: z.array(adminTournamentSchema) });
export type AdminTournamentListResponse = z.infer<typeof adminTournamentListResponseSchema>;

/** Answer of `POST`, `GET` and `PUT /api/admin/tournaments/{id}`. */
export const adminTournamentResponseSchema = z.object({ message: z.optional(z.string()), tournament: adminTournamentSchema });
export type AdminTournamentResponse = z.infer<typeof adminTournamentResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The admin form's payload (POST and PUT /api/admin/tournaments[/{id}])

const sats = (what: string) =>
  z._default(
    z
      .number(`${what} must be a whole number of sats`)
      .check(z.int(`${what} must be a whole number of sats`), z.gte(0, `${what} cannot be negative`), z.lte(MAX_SATS, `${what} is more than every bitcoin there is`)),
    0,
  );

/** One avatar reward as the form sends it. */
export const avatarRewardInputSchema = z.object({
  avatarId: avatarIdSchema,
  eligibility: z.enum(ELIGIBILITIES, `eligibility must be one of ${ELIGIBILITIES.join(', ')}`),
  minScore: z.optional(
    z.nullable(z.number('minScore must be a whole number').check(z.int('minScore must be a whole number'), z.gte(0, 'minScore cannot be negative'))),
  ),
});
export type AvatarRewardInput = z.infer<typeof avatarRewardInputSchema>;

/** The rewards the form sends (as JSON text). */
export const rewardsInputSchema = z
  .object(
    {
      firstPlaceSats: sats('firstPlaceSats'),
      secondToFifthSats: sats('secondToFifthSats'),
      randomParticipantSats: sats('randomParticipantSats'),
      avatarRewards: z._default(
        z
          .array(avatarRewardInputSchema, 'avatarRewards must be a list')
          .check(z.maxLength(AVATAR_REWARDS_MAX, `A tournament can offer at most ${AVATAR_REWARDS_MAX} avatar rewards`)),
        [],
      ),
    },
    'rewards must be a JSON object like {"firstPlaceSats": 1000, "avatarRewards": []}',
  )
  .check(
    z.refine((r) => new Set(r.avatarRewards.map((a) => a.avatarId)).size === r.avatarRewards.length, {
      message: 'Each avatar can be a reward only once in a tournament',
      path: ['avatarRewards'],
    }),
    // Each amount may be at most every bitcoin; the pool they add up to may not be more either.
    z.refine((r) => prizePool(r) <= MAX_SATS, {
      message: 'The prize pool (1st place + 4 x places 2-5 + random participant) is more than every bitcoin there is',
      path: ['firstPlaceSats'],
    }),
  );
export type RewardsInput = z.infer<typeof rewardsInputSchema>;

const NO_REWARDS: RewardsInput = { firstPlaceSats: 0, secondToFifthSats: 0, randomParticipantSats: 0, avatarRewards: [] };

/**
 * `rewards` as the form sends it: JSON text (an object is taken too). Empty text or a missing
 * field means no rewards; text that is not JSON is an error.
 */
const rewardsField = z.pipe(
  z.pipe(
    z.optional(z.nullable(z.union([z.string(), z.record(z.string(), z.unknown())], 'rewards must be JSON text'))),
    z.transform((value, ctx) => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return NO_REWARDS as unknown;
      if (typeof value !== 'string') return value as unknown;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.issues.push({ code: 'custom', message: 'rewards is not valid JSON', input: value });
        return z.NEVER;
      }
    }),
  ),
  rewardsInputSchema,
);

/** `YYYY-MM-DDTHH:mm` or `YYYY-MM-DDTHH:mm:ss`, as a `datetime-local` input gives it. */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Milliseconds since the epoch of a local date-time read as UTC, or null when it is no real date. */
export function parseLocalDateTime(text: string): number | null {
  const m = LOCAL_DATE_TIME.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((p) => Number(p ?? 0)) as [number, number, number, number, number, number];
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(ms);
  const real =
    back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day && back.getUTCHours() === hour && back.getUTCMinutes() === minute;
  return real && year >= 2000 && year <= 9999 ? ms : null;
}

const localDateTime = (what: string) =>
  z
    .string(`${what} is required`)
    .check(
      z.minLength(1, `${what} is required`),
      z.refine((v) => parseLocalDateTime(v) !== null, `${what} must be a real local date and time like 2026-05-01T18:00 (seconds allowed)`),
    );

/** An image file name (the image is served from /api/assets/tournament/{filename}: an upload, or one of the arcade's). */
const imageFilenameField = z.pipe(
  z.optional(
    z.nullable(
      z.string('imageFilename must be text').check(
        z.trim(),
        z.maxLength(120, 'imageFilename can be at most 120 characters'),
        // The image types /api/assets serves (an SVG, say, would only show as a broken image).
        z.refine((v) => v === '' || IMAGE_FILE_NAME.test(v), 'imageFilename must be a PNG, JPEG, WebP or GIF file name like spring-cup.png'),
      ),
    ),
  ),
  z.transform((v) => (v ? v : null)),
);

/**
 * The admin form's payload: name, gameId (a catalogue game; the server checks it), description,
 * startDate and endDate as local date-times with `timezoneOffset` (the browser's
 * `getTimezoneOffset()` in minutes, as text), rewards as JSON text, optional imageFilename and
 * reportContent (Markdown).
 */
export const tournamentFormSchema = z
  .object({
    name: z
      .string('name is required')
      .check(
        z.trim(),
        z.minLength(1, 'name is required'),
        z.maxLength(TOURNAMENT_NAME_MAX, `name can be at most ${TOURNAMENT_NAME_MAX} characters`),
        oneLineText('name'),
      ),
    gameId: z.string('gameId is required').check(z.trim(), z.minLength(1, 'gameId is required'), z.maxLength(40, 'gameId is not a game of the arcade')),
    description: z._default(
      z
        .string('description must be text')
        .check(z.trim(), z.maxLength(TOURNAMENT_DESCRIPTION_MAX, `description can be at most ${TOURNAMENT_DESCRIPTION_MAX} characters`), manyLinesText('description')),
      '',
    ),
    startDate: localDateTime('startDate'),
    endDate: localDateTime('endDate'),
    timezoneOffset: z
      .string('timezoneOffset must be text: the browser\'s getTimezoneOffset() in minutes, like "-120"')
      .check(
        z.trim(),
        z.regex(/^-?\d{1,3}$/, 'timezoneOffset must be whole minutes, like "-120" (the browser\'s getTimezoneOffset())'),
        z.refine((v) => Math.abs(Number(v)) <= 840, 'timezoneOffset must be between -840 and 840 minutes'),
      ),
    rewards: rewardsField,
    imageFilename: imageFilenameField,
    reportContent: z._default(
      z
        .string('reportContent must be text')
        .check(z.maxLength(TOURNAMENT_REPORT_MAX, `reportContent can be at most ${TOURNAMENT_REPORT_MAX} characters`), manyLinesText('reportContent')),
      '',
    ),
  })
  .check(
    z.refine(
      (f) => {
        const start = parseLocalDateTime(f.startDate);
        const end = parseLocalDateTime(f.endDate);
        return start === null || end === null || end > start;
      },
      { message: 'endDate must be after startDate', path: ['endDate'] },
    ),
  );
export type TournamentForm = z.input<typeof tournamentFormSchema>;
export type TournamentFormParsed = z.output<typeof tournamentFormSchema>;

/** The UTC instant of a form's local date-time: local + offset minutes (getTimezoneOffset is UTC - local). */
export function formInstant(localDateTime: string, timezoneOffset: string): number {
  const local = parseLocalDateTime(localDateTime);
  if (local === null) throw new Error(`not a local date-time: ${localDateTime}`);
  return local + Number(timezoneOffset) * 60_000;
}

// ---------------------------------------------------------------------------------------------
// The results page (server-rendered; `tournamentResults` in src/server/tournaments/results.ts)

export const MEDALS = ['gold', 'silver', 'bronze'] as const;
export type Medal = (typeof MEDALS)[number];
/** The medal of a final rank: 1 gold, 2 silver, 3 bronze, else null ('#n'). */
export const medalOf = (rank: number): Medal | null => MEDALS[rank - 1] ?? null;

/** A final board row: the leaderboard entry and its medal. */
export const resultEntrySchema = z.extend(leaderboardEntrySchema, { medal: z.nullable(z.enum(MEDALS)) });
export type ResultEntry = z.infer<typeof resultEntrySchema>;

/** A prize award with its winner: username (null when the account is gone), final rank and score (null when not on the board). */
export const prizeAwardResultSchema = z.extend(prizeAwardSchema, {
  username: z.nullable(z.string()),
  rank: z.nullable(z.number()),
  score: z.nullable(z.number()),
  avatarName: z.nullable(z.string()),
  avatarImageUrl: z.nullable(z.string()),
});
export type PrizeAwardResult = z.infer<typeof prizeAwardResultSchema>;

/**
 * What `/tournament/{id}/results` shows: the tournament, the final board's first rows with medals
 * (and the number of players), bitcoin awards sorted by rank (unmatched last), avatar awards, and
 * per offered avatar how many players earned it.
 */
export const tournamentResultsSchema = z.object({
  tournament: tournamentSchema,
  entries: z.array(resultEntrySchema),
  totalPlayers: z.number(),
  bitcoinAwards: z.array(prizeAwardResultSchema),
  avatarAwards: z.array(prizeAwardResultSchema),
  /** avatarId -> players who earned it (avatar prize awards), for every avatar the tournament offers. */
  avatarEarned: z.record(z.string(), z.number()),
});
export type TournamentResults = z.infer<typeof tournamentResultsSchema>;
