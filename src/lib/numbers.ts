// Numbers in en-US (re-exported by `format.ts`), apart from the dates: the games pages' play
// counts load this alone.

/** The spec's locale, for every number and date the arcade writes. */
export const LOCALE = 'en-US';
const wholeNumber = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A whole number with en-US digit grouping: 12,345. */
export function formatCount(value: number): string {
  return wholeNumber.format(value);
}

/** A number with exactly one decimal and en-US grouping: 1,234.5. */
export function formatOneDecimal(value: number): string {
  return oneDecimal.format(value);
}

/**
 * A count with its noun, singular for exactly one: `plural(1, 'machine')` is '1 machine',
 * `plural(1200, 'game')` '1,200 games'. `many` is for nouns whose plural is not noun + 's'.
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
