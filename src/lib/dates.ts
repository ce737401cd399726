/**
 * Instants as text: ISO 8601 as every answer writes times, and the local date-times of the admin
 * form (a `datetime-local` value and the browser's offset).
 */

/**
 * An instant (epoch milliseconds, or their digits as PostgreSQL's driver may hand a bigint over) as
 * ISO 8601 UTC text; null and undefined (no time) stay null.
 */
export function iso(ms: number | string): string;
export function iso(ms: number | string | null | undefined): string | null;
export function iso(ms: number | string | null | undefined): string | null {
  return ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString();
}

/** `YYYY-MM-DDTHH:mm` or `YYYY-MM-DDTHH:mm:ss`, as a `datetime-local` input gives it. */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Milliseconds since the epoch of a local date-time read as UTC, or null when it is no real date. */
export function parseLocalDateTime(text: string): number | null {
  const m = LOCAL_DATE_TIME.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((p) => Number(p ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(ms);
  const real =
    back.getUTCFullYear() === year &&
    back.getUTCMonth() === month - 1 &&
    back.getUTCDate() === day &&
    back.getUTCHours() === hour &&
    back.getUTCMinutes() === minute;
  return real && year >= 2000 && year <= 9999 ? ms : null;
}

/** The UTC instant of a form's local date-time: local + offset minutes (getTimezoneOffset is UTC - local). */
export function formInstant(localDateTime: string, timezoneOffset: string): number {
  const local = parseLocalDateTime(localDateTime);
  if (local === null) throw new Error(`not a local date-time: ${localDateTime}`);
  return local + Number(timezoneOffset) * 60_000;
}
