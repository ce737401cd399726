import { getJson } from '../api';
import { FEATURED_REFETCH, FRESH, TOURNAMENT_BOARD_REFETCH, createQuery, storeFamily } from '../query';
import { LEADERBOARD_PAGE_SIZE } from '../schemas/leaderboard';
import {
  featuredTournamentResponseSchema,
  tournamentBoardResponseSchema,
  tournamentDetailResponseSchema,
  tournamentParticipationResponseSchema,
  tournamentRankResponseSchema,
  tournamentReportResponseSchema,
} from '../schemas/tournament';

/**
 * The browser's tournament calls: the featured tournament (header, dashboard, featured page), one
 * tournament, its board pages, its report, and a player's participation record.
 */

export const FEATURED_KEY = 'tournaments/featured';

/**
 * `GET /api/tournaments/featured`: the active tournament, else the next upcoming one, else null.
 * Asked every 60 s while an island shows it (the header, for signed-in players); the dashboard and
 * the featured page ask again when they open ({@link refreshFeatured}).
 */
export const $featuredTournament = createQuery(
  FEATURED_KEY,
  () => getJson(FEATURED_KEY, featuredTournamentResponseSchema),
  {
    freshMs: FRESH.featuredTournament,
    refetchEveryMs: FEATURED_REFETCH,
    onError: (error) => console.warn('Could not load the featured tournament:', error),
  },
);

/** Ask for the featured tournament now (the dashboard's stale time is 0, the featured page's too). */
export const refreshFeatured = () => $featuredTournament.revalidate();

/** `GET /api/tournaments/{id}`: the tournament and its prize awards. */
export const tournamentStore = storeFamily(
  (id: number) => `tournaments/${id}`,
  (_id: number, key) =>
    createQuery(key, () => getJson(key, tournamentDetailResponseSchema), { freshMs: FRESH.tournament }),
);

/** `GET /api/tournaments/{id}/leaderboard?page=n`: one page of the board, asked again every 10 s on screen. */
export const tournamentBoardPageStore = storeFamily(
  ({ id, page }: { id: number; page: number }) =>
    `tournaments/${id}/leaderboard?page=${page}&limit=${LEADERBOARD_PAGE_SIZE}`,
  (_arg, key) =>
    createQuery(key, () => getJson(key, tournamentBoardResponseSchema), {
      freshMs: FRESH.tournamentBoard,
      refetchEveryMs: TOURNAMENT_BOARD_REFETCH,
    }),
);

/** `GET /api/tournaments/{id}/report`: asked only when the report dialog opens. */
export const tournamentReportStore = storeFamily(
  (id: number) => `tournaments/${id}/report`,
  (_id: number, key) => createQuery(key, () => getJson(key, tournamentReportResponseSchema), { freshMs: FRESH.report }),
);

/** `GET /api/user/{id}/tournament-participation`: tournaments entered and the best finish. */
export const participationStore = storeFamily(
  (userId: number) => `user/${userId}/tournament-participation`,
  (_userId: number, key) =>
    createQuery(key, () => getJson(key, tournamentParticipationResponseSchema), {
      freshMs: FRESH.participation,
      onError: (error) => console.warn(`Could not load ${key}:`, error),
    }),
);

/**
 * `GET /api/tournaments/{id}/user-rank`: the signed-in player's place (rank null until they enter).
 * The featured page asks only for a full tournament, to tell a player who is not in it.
 */
export const tournamentRankStore = storeFamily(
  (id: number) => `tournaments/${id}/user-rank`,
  (_id: number, key) =>
    createQuery(key, () => getJson(key, tournamentRankResponseSchema), {
      freshMs: FRESH.tournamentBoard,
      onError: (error) => console.warn(`Could not load ${key}:`, error),
    }),
);
