import { DAY, HOUR, MINUTE, SECOND, formatShortDate } from './format';
import type { TournamentStatus } from './tournament-status';

/**
 * How tournaments write their times: the countdowns of the dashboard card, the featured page and
 * the upcoming list, and the date ranges of the lists and results. Pure: every function takes the
 * moment it is seen at (`now`, epoch milliseconds), so a server-rendered page and the island that
 * hydrates it print the same text.
 */

/** Whole days, hours, minutes and seconds until `target`; all zero once it has passed. */
export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** What remains from `now` until `target` (an ISO date or epoch ms), never negative. */
export function timeLeft(target: string | number, now: number): TimeLeft {
  const end = typeof target === 'number' ? target : new Date(target).getTime();
  const left = Number.isNaN(end) ? 0 : Math.max(0, end - now);
  return {
    days: Math.floor(left / DAY),
    hours: Math.floor((left % DAY) / HOUR),
    minutes: Math.floor((left % HOUR) / MINUTE),
    seconds: Math.floor((left % MINUTE) / SECOND),
  };
}

/** The ticking clock of the dashboard card and the featured page: '2d 5h 0m 9s' ('0d 0h 0m 0s' once passed). */
export function formatClock(target: string | number, now: number): string {
  const { days, hours, minutes, seconds } = timeLeft(target, now);
  return `${days}d ${hours}h ${minutes}m ${seconds}s`;
}

const STARTING_SOON = 'Starting soon';
const instant = (at: string | number) => (typeof at === 'number' ? at : new Date(at).getTime());
/** An unreadable start counts as passed: the card says 'Starting soon' rather than a wrong countdown. */
const hasStarted = (begins: number, now: number) => Number.isNaN(begins) || begins <= now;

/**
 * The upcoming list's 'Starts in X': 'Xd Yh' with a day or more left, 'Xh Ym' with an hour or
 * more, otherwise 'Ym'; 'Starting soon' once the start has passed.
 */
export function formatStartsIn(start: string | number, now: number): string {
  const begins = instant(start);
  if (hasStarted(begins, now)) return STARTING_SOON;
  const { days, hours, minutes } = timeLeft(begins, now);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  return `${minutes}m`;
}

/**
 * The upcoming card's whole line: 'Starts in 2d 3h' (see {@link formatStartsIn}), or 'Starting soon'
 * alone once the start has passed (a card left open past it never reads 'Starts in Starting soon').
 */
export function formatStartsInLine(start: string | number, now: number): string {
  return hasStarted(instant(start), now) ? STARTING_SOON : `Starts in ${formatStartsIn(start, now)}`;
}

/** 'MM/DD/YY - MM/DD/YY', or one date when start and end fall on the same day. */
export function formatDateRange(start: string, end: string): string {
  const from = formatShortDate(start);
  const to = formatShortDate(end);
  return from === to ? from : `${from} - ${to}`;
}

/**
 * When a tournament of the given status ends or began, for the admin's winners screen: 'Starts
 * MM/DD/YY' while upcoming, 'Ends MM/DD/YY' while active, 'Ended MM/DD/YY' once past, so a date
 * still to come never reads as gone.
 */
export function windowNote(
  status: TournamentStatus,
  start: string,
  end: string,
): { verb: 'Starts' | 'Ends' | 'Ended'; date: string } {
  if (status === 'upcoming') return { verb: 'Starts', date: formatShortDate(start) };
  return { verb: status === 'active' ? 'Ends' : 'Ended', date: formatShortDate(end) };
}

/** A tournament's status as its badge reads: UPCOMING, ACTIVE, or COMPLETED once past. */
export const statusBadge = (status: TournamentStatus) => (status === 'past' ? 'COMPLETED' : status.toUpperCase());

/** The dashboard card's name: at most `max` characters, then an ellipsis. */
export function truncateName(name: string, max = 15): string {
  const chars = Array.from(name);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : name;
}
