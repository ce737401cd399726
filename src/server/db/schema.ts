import type { Generated, Insertable, Selectable } from 'kysely';

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
}

export interface SessionsTable {
  /** SHA-256 of the session token (hex); the token itself is only in the cookie. */
  id_hash: string;
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

export interface Database {
  users: UsersTable;
  magic_links: MagicLinksTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
