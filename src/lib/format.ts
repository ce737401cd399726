/** Dates as MM/DD/YY in en-US (SPEC section 9); '-' for a value that is not a date. */
export function formatShortDate(value: string | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: '2-digit' }).format(date);
}

/** A day as 'Nov 22, 2026' (month day, year in en-US); '-' for a value that is not a date. */
export function formatMonthDayYear(value: string | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(date);
}

/** A whole number with en-US digit grouping: 12,345. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}
