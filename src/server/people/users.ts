import { sql } from 'kysely';
import { iso } from '~/lib/dates';
import type { AuditEntry } from '~/lib/schemas/admin';
import {
  PLAYER_RUNS_PAGE_SIZE,
  USERS_PAGE_SIZE,
  type AdminUser,
  type AdminUserDetail,
  type AdminUserSearchResponse,
  type AdminUserSummary,
} from '~/lib/schemas/people';
import type { Services } from '../context';
import type { Db } from '../db';
import type { UserRow } from '../db/schema';
import { listCatalogueGames } from '../games/catalogue';
import { NO_SUCH_PLAYER } from '../auth/deletion';
import { auditEntryOf } from '../shared/audit';
import { notFound } from '../shared/errors';

// User Management (README, "Admin room"): finding a player by name, e-mail or id, and everything an
// administrator needs on one player's page. Reads only; bans, hidden runs and deletions are the
// moderation and auth rooms' writes.

type SummaryRow = Pick<
  UserRow,
  'id' | 'username' | 'email' | 'country' | 'created_at' | 'last_seen_at' | 'banned_at' | 'ban_reason' | 'deleted_at'
>;
const SUMMARY_COLUMNS = [
  'id',
  'username',
  'email',
  'country',
  'created_at',
  'last_seen_at',
  'banned_at',
  'ban_reason',
  'deleted_at',
] as const;

function summaryOf(row: SummaryRow, adminIds: ReadonlySet<number>): AdminUserSummary {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    country: row.country,
    createdAt: iso(row.created_at),
    lastSeenAt: iso(row.last_seen_at),
    isAdmin: adminIds.has(row.id),
    bannedAt: iso(row.banned_at),
    deletedAt: iso(row.deleted_at),
  };
}

/** `text` for a LIKE pattern: its own `%`, `_` and `\` match themselves. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `GET /api/admin/users?q=&page=`: players whose username or e-mail contains `q` (any case), or
 * whose id is `q` (also `#12`), newest accounts first, {@link USERS_PAGE_SIZE} a page; every player
 * for an empty `q`. Deleted accounts are listed under their placeholder name.
 */
export async function searchUsers(
  services: Pick<Services, 'db' | 'config'>,
  q: string,
  page: number,
): Promise<AdminUserSearchResponse> {
  const { db, config } = services;
  const query = q.trim();
  const needle = query.toLowerCase();
  const idText = /^#?([1-9]\d{0,9})$/.exec(query)?.[1];
  const id = idText !== undefined && Number(idText) <= 2 ** 31 - 1 ? Number(idText) : null;
  const pattern = `%${likeText(needle)}%`;
  let base = db.selectFrom('users');
  if (query)
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`${sql.ref('username_key')} like ${pattern} escape '\\'`,
        sql<boolean>`${sql.ref('email')} like ${pattern} escape '\\'`,
        ...(id !== null ? [eb('id', '=', id)] : []),
      ]),
    );
  const offset = (page - 1) * USERS_PAGE_SIZE;
  let listed = base.select([...SUMMARY_COLUMNS]);
  // The player an id names comes first, then those whose name or e-mail holds its digits.
  if (id !== null) listed = listed.orderBy(sql`case when ${sql.ref('id')} = ${id} then 0 else 1 end`);
  const [rows, count] = await Promise.all([
    listed.orderBy('id', 'desc').limit(USERS_PAGE_SIZE).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return {
    query,
    users: rows.map((row) => summaryOf(row, config.adminUserIds)),
    pagination: { page, limit: USERS_PAGE_SIZE, total, hasMore: offset + rows.length < total },
  };
}

/** The player's account as their page shows it; a 404 (`No such player.`) for an unknown id. */
export async function getAdminUser(services: Pick<Services, 'db' | 'config'>, id: number): Promise<AdminUser> {
  const row = await services.db.selectFrom('users').select(SUMMARY_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(NO_SUCH_PLAYER);
  return { ...summaryOf(row, services.config.adminUserIds), banReason: row.ban_reason };
}

/**
 * `GET /api/admin/users/{id}?runsPage=`: the player's account, live sessions (when they began,
 * were last used and end; never a secret or its hash), one page of their runs newest first
 * (verified or not, hidden or not and why), their prizes and the audit entries about them, their
 * runs and their prizes (newest 100).
 */
export async function getAdminUserDetail(
  services: Pick<Services, 'db' | 'config'>,
  id: number,
  runsPage = 1,
  now = Date.now(),
): Promise<AdminUserDetail> {
  const { db, config } = services;
  const user = await getAdminUser(services, id);
  const offset = (runsPage - 1) * PLAYER_RUNS_PAGE_SIZE;
  const [sessions, runs, runCount, prizes, auditLog, games] = await Promise.all([
    db
      .selectFrom('sessions')
      .select(['created_at', 'last_seen_at', 'expires_at'])
      .where('user_id', '=', id)
      .where('expires_at', '>', now)
      .orderBy('last_seen_at', 'desc')
      .execute(),
    db
      .selectFrom('runs')
      .select(['id', 'game_id', 'score', 'level', 'fish_count', 'created_at', 'verified', 'hidden_at', 'hidden_reason'])
      .where('user_id', '=', id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(PLAYER_RUNS_PAGE_SIZE)
      .offset(offset)
      .execute(),
    db
      .selectFrom('runs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('prize_awards as p')
      .innerJoin('tournaments as t', 't.id', 'p.tournament_id')
      .select([
        'p.id',
        'p.tournament_id',
        't.name',
        'p.prize_type',
        'p.prize_value',
        'p.avatar_id',
        'p.award_reason',
        'p.status',
        'p.payout_state',
        'p.created_at',
        'p.sent_at',
      ])
      .where('p.user_id', '=', id)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .execute(),
    listAuditAbout(db, id),
    listCatalogueGames(config.siteUrl).catch(() => []),
  ]);
  const gameNames = new Map(games.map((g) => [g.rules.gameId, g.name]));
  // A game whose runs catch fish says so in its catalogue entry (results.fish): its runs show a count, 0 too.
  const fishing = new Set(games.filter((g) => g.rules.hasFish).map((g) => g.rules.gameId));
  const totalRuns = Number(runCount.n);
  return {
    user,
    sessions: sessions.map((s) => ({
      createdAt: iso(s.created_at),
      lastSeenAt: iso(s.last_seen_at),
      expiresAt: iso(s.expires_at),
    })),
    runs: {
      entries: runs.map((r) => ({
        id: r.id,
        gameId: r.game_id,
        gameName: gameNames.get(r.game_id) ?? r.game_id,
        score: Number(r.score),
        level: r.level,
        fishCount: fishing.has(r.game_id) ? r.fish_count : null,
        createdAt: iso(r.created_at),
        verified: Number(r.verified) === 1,
        hiddenAt: iso(r.hidden_at),
        hiddenReason: r.hidden_reason,
      })),
      pagination: {
        page: runsPage,
        limit: PLAYER_RUNS_PAGE_SIZE,
        total: totalRuns,
        hasMore: offset + runs.length < totalRuns,
      },
    },
    prizes: prizes.map((p) => ({
      id: p.id,
      tournamentId: p.tournament_id,
      tournamentName: p.name,
      type: p.prize_type,
      sats: Number(p.prize_value),
      avatarId: p.avatar_id,
      reason: p.award_reason,
      status: p.status,
      payoutState: p.payout_state,
      createdAt: iso(p.created_at),
      sentAt: iso(p.sent_at),
    })),
    auditLog,
  };
}

/** The audit entries about a player (`user` {id}), their runs (`run`) and their prizes (`prize`), newest 100. */
async function listAuditAbout(db: Db, userId: number): Promise<AuditEntry[]> {
  const idText = (table: 'runs' | 'prize_awards') =>
    db
      .selectFrom(table)
      .select((eb) => eb.cast<string>('id', 'varchar(200)').as('id'))
      .where('user_id', '=', userId);
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('target_type', '=', 'user'), eb('target_id', '=', String(userId))]),
        eb.and([eb('target_type', '=', 'run'), eb('target_id', 'in', idText('runs'))]),
        eb.and([eb('target_type', '=', 'prize'), eb('target_id', 'in', idText('prize_awards'))]),
      ]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map(auditEntryOf);
}
