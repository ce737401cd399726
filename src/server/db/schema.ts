import type { Generated, Insertable, Selectable } from 'kysely';
import type { PoolRule } from '~/lib/prize-pools';

// Row types of the arcade's tables. Times are milliseconds since the epoch (bigint columns), which
// SQLite and PostgreSQL store and compare alike.

export interface UsersTable {
  id: Generated<number>;
  /** As the player typed it. */
  username: string;
  /** Lower-cased username: usernames are unique regardless of case. */
  username_key: string;
  /** Trimmed and lower-cased. */
  email: string;
  /** ISO 3166-1 alpha-2, `XX` when unknown. */
  country: string;
  created_at: number;
  last_seen_at: number | null;
  /** When the player last changed their country (the leaderboards' change feed), or null. */
  country_changed_at: number | null;
  /** The avatar the player shows (always one they own), or null. */
  active_avatar_id: string | null;
  /** When the player last changed their active avatar (the leaderboards' change feed), or null. */
  avatar_changed_at: number | null;
  /** When the player asked to hear about new games, or null (no wish). */
  notify_new_games_at: number | null;
  /** Where the player takes Lightning payments (`name@wallet.example`), or null. */
  lightning_address: string | null;
  /** When an administrator banned the player (ms), or null. A banned player is on no board. */
  banned_at: number | null;
  /** Why the player was banned (admins only), or null. */
  ban_reason: string | null;
  /** When the account was deleted (ms), or null; the row stays, anonymised. */
  deleted_at: number | null;
  /** When a ban, unban or deletion last changed whether the player is on the boards (change feed). */
  standing_changed_at: number | null;
}

export interface MagicLinksTable {
  id: Generated<number>;
  /** SHA-256 of the link's token (hex); the token itself is only in the mail. */
  token_hash: string;
  /** HMAC of the one-time code (hex), keyed with the server secret. */
  code_hash: string;
  user_id: number;
  email: string;
  created_at: number;
  expires_at: number;
  /** Set once, atomically, when the link or its code is used. */
  used_at: number | null;
  code_attempts: Generated<number>;
  /** SHA-256 of the sign-in cookie of the browser that asked for the link; null: ask before signing in. */
  browser_hash: string | null;
}

export interface SessionsTable {
  /** SHA-256 of the session token (hex); the token itself is only in the cookie. */
  id_hash: string;
  /** Public reference game tokens carry, so they die with the session (never the secret or its hash). */
  ref: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
}

export interface RateLimitsTable {
  /** What is limited, e.g. `send-link:email:someone@example.com`. */
  key: string;
  window_start: number;
  count: number;
}

export interface RunsTable {
  id: Generated<number>;
  user_id: number;
  game_id: string;
  /** The game's idempotency key. */
  run_id: string;
  score: number;
  level: number | null;
  fish_count: number;
  /** JSON list of the run's fish (fishing), or null. */
  fish_json: string | null;
  /** JSON map of the run's achievement flags (REKT), or null. */
  achievements_json: string | null;
  created_at: number;
  /** 1 when the server replayed the run (or the game's signed server vouched for it), else 0. */
  verified: Generated<number>;
  /** When an administrator hid the run from every board (ms), or null. */
  hidden_at: number | null;
  /** Why it was hidden (admins only), or null. */
  hidden_reason: string | null;
}

/** A run ticket (README, "Fair play"): one run of one player in one game, with its seed. */
export interface RunTicketsTable {
  run_id: string;
  user_id: number;
  game_id: string;
  seed: number;
  started_at: number;
  used_at: number | null;
  body_hash: string | null;
  quiz_json: string | null;
}

/** Mr Quiz: the question keys of one quiz of a player (their last 50 quizzes are kept). */
export interface QuizHistoryTable {
  id: Generated<number>;
  user_id: number;
  asked_at: number;
  /** Keys separated by spaces. */
  question_keys: string;
}

export interface GameAnnouncementsTable {
  id: Generated<number>;
  /** Each catalogue game is announced once. */
  game_id: string;
  announced_by: number | null;
  created_at: number;
}

/** One new-game mail to one player: waiting (claimed_at null), claimed, sent or given up. */
export interface AnnouncementMailsTable {
  announcement_id: number;
  user_id: number;
  claimed_at: number | null;
  sent_at: number | null;
  attempts: Generated<number>;
  given_up_at: number | null;
}

/** From which ticket start a version of a replayed game's rules holds (migration 0021). */
export interface GameRulesTable {
  game_id: string;
  version: number;
  since: number;
}

/** One row per player and game: plays and the best single run (the leaderboard's source). */
export interface GameStatsTable {
  user_id: number;
  game_id: string;
  plays: number;
  best_score: number;
  best_level: number | null;
  best_fish_count: number;
  best_fish_json: string | null;
  /** When the best score was first reached: earlier wins a tie. */
  best_reached_at: number;
  last_played_at: number;
  /** The sum of every run's score (a profile's Total Score without summing runs). */
  total_score: Generated<number>;
}

/** Runs played per game, split over `GAME_TOTAL_SHARDS` (games/runs.ts) rows a game: the total is their sum. */
export interface GameTotalsTable {
  game_id: string;
  /** 0 to GAME_TOTAL_SHARDS - 1, chosen at random per run. */
  shard: Generated<number>;
  total_runs: number;
}

export interface UserAchievementsTable {
  user_id: number;
  name: string;
  unlocked_at: number;
}

/** The avatars players can earn: achievement rewards and tournament prizes. */
export interface AvatarsTable {
  id: Generated<number>;
  /** Stable id, lower-case letters, digits and hyphens (`fiat-bird`). */
  avatar_id: string;
  name: string;
  description: string;
  /** Where its image is served, e.g. `/api/assets/avatars/fiat-bird.png`. */
  image_url: string;
  rarity: 'common' | 'rare' | 'epic' | 'legendary';
  category: 'achievement' | 'tournament';
  /** 1 when it can be awarded, 0 when retired. */
  is_active: number;
  created_at: number;
}

/** One row per player and avatar they own. */
export interface PlayerAvatarsTable {
  user_id: number;
  avatar_id: string;
  /** An achievement card's id (`beginner`) or a tournament's name. */
  source: string;
  acquired_at: number;
}

/** A timed competition of one game: runs inside [start_at, end_at) enter the player. */
export interface TournamentsTable {
  id: Generated<number>;
  name: string;
  game_id: string;
  description: string;
  start_at: number;
  end_at: number;
  /** Informational: the image is served from /api/assets/tournament/{image_filename}. */
  image_filename: string | null;
  first_place_sats: number;
  second_to_fifth_sats: number;
  random_participant_sats: number;
  /** The post-mortem report (Markdown), '' when none. */
  report_content: string;
  created_at: number;
  updated_at: number;
  /** 1: the arcade processes its winners when it ends (migration 0012); 0: an administrator does. */
  process_when_ended: Generated<number>;
  /** The series it belongs to (migration 0014), or null. */
  series_id: number | null;
  /** Its number in the series ("Weekly REKT! #12"), or null. */
  series_number: number | null;
  /** At most this many players, first come (null: no limit). */
  max_players: number | null;
  /** Only each player's first this many runs in the window count (null: no limit). */
  max_runs: number | null;
  /** PostgreSQL's run writer's claims of places in a player-limited tournament. */
  seats_taken: Generated<number>;
  /** How given sats grow the winners' prizes (migration 0022). */
  pool_rule: Generated<PoolRule>;
}

/** A repeating tournament: its schedule and the template of its next tournament (migration 0014). */
export interface TournamentSeriesTable {
  id: Generated<number>;
  name: string;
  cadence: 'daily' | 'weekly' | 'monthly';
  first_start_at: number;
  duration_ms: number;
  until_at: number | null;
  times: number | null;
  last_number: number;
  stopped_at: number | null;
  game_id: string;
  description: string;
  image_filename: string | null;
  first_place_sats: number;
  second_to_fifth_sats: number;
  random_participant_sats: number;
  avatar_rewards_json: string;
  process_when_ended: number;
  max_players: number | null;
  max_runs: number | null;
  created_at: number;
  updated_at: number;
  pool_rule: Generated<PoolRule>;
}

/** An avatar a tournament offers, to whom (eligibility) and from which score. */
export interface TournamentAvatarRewardsTable {
  tournament_id: number;
  avatar_id: string;
  eligibility: 'first_place' | 'top_3' | 'top_5' | 'top_10' | 'all_players';
  min_score: number | null;
  position: number;
}

/** A player's best inside a tournament's window (the tournament board's source). */
export interface TournamentEntriesTable {
  tournament_id: number;
  user_id: number;
  /** Runs that counted in the window. */
  runs: number;
  best_score: number;
  best_level: number | null;
  best_fish_count: number;
  best_fish_json: string | null;
  /** When the best was first reached: earlier wins a tie. */
  best_reached_at: number;
  /** The first run inside the window. */
  entered_at: number;
}

/** A prize won in a tournament: sats or an avatar; sent once, irreversibly. */
export interface PrizeAwardsTable {
  id: Generated<number>;
  tournament_id: number;
  user_id: number;
  prize_type: 'bitcoin' | 'avatar';
  prize_value: Generated<number>;
  avatar_id: string | null;
  award_reason: Generated<string>;
  status: Generated<'pending' | 'sent'>;
  created_at: number;
  sent_at: number | null;
  /** Which award this is for the player: 'place', 'random' or the avatar's id (unique per tournament, player and type). */
  award_key: Generated<string>;
  /** The administrator who sent it. */
  sent_by: number | null;
  /** A Lightning payment hash or a note. */
  payment_proof: string | null;
  /** Its Lightning payout (migration 0011): null (never tried), 'paying', 'sent' or 'failed'. */
  payout_state: 'paying' | 'sent' | 'failed' | null;
  /** The claim of the request paying it (random): only that request may store its invoice or give the claim up. */
  payout_claim: string | null;
  /** The BOLT11 invoice paid or being paid, and its hex payment hash (stored before the wallet is asked). */
  payout_invoice: string | null;
  payout_hash: string | null;
  /** The hex preimage the wallet returned; its SHA-256 is the payment hash. */
  payout_preimage: string | null;
  /** Why the last try failed, in words. */
  payout_error: string | null;
  payout_started_at: number | null;
  /** When the invoice expires: a payment still unknown after it may be tried again. */
  payout_expires_at: number | null;
  payout_paid_at: number | null;
  /** The UTC day whose budget holds this payment's sats. */
  payout_budget_day: string | null;
}

/** Winners processed for a tournament, once, with the random draw (migration 0010). */
export interface TournamentProcessingTable {
  tournament_id: number;
  processed_at: number;
  processed_by: number | null;
  random_user_id: number | null;
  random_candidates: Generated<number>;
}

/** One administrator's write: who, what, when (migration 0010). */
export interface AuditLogTable {
  id: Generated<number>;
  /** The administrator, or null once their account is gone. */
  actor_id: number | null;
  /** Their username at the time. */
  actor_name: string;
  /** What was done, e.g. `avatar.create`, `prize.distribute`. */
  action: string;
  /** What it was done to: `avatar`, `tournament`, `prize`, `upload`. */
  target_type: string;
  target_id: string | null;
  /** The tournament concerned, if any. */
  tournament_id: number | null;
  /** JSON of what changed. */
  details: Generated<string>;
  created_at: number;
}

/** Money in: one invoice the arcade's wallet made for a donor, credited once (migration 0019). */
export interface DonationsTable {
  id: Generated<number>;
  payment_hash: string;
  invoice: string;
  source: 'page' | 'address' | 'zap';
  requested_sats: number;
  received_msat: number | null;
  name: string | null;
  message: string | null;
  tournament_id: number | null;
  state: Generated<'open' | 'paid' | 'expired'>;
  created_at: number;
  expires_at: number;
  checked_at: Generated<number>;
  paid_at: number | null;
  preimage: string | null;
  hidden_at: number | null;
  zap_request: string | null;
  zap_receipt_id: string | null;
  /** Where an earmarked donation's sats went (migration 0022): 'prizes', 'general', or null (undecided). */
  pool_outcome: 'prizes' | 'general' | null;
}

/** Sats reserved for Lightning payouts per UTC day, across every process (migration 0011). */
export interface PayoutBudgetTable {
  day: string;
  reserved_sats: Generated<number>;
}

export interface Database {
  users: UsersTable;
  magic_links: MagicLinksTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  runs: RunsTable;
  run_tickets: RunTicketsTable;
  quiz_history: QuizHistoryTable;
  game_announcements: GameAnnouncementsTable;
  announcement_mails: AnnouncementMailsTable;
  game_rules: GameRulesTable;
  game_stats: GameStatsTable;
  game_totals: GameTotalsTable;
  user_achievements: UserAchievementsTable;
  avatars: AvatarsTable;
  player_avatars: PlayerAvatarsTable;
  tournaments: TournamentsTable;
  tournament_series: TournamentSeriesTable;
  tournament_avatar_rewards: TournamentAvatarRewardsTable;
  tournament_entries: TournamentEntriesTable;
  prize_awards: PrizeAwardsTable;
  payout_budget: PayoutBudgetTable;
  audit_log: AuditLogTable;
  tournament_processing: TournamentProcessingTable;
  donations: DonationsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type AvatarRow = Selectable<AvatarsTable>;
export type TournamentRow = Selectable<TournamentsTable>;
export type TournamentSeriesRow = Selectable<TournamentSeriesTable>;
export type RunTicketRow = Selectable<RunTicketsTable>;
