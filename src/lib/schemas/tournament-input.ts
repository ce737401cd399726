import * as z from 'zod/mini';
import { parseLocalDateTime } from '../dates';
import { CADENCES, SERIES_TIMES_MAX } from '../series-schedule';
import { ELIGIBILITIES, MAX_SATS, prizePool } from '../tournament-prizes';
import { POOL_RULES } from '../prize-pools';
import { IMAGE_FILE_NAME } from './admin';
import { avatarIdSchema } from './avatars';
import { manyLinesText, oneLineText } from './text';

// The admin form's payload (POST and PUT /api/admin/tournaments[/{id}]), with a clear message for
// every bad field.

export const TOURNAMENT_NAME_MAX = 100;
export const TOURNAMENT_DESCRIPTION_MAX = 2000;
export const TOURNAMENT_REPORT_MAX = 100_000;
/** The most avatar rewards one tournament may list. */
export const AVATAR_REWARDS_MAX = 20;

const sats = (what: string) =>
  z._default(
    z
      .number(`${what} must be a whole number of sats`)
      .check(
        z.int(`${what} must be a whole number of sats`),
        z.gte(0, `${what} cannot be negative`),
        z.lte(MAX_SATS, `${what} is more than every bitcoin there is`),
      ),
    0,
  );

/** One avatar reward as the form sends it. */
export const avatarRewardInputSchema = z.object({
  avatarId: avatarIdSchema,
  eligibility: z.enum(ELIGIBILITIES, `eligibility must be one of ${ELIGIBILITIES.join(', ')}`),
  minScore: z.optional(
    z.nullable(
      z
        .number('minScore must be a whole number')
        .check(z.int('minScore must be a whole number'), z.gte(0, 'minScore cannot be negative')),
    ),
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
      /** How sats given to the pool grow the winners' prizes (notes/pools.md). */
      poolRule: z._default(z.enum(POOL_RULES, `poolRule must be one of ${POOL_RULES.join(', ')}`), 'proportional'),
      avatarRewards: z._default(
        z
          .array(avatarRewardInputSchema, 'avatarRewards must be a list')
          .check(
            z.maxLength(AVATAR_REWARDS_MAX, `A tournament can offer at most ${AVATAR_REWARDS_MAX} avatar rewards`),
          ),
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

const NO_REWARDS: RewardsInput = {
  firstPlaceSats: 0,
  secondToFifthSats: 0,
  randomParticipantSats: 0,
  poolRule: 'proportional',
  avatarRewards: [],
};

/**
 * `rewards` as the form sends it: JSON text (an object is taken too). Empty text or a missing
 * field means no rewards; text that is not JSON is an error.
 */
const rewardsField = z.pipe(
  z.pipe(
    z.optional(z.nullable(z.union([z.string(), z.record(z.string(), z.unknown())], 'rewards must be JSON text'))),
    z.transform((value, ctx) => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
        return NO_REWARDS as unknown;
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

const localDateTime = (what: string) =>
  z.string(`${what} is required`).check(
    z.minLength(1, `${what} is required`),
    z.refine(
      (v) => parseLocalDateTime(v) !== null,
      `${what} must be a real local date and time like 2026-05-01T18:00 (seconds allowed)`,
    ),
  );

/** An image file name (the image is served from /api/assets/tournament/{filename}: an upload, or one of the arcade's). */
const imageFilenameField = z.pipe(
  z.optional(
    z.nullable(
      z.string('imageFilename must be text').check(
        z.trim(),
        z.maxLength(120, 'imageFilename can be at most 120 characters'),
        // The image types /api/assets serves (an SVG, say, would only show as a broken image).
        z.refine(
          (v) => v === '' || IMAGE_FILE_NAME.test(v),
          'imageFilename must be a PNG, JPEG, WebP or GIF file name like spring-cup.png',
        ),
      ),
    ),
  ),
  z.transform((v) => (v ? v : null)),
);

/** The most players and runs per player a limit may name (beyond them it is no limit). */
export const MAX_PLAYERS_LIMIT = 1_000_000;
export const MAX_RUNS_LIMIT = 100_000;

const limit = (what: string, max: number) =>
  z.pipe(
    z.optional(
      z.nullable(
        z
          .number(`${what} must be a whole number (or left empty for no limit)`)
          .check(
            z.int(`${what} must be a whole number (or left empty for no limit)`),
            z.gte(1, `${what} must be at least 1 (or left empty for no limit)`),
            z.lte(max, `${what} can be at most ${max.toLocaleString('en-US')}`),
          ),
      ),
    ),
    z.transform((v) => v ?? null),
  );

/**
 * A repeating tournament's schedule: every day, week or month (UTC), ending on a date (`until`, a
 * local date-time read with the form's `timezoneOffset`: no tournament of the series ends after
 * it) or after a number of tournaments (`times`), one of the two.
 */
export const scheduleInputSchema = z
  .object(
    {
      every: z.enum(CADENCES, `schedule.every must be one of ${CADENCES.join(', ')}`),
      until: z.optional(z.nullable(localDateTime('schedule.until'))),
      times: z.optional(
        z.nullable(
          z
            .number('schedule.times must be a whole number')
            .check(
              z.int('schedule.times must be a whole number'),
              z.gte(2, 'A series repeats: schedule.times must be at least 2'),
              z.lte(SERIES_TIMES_MAX, `A series can hold at most ${SERIES_TIMES_MAX} tournaments`),
            ),
        ),
      ),
    },
    'schedule must be an object like {"every": "weekly", "times": 10}',
  )
  .check(
    z.refine((s) => (s.until == null) !== (s.times == null), {
      message:
        'Say when the series ends: either until a date (schedule.until) or after a number of times (schedule.times)',
      path: ['until'],
    }),
  );
export type ScheduleInput = z.infer<typeof scheduleInputSchema>;

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
    gameId: z
      .string('gameId is required')
      .check(z.trim(), z.minLength(1, 'gameId is required'), z.maxLength(40, 'gameId is not a game of the arcade')),
    description: z._default(
      z
        .string('description must be text')
        .check(
          z.trim(),
          z.maxLength(
            TOURNAMENT_DESCRIPTION_MAX,
            `description can be at most ${TOURNAMENT_DESCRIPTION_MAX} characters`,
          ),
          manyLinesText('description'),
        ),
      '',
    ),
    startDate: localDateTime('startDate'),
    endDate: localDateTime('endDate'),
    timezoneOffset: z
      .string('timezoneOffset must be text: the browser\'s getTimezoneOffset() in minutes, like "-120"')
      .check(
        z.trim(),
        z.regex(
          /^-?\d{1,3}$/,
          'timezoneOffset must be whole minutes, like "-120" (the browser\'s getTimezoneOffset())',
        ),
        z.refine((v) => Math.abs(Number(v)) <= 840, 'timezoneOffset must be between -840 and 840 minutes'),
      ),
    rewards: rewardsField,
    imageFilename: imageFilenameField,
    /**
     * The arcade processes the winners within a minute after the end (no Process Winners press
     * needed). Absent: on for a series (a schedule), off for a one-off.
     */
    processWhenEnded: z.optional(z.boolean('processWhenEnded must be true or false')),
    /** Repeat it (creating a series; only when creating): null or absent for a one-off. */
    schedule: z.pipe(
      z.optional(z.nullable(scheduleInputSchema)),
      z.transform((v) => v ?? null),
    ),
    /** At most this many players, first come (null: no limit). */
    maxPlayers: limit('maxPlayers', MAX_PLAYERS_LIMIT),
    /** Only each player's first this many runs inside the window count (null: no limit). */
    maxRunsPerPlayer: limit('maxRunsPerPlayer', MAX_RUNS_LIMIT),
    reportContent: z._default(
      z
        .string('reportContent must be text')
        .check(
          z.maxLength(TOURNAMENT_REPORT_MAX, `reportContent can be at most ${TOURNAMENT_REPORT_MAX} characters`),
          manyLinesText('reportContent'),
        ),
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
