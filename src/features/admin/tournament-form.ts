import { formatCount } from '~/lib/numbers';
import type { AdminTournament } from '~/lib/schemas/tournament';
import type { TournamentForm } from '~/lib/schemas/tournament-input';
import { MAX_SATS, type Eligibility } from '~/lib/tournament-prizes';
import type { PoolRule } from '~/lib/prize-pools';
import { SERIES_TIMES_MAX, type Cadence } from '~/lib/series-schedule';
import { MAX_PLAYERS_LIMIT, MAX_RUNS_LIMIT } from '~/lib/schemas/tournament-input';

/** One avatar reward in the form. */
export interface RewardDraft {
  avatarId: string;
  eligibility: Eligibility;
  minScore: number | null;
}

/** What the form holds: text as typed, parsed on submit. */
export interface FormValues {
  name: string;
  gameId: string;
  description: string;
  startDate: string;
  endDate: string;
  /** The stored image file name (`tournament_{digits}_{name}`), '' for none. */
  imageFilename: string;
  firstPlaceSats: string;
  secondToFifthSats: string;
  randomParticipantSats: string;
  /** How sats given to the pool grow the winners' prizes. */
  poolRule: PoolRule;
  avatarRewards: RewardDraft[];
  reportContent: string;
  /** The arcade processes the winners when it ends. */
  processWhenEnded: boolean;
  /** Repeat it (creating only): '' for a one-off. */
  repeat: '' | Cadence;
  /** How the series ends: after `repeatTimes` tournaments, or with the last one ending by `repeatUntil`. */
  repeatEnds: 'times' | 'until';
  repeatTimes: string;
  repeatUntil: string;
  /** Limits as typed: '' for none. */
  maxPlayers: string;
  maxRunsPerPlayer: string;
}

export const EMPTY_FORM: FormValues = {
  name: '',
  gameId: 'rekt',
  description: '',
  startDate: '',
  endDate: '',
  imageFilename: '',
  firstPlaceSats: '',
  secondToFifthSats: '',
  randomParticipantSats: '',
  poolRule: 'proportional',
  avatarRewards: [],
  reportContent: '',
  processWhenEnded: false,
  repeat: '',
  repeatEnds: 'times',
  repeatTimes: '',
  repeatUntil: '',
  maxPlayers: '',
  maxRunsPerPlayer: '',
};

/** A stored upload name without its `tournament_{digits}_` prefix: the name the admin chose. */
export const originalImageName = (filename: string) => filename.replace(/^tournament_\d+_/, '');

const pad = (n: number) => String(n).padStart(2, '0');
/** Date-time fields as a `datetime-local` value, with seconds only when there are any. */
const dateTimeValue = (y: number, mo: number, d: number, h: number, mi: number, s: number) =>
  `${y}-${pad(mo + 1)}-${pad(d)}T${pad(h)}:${pad(mi)}${s ? `:${pad(s)}` : ''}`;

/** An instant as a `datetime-local` value in this browser's time zone (its seconds kept, so an edit saves the same instant). */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return dateTimeValue(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds());
}

/**
 * A `datetime-local` value (read in this browser's time zone) as the wall time of the same instant
 * at `offset` (minutes, as `getTimezoneOffset()` gives them).
 */
function atOffset(value: string, offset: number): string {
  const d = new Date(new Date(value).getTime() - offset * 60_000);
  return dateTimeValue(
    d.getUTCFullYear(),
    d.getUTCMonth(),
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  );
}

/** A tournament's values in the form, for editing. */
export function formOf(t: AdminTournament): FormValues {
  const split = t.rewards.prizeDistribution;
  return {
    name: t.name,
    gameId: t.gameId,
    description: t.description,
    startDate: toLocalInput(t.startDate),
    endDate: toLocalInput(t.endDate),
    imageFilename: t.imageFilename ?? '',
    firstPlaceSats: String(split['1']),
    secondToFifthSats: String(split['2-5']),
    randomParticipantSats: String(split.random),
    poolRule: t.rewards.poolRule,
    avatarRewards: t.rewards.avatarRewards.map((r) => ({
      avatarId: r.avatarId,
      eligibility: r.requirement.type,
      minScore: r.requirement.minScore,
    })),
    reportContent: t.reportContent,
    processWhenEnded: t.processWhenEnded,
    repeat: '',
    repeatEnds: 'times',
    repeatTimes: '',
    repeatUntil: '',
    maxPlayers: t.maxPlayers == null ? '' : String(t.maxPlayers),
    maxRunsPerPlayer: t.maxRunsPerPlayer == null ? '' : String(t.maxRunsPerPlayer),
  };
}

/** Duplicating: the name plus ' (Copy)', the same game and description; dates, image and rewards empty. */
export const duplicateOf = (t: AdminTournament): FormValues => ({
  ...EMPTY_FORM,
  name: `${t.name} (Copy)`,
  gameId: t.gameId,
  description: t.description,
});

/** The form's prize fields, each with the name its label gives it (messages name the field so). */
export const SATS_FIELDS = {
  firstPlaceSats: '1st Place',
  secondToFifthSats: '2nd - 5th Place',
  randomParticipantSats: 'Random Participant',
} as const;
export type SatsField = keyof typeof SATS_FIELDS;

/**
 * A prize field as sats: digits only (prizes are whole sats; empty is 0), so '1e3', '0x10',
 * '1.5', '-1' or '21 000' are no amount (NaN) rather than what `Number()` makes of them.
 */
export function satsOf(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** What is wrong with a prize field's text, naming the field as its label does; undefined when it is fine. */
export function satsProblem(field: SatsField, text: string): string | undefined {
  const amount = satsOf(text);
  const name = SATS_FIELDS[field];
  if (Number.isNaN(amount)) return `${name} must be a whole number of sats, typed as digits (like 21000).`;
  if (amount > MAX_SATS) return `${name} is more than every bitcoin there is: at most ${formatCount(MAX_SATS)} sats.`;
  return undefined;
}

/** The form's message when only prize amounts are wrong (each says what under its field). */
export const SATS_PROBLEM = 'Fix the prize amounts marked above.';

/** The form's message when the repeat's end is wrong (what, under its field). */
export const REPEAT_PROBLEM = 'Fix the repeat marked above.';

/** A limit field as a number: '' is no limit (null), anything but digits is NaN. */
export function limitOf(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** What is wrong with a limit's text (`name` as its label says it), or undefined. */
function limitProblem(name: string, text: string, max: number): string | undefined {
  const n = limitOf(text);
  if (n === null) return undefined;
  if (Number.isNaN(n) || n < 1) return `${name} must be a whole number of at least 1 (or empty for no limit).`;
  if (n > max) return `${name} can be at most ${formatCount(max)}.`;
  return undefined;
}

/**
 * Every problem of the form before it is sent: the first missing or wrong field (`form`), each bad
 * prize field, and what is wrong with the repeat's end (`repeat`, shown under its field).
 */
export function formProblems(
  values: FormValues,
  creating = true,
): { form?: string; sats: Partial<Record<SatsField, string>>; repeat?: string } {
  const bad: Partial<Record<SatsField, string>> = {};
  for (const field of Object.keys(SATS_FIELDS) as SatsField[]) {
    const problem = satsProblem(field, values[field]);
    if (problem) bad[field] = problem;
  }
  const missing = !values.name.trim()
    ? 'name'
    : !values.gameId
      ? 'game'
      : !values.startDate
        ? 'start date'
        : !values.endDate
          ? 'end date'
          : null;
  const times = Number(values.repeatTimes.trim());
  const repeatProblem =
    !creating || values.repeat === ''
      ? undefined
      : values.repeatEnds === 'times'
        ? !/^\d+$/.test(values.repeatTimes.trim()) || times < 2 || times > SERIES_TIMES_MAX
          ? `Repeat: the number of times must be a whole number from 2 to ${SERIES_TIMES_MAX}.`
          : undefined
        : !values.repeatUntil
          ? 'Repeat: choose the date the series runs until.'
          : values.repeatUntil <= values.endDate
            ? 'Repeat: the "until" date must be after the first tournament ends.'
            : undefined;
  const form = missing
    ? `The ${missing} is required.`
    : values.endDate <= values.startDate
      ? 'The end must be after the start.'
      : Object.keys(bad).length > 0
        ? SATS_PROBLEM
        : ((repeatProblem && REPEAT_PROBLEM) ??
          limitProblem('Max players', values.maxPlayers, MAX_PLAYERS_LIMIT) ??
          limitProblem('Runs per player', values.maxRunsPerPlayer, MAX_RUNS_LIMIT));
  return { form, sats: bad, repeat: form === REPEAT_PROBLEM ? repeatProblem : undefined };
}

/**
 * The form's payload: rewards as JSON text, the browser's time zone offset (at the
 * start) as text. The payload carries one offset, so the end is sent as its wall time at that
 * offset: when a clock change falls between start and end, the end still names the instant the
 * admin chose (and an edit of an unchanged tournament saves the very same dates).
 */
export function payloadOf(values: FormValues, creating = true): TournamentForm {
  const offset = values.startDate ? new Date(values.startDate).getTimezoneOffset() : new Date().getTimezoneOffset();
  return {
    name: values.name,
    gameId: values.gameId,
    description: values.description,
    startDate: values.startDate,
    endDate: values.startDate && values.endDate ? atOffset(values.endDate, offset) : values.endDate,
    timezoneOffset: String(offset),
    rewards: JSON.stringify({
      firstPlaceSats: satsOf(values.firstPlaceSats),
      secondToFifthSats: satsOf(values.secondToFifthSats),
      randomParticipantSats: satsOf(values.randomParticipantSats),
      poolRule: values.poolRule,
      avatarRewards: values.avatarRewards,
    }),
    imageFilename: values.imageFilename || undefined,
    reportContent: values.reportContent,
    processWhenEnded: values.processWhenEnded,
    maxPlayers: limitOf(values.maxPlayers),
    maxRunsPerPlayer: limitOf(values.maxRunsPerPlayer),
    schedule:
      creating && values.repeat !== ''
        ? values.repeatEnds === 'times'
          ? { every: values.repeat, times: Number(values.repeatTimes.trim()) }
          : { every: values.repeat, until: atOffset(values.repeatUntil, offset) }
        : null,
  };
}
