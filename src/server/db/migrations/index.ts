import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from './dialect';
import * as accounts from './0001-accounts';
import * as runs from './0002-runs';
import * as leaderboards from './0003-leaderboards';
import * as gameTotalShards from './0004-game-total-shards';
import * as avatars from './0005-avatars';
import * as sessionRefs from './0006-session-refs';
import * as magicLinkBrowser from './0007-magic-link-browser';
import * as tournaments from './0008-tournaments';
import * as fairPlay from './0009-fair-play';
import * as admin from './0010-admin';
import * as payouts from './0011-payouts';
import * as winnersWhenEnded from './0012-winners-when-ended';
import * as moderation from './0013-moderation';
import * as series from './0014-series';
import * as quizHistory from './0016-quiz-history';
import * as runsExportOrder from './0017-runs-export-order';
import * as announcements from './0018-announcements';
import * as donations from './0019-donations';
import * as gameRules from './0021-game-rules';
import * as prizePools from './0022-prize-pools';
import * as fishingRules2 from './0023-fishing-rules-2';

/** Declared apart (`dialect.ts`) so the migrations name it without importing this index, which imports them. */
export type { Dialect };

/**
 * One migration: `up` and `down` on an untyped database (a migration sees the schema as it was
 * then, not as `schema.ts` describes it today), told which database it runs on for the few
 * differences that matter.
 */
export interface ArcadeMigration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
  down(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/**
 * The arcade's migrations by name, in order. A static map of imports (not a folder scan) so they
 * survive bundling. A name, once released, never changes: databases record which ones ran.
 */
const MIGRATIONS: Record<string, ArcadeMigration> = {
  '0001_accounts': accounts,
  '0002_runs': runs,
  '0003_leaderboards': leaderboards,
  '0004_game_total_shards': gameTotalShards,
  '0005_avatars': avatars,
  '0006_session_refs': sessionRefs,
  '0007_magic_link_browser': magicLinkBrowser,
  '0008_tournaments': tournaments,
  '0009_fair_play': fairPlay,
  '0010_admin': admin,
  '0011_payouts': payouts,
  '0012_winners_when_ended': winnersWhenEnded,
  '0013_moderation': moderation,
  '0014_series': series,
  '0016_quiz_history': quizHistory,
  '0017_runs_export_order': runsExportOrder,
  '0018_announcements': announcements,
  '0019_donations': donations,
  '0021_game_rules': gameRules,
  '0022_prize_pools': prizePools,
  '0023_fishing_rules_2': fishingRules2,
};

/** The migrations as Kysely's migrator takes them, for `dialect`. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(MIGRATIONS).map(([name, migration]): [string, Migration] => [
      name,
      { up: (db) => migration.up(db, dialect), down: (db) => migration.down(db, dialect) },
    ]),
  );
}
