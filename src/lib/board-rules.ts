import { UNKNOWN_COUNTRY } from './countries';
import type { CountriesResponse, LeaderboardEntry, LeaderboardResponse, LeaderboardScope } from './schemas/leaderboard';

/** The rules of a board (a game's leaderboard, a tournament's): which board, its rows, and their country badges. */

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
export type CountryList =
  { status: 'idle' | 'loading' | 'error' } | { status: 'ready'; countries: CountriesResponse['countries'] };

/**
 * What the board shows for the chosen view (`null` until the page has read it): a board to fetch;
 * nothing yet (waiting for the country list, or for its first country to be chosen); no board at
 * all (no country has players); or a failure (the country list could not be loaded).
 */
export type BoardRequest =
  { kind: 'query'; query: BoardQuery } | { kind: 'waiting' } | { kind: 'none' } | { kind: 'failed' };

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
