import { UNKNOWN_COUNTRY } from './countries';
import { formatOneDecimal } from './format';
import type { CountriesResponse, FishDetail, LeaderboardEntry, LeaderboardResponse, LeaderboardScope } from './schemas/leaderboard';

/** The rules of the leaderboard pages: which board, its rows, and how fish are shown. */

/** Which board: a game, everyone or one country's players. */
export interface BoardQuery {
  gameId: string;
  scope: LeaderboardScope;
  /** Two-letter code; read in country scope only. */
  country?: string;
}

/** A stable key of a board, e.g. `rekt|country|US`. */
export function boardKey(query: BoardQuery): string {
  return [query.gameId, query.scope, query.scope === 'country' ? (query.country ?? '') : ''].join('|');
}

/** The countries with ranked players, as far as the page knows them. */
export type CountryList = { status: 'idle' | 'loading' | 'error' } | { status: 'ready'; countries: CountriesResponse['countries'] };

/**
 * What the board shows for the chosen view (`null` until the page has read it): a board to fetch;
 * nothing yet (waiting for the country list, or for its first country to be chosen); no board at
 * all (no country has players); or a failure (the country list could not be loaded).
 */
export type BoardRequest = { kind: 'query'; query: BoardQuery } | { kind: 'waiting' } | { kind: 'none' } | { kind: 'failed' };

export function boardRequest(view: BoardQuery | null, countries: CountryList): BoardRequest {
  if (!view) return { kind: 'waiting' };
  if (view.scope === 'global') return { kind: 'query', query: { gameId: view.gameId, scope: 'global' } };
  if (countries.status === 'error') return { kind: 'failed' };
  if (countries.status !== 'ready') return { kind: 'waiting' };
  if (countries.countries.length === 0) return { kind: 'none' };
  if (!countries.countries.some((c) => c.code === view.country)) return { kind: 'waiting' };
  return { kind: 'query', query: { gameId: view.gameId, scope: 'country', country: view.country } };
}

/** The rows of the pages loaded so far, each player once (a refetch between pages can move a player). */
export function mergePages(loaded: readonly LeaderboardResponse[]): LeaderboardEntry[] {
  const seen = new Set<number>();
  const rows: LeaderboardEntry[] = [];
  for (const page of loaded) {
    for (const entry of page.entries) {
      if (seen.has(entry.userId)) continue;
      seen.add(entry.userId);
      rows.push(entry);
    }
  }
  return rows;
}

/**
 * The country code a row shows: uppercased when it is exactly two letters, nothing when it is
 * empty, unknown (`XX`) or anything else.
 */
export function countryBadge(country: string | null | undefined): string | null {
  if (!country || !/^[A-Za-z]{2}$/.test(country)) return null;
  const code = country.toUpperCase();
  return code === UNKNOWN_COUNTRY ? null : code;
}

export const POUNDS_PER_KG = 2.20462;
export type WeightUnit = 'lbs' | 'kg';

/** A fish's weight (stored in kilograms) in `unit`, one decimal: `4.9 lbs`. */
export function formatWeight(kg: number, unit: WeightUnit): string {
  const value = unit === 'lbs' ? kg * POUNDS_PER_KG : kg;
  return `${formatOneDecimal(value)} ${unit}`;
}

/** The fish of a run, most points first (a copy; the input is left as it is). */
export function fishByPoints(fish: readonly FishDetail[]): FishDetail[] {
  return [...fish].sort((a, b) => b.points - a.points);
}

/** 'Great haul!' is earned by more than three kinds of fish (by name) in one run. */
export const GREAT_HAUL_MIN_KINDS = 4;
export function isGreatHaul(fish: readonly FishDetail[]): boolean {
  return new Set(fish.map((f) => f.name)).size >= GREAT_HAUL_MIN_KINDS;
}

/** A fish's quality as a whole number of stars from 1 to 5. */
export function qualityStars(quality: number): number {
  return Math.min(5, Math.max(1, Math.round(quality)));
}
