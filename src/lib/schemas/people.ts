import * as z from 'zod/mini';
import { auditEntrySchema } from './admin';
import { wholeParam } from './leaderboard';

// The admin room's User Management (README, "Admin room"): finding players, a player's page, and
// deleting an account (by the player in Account Settings, or by an administrator on request).

/** Players listed per page of `GET /api/admin/users`. */
export const USERS_PAGE_SIZE = 50;
/** Runs listed per page of a player's page. */
export const PLAYER_RUNS_PAGE_SIZE = 20;
/** Longest search text. */
export const USER_SEARCH_MAX = 254;
/** How a deleted account is named wherever its past results still show. */
export const DELETED_PLAYER_NAME = 'Deleted player';

/** One player as the search lists them. */
export const adminUserSummarySchema = z.object({
  id: z.number(),
  /** 'Deleted player' once the account is deleted. */
  username: z.string(),
  /** A placeholder once the account is deleted (the address itself is erased). */
  email: z.string(),
  country: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.nullable(z.string()),
  isAdmin: z.boolean(),
  bannedAt: z.nullable(z.string()),
  deletedAt: z.nullable(z.string()),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;

/** The deepest page of a list a request may ask for (past the end, pages are simply empty). */
export const MAX_LIST_PAGE = 100_000;

/** Query of `GET /api/admin/users`: the search text (name, e-mail or id; empty: everyone) and the page. */
export const adminUserSearchQuerySchema = z.object({
  q: z._default(
    z.string().check(z.maxLength(USER_SEARCH_MAX, `Search with at most ${USER_SEARCH_MAX} characters.`), z.trim()),
    '',
  ),
  page: z._default(wholeParam('page', 1, MAX_LIST_PAGE), 1),
});

/** Query of `GET /api/admin/users/{id}`: which page of the player's runs. */
export const adminUserDetailQuerySchema = z.object({
  runsPage: z._default(wholeParam('runsPage', 1, MAX_LIST_PAGE), 1),
});

/** Paging of a list: which page, its size, how many in all and whether another page follows. */
export const pageInfoSchema = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  hasMore: z.boolean(),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

/** Answer of `GET /api/admin/users?q=&page=`: players whose name, e-mail or id matches, newest first. */
export const adminUserSearchResponseSchema = z.object({
  query: z.string(),
  users: z.array(adminUserSummarySchema),
  pagination: pageInfoSchema,
});
export type AdminUserSearchResponse = z.infer<typeof adminUserSearchResponseSchema>;

/** A player's account as their page shows it: the summary plus why they are banned. */
export const adminUserSchema = z.extend(adminUserSummarySchema, {
  banReason: z.nullable(z.string()),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** One live session: when it began, was last used and ends (never its secret or the secret's hash). */
export const adminSessionSchema = z.object({
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
});

/** One run of the player, as stored (`id` is the run's row id, which hide and restore name). */
export const adminRunSchema = z.object({
  id: z.number(),
  gameId: z.string(),
  gameName: z.string(),
  score: z.number(),
  level: z.nullable(z.number()),
  /** null for a game whose runs catch no fish (its catalogue entry's results.fish) */
  fishCount: z.nullable(z.number()),
  createdAt: z.string(),
  verified: z.boolean(),
  hiddenAt: z.nullable(z.string()),
  hiddenReason: z.nullable(z.string()),
});
export type AdminRun = z.infer<typeof adminRunSchema>;

/** One prize the player won. */
export const adminPrizeSchema = z.object({
  id: z.number(),
  tournamentId: z.number(),
  tournamentName: z.string(),
  type: z.enum(['bitcoin', 'avatar']),
  sats: z.number(),
  avatarId: z.nullable(z.string()),
  reason: z.string(),
  status: z.enum(['pending', 'sent']),
  /** Its Lightning payout, if one was tried. */
  payoutState: z.nullable(z.enum(['paying', 'sent', 'failed'])),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
});
export type AdminPrize = z.infer<typeof adminPrizeSchema>;

/** Answer of `GET /api/admin/users/{id}?runsPage=`: everything an administrator needs about one player. */
export const adminUserDetailSchema = z.object({
  user: adminUserSchema,
  sessions: z.array(adminSessionSchema),
  runs: z.object({ entries: z.array(adminRunSchema), pagination: pageInfoSchema }),
  prizes: z.array(adminPrizeSchema),
  /** What administrators did about this player, their runs and their prizes, newest first. */
  auditLog: z.array(auditEntrySchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** Body of `DELETE /api/account`: the player types their username to confirm. */
export const deleteAccountRequestSchema = z.object({
  confirm: z.string('Type your username to confirm.').check(z.trim()),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** Answer of `DELETE /api/account` and `DELETE /api/admin/users/{id}`. */
export const deleteAccountResponseSchema = z.object({
  message: z.string(),
  user: z.object({ id: z.number(), deletedAt: z.string() }),
});
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;
