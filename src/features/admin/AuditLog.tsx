import { describeAudit } from '~/lib/audit';
import { formatUtcStamp } from '~/lib/format';
import type { AuditEntry } from '~/lib/schemas/admin';

/** Administrators' writes, newest first: who, what, when (UTC). */
export function AuditLog({
  entries,
  empty = 'Nothing yet: every change an administrator makes is listed here.',
}: {
  entries: AuditEntry[];
  empty?: string;
}) {
  if (entries.length === 0) return <p className="mt-4 text-base-content/70">{empty}</p>;
  return (
    <ol className="mt-4 divide-y divide-plum/60">
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-col gap-1 py-2 sm:flex-row sm:gap-4">
          <time dateTime={entry.createdAt} className="font-data text-sm whitespace-nowrap text-base-content/70">
            {formatUtcStamp(entry.createdAt)}
          </time>
          <span className="break-words">
            <span className="font-data font-bold">{entry.actorName}</span> {describeAudit(entry)}
          </span>
        </li>
      ))}
    </ol>
  );
}
