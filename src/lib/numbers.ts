// Numbers in en-US (re-exported by `format.ts`), apart from the dates: the games pages' play
// counts load this alone.

/** The spec's locale, for every number and date the arcade writes. */
export const LOCALE = 'en-US';
// Made on first use, not when the module loads: the first Intl formatter of a page loads the
// locale's data, tens of milliseconds on a slow phone, which would lengthen the scripts' start.
let wholeNumber: Intl.NumberFormat | undefined;
let oneDecimal: Intl.NumberFormat | undefined;
let ordinalRules: Intl.PluralRules | undefined;

/** A whole number with en-US digit grouping: 12,345. */
export function formatCount(value: number): string {
  wholeNumber ??= new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
  return wholeNumber.format(value);
}

/** A number with exactly one decimal and en-US grouping: 1,234.5. */
export function formatOneDecimal(value: number): string {
  oneDecimal ??= new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return oneDecimal.format(value);
}

/**
 * A count with its noun, singular for exactly one: `plural(1, 'machine')` is '1 machine',
 * `plural(1200, 'game')` '1,200 games'. `many` is for nouns whose plural is not noun + 's'.
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

const ORDINAL_SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** A whole number as an en-US ordinal: 1st, 2nd, 3rd, 11th, 22nd. */
export function formatOrdinal(n: number): string {
  ordinalRules ??= new Intl.PluralRules(LOCALE, { type: 'ordinal' });
  return `${n}${ORDINAL_SUFFIX[ordinalRules.select(n)]}`;
}
