import type { AuditEntry } from './schemas/admin';

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** What an audit entry's action did, as a sentence after the administrator's name. */
export function describeAudit(entry: Pick<AuditEntry, 'action' | 'targetId' | 'details'>): string {
  const { action, targetId, details } = entry;
  const target = targetId ?? '';
  switch (action) {
    case 'avatar.create':
      return `added the avatar ${text(details.name) || target} (${target})`;
    case 'avatar.update':
      return `edited the avatar ${target}${Object.keys((details.changed as object) ?? {}).length ? `: ${Object.keys(details.changed as object).join(', ')}` : ''}`;
    case 'avatar.delete':
      return `deleted the avatar ${text(details.name) || target}`;
    case 'avatar.retire':
      return `retired the avatar ${text(details.name) || target} (owned by ${text(details.owners)})`;
    case 'upload.image':
      return `uploaded the image ${target}`;
    default:
      return `${action.replace(/[._]/g, ' ')} ${target}`.trim();
  }
}
