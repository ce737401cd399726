import type { AuditEntry } from '~/lib/schemas/admin';
import type { Db } from '../db';
import type { Selectable } from 'kysely';
import type { AuditLogTable, UserRow } from '../db/schema';

/** Who did it: the signed-in administrator, or the arcade itself (id null: automatic payment, settling). */
export type Actor = { id: UserRow['id'] | null; username: UserRow['username'] };

export interface AuditRecord {
  action: string;
  targetType: string;
  targetId?: string | number | null;
  tournamentId?: number | null;
  details?: Record<string, unknown>;
}

/**
 * Keep one administrator's write in the audit log. Call it with the transaction that makes the
 * write, so the record and the change land together or not at all.
 */
export async function recordAudit(db: Db, actor: Actor, record: AuditRecord, now = Date.now()): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: actor.id,
      actor_name: actor.username,
      action: record.action,
      target_type: record.targetType,
      target_id: record.targetId == null ? null : String(record.targetId),
      tournament_id: record.tournamentId ?? null,
      details: JSON.stringify(record.details ?? {}),
      created_at: now,
    })
    .execute();
}

/** The newest entries first: of one tournament, or of everything when `tournamentId` is omitted. */
export async function listAudit(
  db: Db,
  { tournamentId, limit = 100 }: { tournamentId?: number; limit?: number } = {},
): Promise<AuditEntry[]> {
  let query = db.selectFrom('audit_log').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
  if (tournamentId !== undefined) query = query.where('tournament_id', '=', tournamentId);
  const rows = await query.execute();
  return rows.map(auditEntryOf);
}

/** An audit row as the admin pages show it. */
export function auditEntryOf(row: Selectable<AuditLogTable>): AuditEntry {
  return {
    id: row.id,
    actorId: row.actor_id,
    actorName: row.actor_name,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    tournamentId: row.tournament_id,
    details: JSON.parse(row.details) as Record<string, unknown>,
    createdAt: new Date(Number(row.created_at)).toISOString(),
  };
}
