/**
 * How the arcade writes time spans, counts, numbers and dates: one place for every island, page,
 * server module and script, always in en-US (the spec's locale), never the machine's default.
 */

import { LOCALE } from './numbers';
import { DAY, HOUR, MINUTE } from './time';

export { SECOND, MINUTE, HOUR, DAY } from './time';
export { formatCount, formatOneDecimal, plural } from './numbers';

// Made on first use, as numbers.ts's formatters.
let shortDate: Intl.DateTimeFormat | undefined;

/** Dates as MM/DD/YY in en-US, the one date format of every page (spec section 9); '-' for a value that is not a date. */
export function formatShortDate(value: string | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  shortDate ??= new Intl.DateTimeFormat(LOCALE, { month: '2-digit', day: '2-digit', year: '2-digit' });
  return shortDate.format(date);
}

let utcStamp: Intl.DateTimeFormat | undefined;

/**
 * A moment as the admin room writes it, 'MM/DD/YY HH:MM UTC' (audit log, player pages): in UTC, so
 * the server and every administrator's browser read the same time; '-' for a value that is not a date.
 */
export function formatUtcStamp(value: string | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  utcStamp ??= new Intl.DateTimeFormat(LOCALE, {
    month: '2-digit',
    day: '2-digit',
    year: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  });
  return `${utcStamp.format(date).replace(',', '')} UTC`;
}

let relative: Intl.RelativeTimeFormat | undefined;
const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

/** How long ago `value` was, seen at `now`: '3 days ago', 'yesterday', 'just now'; '-' for no date. */
export function formatRelativeTime(value: string | Date | null, now: number): string {
  if (value === null) return '-';
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return '-';
  const ago = now - time;
  for (const [unit, size] of RELATIVE_STEPS) {
    // Made on first use, so pages that never show a relative time do not carry it.
    relative ??= new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' });
    if (Math.abs(ago) >= size) return relative.format(-Math.round(ago / size), unit);
  }
  return 'just now';
}

/**
 * `text` as it is when it has at most `max` characters, else cut at the last word that fits, with
 * an ellipsis (so a reason never ends mid-word, as "try running Node.js wit" did).
 */
export function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}
