/** `XX`: the code the arcade stores when a player's country is unknown. */
export const UNKNOWN_COUNTRY = 'XX';

/** Codes Intl can name that are not countries: unions, pseudo-locales, "Unknown Region". */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'QO', 'UN', 'XA', 'XB', 'ZZ', UNKNOWN_COUNTRY]);

export interface CountryOption {
  code: string;
  name: string;
}

function isCanonicalRegion(code: string): boolean {
  try {
    // Retired codes (SU, YU, UK...) canonicalize to their successor and would list a name twice.
    return Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`;
  } catch {
    return false;
  }
}

// Made on first use (see numbers.ts): loading the region names' data is slow on a phone.
let names: Intl.DisplayNames | undefined;
const englishNames = () => (names ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }));

/** True for an upper-case two-letter code of a country the arcade lists (never `XX`). */
export function isListedCountry(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code) || !isCanonicalRegion(code)) return false;
  try {
    return englishNames().of(code) !== undefined;
  } catch {
    return false;
  }
}

/** What a player and an administrator both read for a country that is not set ({@link UNKNOWN_COUNTRY}). */
export const NO_COUNTRY_LABEL = 'Not set';

/**
 * A stored country as every page writes it: 'Germany (DE)', or {@link NO_COUNTRY_LABEL} for `XX`, so
 * the player's settings and the admin room never name one country two ways.
 */
export function countryLabel(code: string): string {
  return isListedCountry(code) ? `${countryName(code)} (${code})` : NO_COUNTRY_LABEL;
}

/** The English name of a listed country code. */
export function countryName(code: string): string {
  return englishNames().of(code) ?? code;
}

/**
 * Every two-letter region code (AA to ZZ) that the runtime can name in English, sorted by name,
 * after {@link NO_COUNTRY_LABEL} for {@link UNKNOWN_COUNTRY}. Built from Intl so the list needs no data file.
 */
export function listCountryOptions(locale = 'en'): CountryOption[] {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  const options: CountryOption[] = [];
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      if (NOT_COUNTRIES.has(code) || !isCanonicalRegion(code)) continue;
      const name = names.of(code);
      if (name) options.push({ code, name });
    }
  }
  options.sort((a, b) => a.name.localeCompare(b.name, locale));
  return [{ code: UNKNOWN_COUNTRY, name: NO_COUNTRY_LABEL }, ...options];
}
