import { describe, expect, it } from 'vitest';
import { UNKNOWN_COUNTRY, countryLabel, listCountryOptions } from '~/lib/countries';
import { formatShortDate } from '~/lib/format';

describe('country options', () => {
  const options = listCountryOptions();

  it('start with Not set for XX, then the countries sorted by name', () => {
    expect(options[0]).toEqual({ code: UNKNOWN_COUNTRY, name: 'Not set' });
    const names = options.slice(1).map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('label a stored country the same for the player and the admin room: name and code, or Not set', () => {
    expect(countryLabel('DE')).toBe('Germany (DE)');
    expect(countryLabel(UNKNOWN_COUNTRY)).toBe('Not set');
    expect(countryLabel(UNKNOWN_COUNTRY)).toBe(options[0]!.name);
  });

  it('name real countries by their two-letter codes', () => {
    const byCode = new Map(options.map((o) => [o.code, o.name]));
    expect(byCode.get('DE')).toBe('Germany');
    expect(byCode.get('JP')).toBe('Japan');
    expect(byCode.get('SV')).toBe('El Salvador');
    expect(options.every((o) => /^[A-Z]{2}$/.test(o.code))).toBe(true);
    expect(options.length).toBeGreaterThan(240);
  });

  it('leave out unions, pseudo-regions and retired codes, so no name appears twice', () => {
    const codes = new Set(options.map((o) => o.code));
    for (const code of ['EU', 'UN', 'EZ', 'ZZ', 'XA', 'QO', 'SU', 'YU', 'UK']) expect(codes.has(code)).toBe(false);
    const names = options.map((o) => o.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('short dates', () => {
  it('show MM/DD/YY in en-US', () => {
    expect(formatShortDate('2025-06-09T12:00:00')).toBe('06/09/25');
    expect(formatShortDate('not a date')).toBe('-');
  });
});
