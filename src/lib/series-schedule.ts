// The schedule of a repeating tournament (README, "Tournaments that run themselves"): all in UTC.
// Tournament n of a series starts n - 1 days, weeks or months after the first; monthly on the same
// day of the month, clamped to the month's last day (a series from January 31 runs on February 28
// or 29, then March 31), always counted from the first start, so a short month never shifts the
// later ones.

export const CADENCES = ['daily', 'weekly', 'monthly'] as const;
export type Cadence = (typeof CADENCES)[number];

const DAY = 86_400_000;

/** The longest a tournament of each cadence may last: its shortest period (a month: 28 days), so two never overlap. */
export const LONGEST_DURATION: Record<Cadence, number> = { daily: DAY, weekly: 7 * DAY, monthly: 28 * DAY };

/** The most tournaments one series may hold. */
export const SERIES_TIMES_MAX = 1000;
/** How far after its first start a series may still run ("until" at most ten years on). */
export const SERIES_SPAN_MAX = 10 * 366 * DAY;

/** The words the form and messages use. */
export const CADENCE_WORDS: Record<Cadence, { adjective: string; period: string }> = {
  daily: { adjective: 'daily', period: 'a day' },
  weekly: { adjective: 'weekly', period: 'a week' },
  monthly: { adjective: 'monthly', period: '28 days (the shortest month)' },
};

/** The start of tournament `n` (1 is the first) of a series first starting at `firstStart`. */
export function seriesStart(firstStart: number, cadence: Cadence, n: number): number {
  if (cadence === 'daily') return firstStart + (n - 1) * DAY;
  if (cadence === 'weekly') return firstStart + (n - 1) * 7 * DAY;
  const first = new Date(firstStart);
  const monthIndex = first.getUTCMonth() + (n - 1);
  const year = first.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(
    year,
    month,
    Math.min(first.getUTCDate(), lastDay),
    first.getUTCHours(),
    first.getUTCMinutes(),
    first.getUTCSeconds(),
    first.getUTCMilliseconds(),
  );
}

/** A series tournament's name: "Weekly REKT! #12". */
export const seriesTournamentName = (seriesName: string, n: number) => `${seriesName} #${n}`;

/** The series name in a tournament's name that ends in its number ("Weekly REKT! #12" → "Weekly REKT!"), else null. */
export function seriesNameIn(name: string, n: number): string | null {
  const suffix = ` #${n}`;
  return name.endsWith(suffix) && name.length > suffix.length ? name.slice(0, -suffix.length).trim() || null : null;
}
