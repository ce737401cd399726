import type { ReactNode } from 'react';
import { countryLabel } from '~/lib/countries';
import { formatCount } from '~/lib/format';
import type { AdminPrize, AdminRun, AdminUserDetail } from '~/lib/schemas/people';
import { PixelIcon } from '~/ui/PixelIcon';
import { arrowLeft as iconLeft } from '~/ui/pixel-icons';
import { AccountBadges, DateTime } from './PlayerParts';

// The sections of a player's page in the admin room (`/admin/users/{id}`): account, sessions, runs,
// prizes. The island (AdminPlayer) holds the data and the actions; these only draw.

function Section({
  id,
  title,
  children,
  aside,
}: {
  id: string;
  title: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="panel p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-[0.7rem] leading-relaxed text-accent">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-sm text-base-content/70">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

/** Who the player is and what their account is now: active, banned (when and why) or deleted. */
export function AccountSection({ user, actions }: { user: AdminUserDetail['user']; actions: ReactNode }) {
  return (
    <Section id="player-account" title="Account" aside={actions}>
      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-3">
        <Row label="Id">
          <span className="font-data">#{user.id}</span>
        </Row>
        <Row label="Username">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-data font-bold break-all">{user.username}</span>
            <AccountBadges user={user} />
          </span>
        </Row>
        <Row label="E-mail">
          <span className="font-data break-all">{user.email}</span>
        </Row>
        <Row label="Country">
          <span className="font-data">{countryLabel(user.country)}</span>
        </Row>
        <Row label="Created">
          <DateTime iso={user.createdAt} />
        </Row>
        <Row label="Last seen">
          <DateTime iso={user.lastSeenAt} empty="never" />
        </Row>
        <Row label="Admin">{user.isAdmin ? 'Yes (ADMIN_USER_IDS)' : 'No'}</Row>
        <Row label="Status">
          {user.deletedAt ? (
            <span>
              Deleted <DateTime iso={user.deletedAt} />
            </span>
          ) : user.bannedAt ? (
            <span className="text-error">
              Banned <DateTime iso={user.bannedAt} />
            </span>
          ) : (
            <span className="text-success">Active</span>
          )}
        </Row>
        {user.bannedAt && (
          <Row label="Ban reason">
            <span className="whitespace-pre-line">{user.banReason}</span>
          </Row>
        )}
      </dl>
    </Section>
  );
}

/** The live sessions: when each began, was last used and ends (never a secret). */
export function SessionsSection({ sessions }: { sessions: AdminUserDetail['sessions'] }) {
  return (
    <Section id="player-sessions" title={`Sessions (${sessions.length})`}>
      {sessions.length === 0 ? (
        <p className="mt-3 text-base-content/80">No live sessions: the player is signed out everywhere.</p>
      ) : (
        <ul className="mt-3 divide-y divide-plum/60">
          {sessions.map((session) => (
            <li
              key={`${session.createdAt}-${session.expiresAt}`}
              className="grid grid-cols-[auto_1fr] gap-x-3 py-2 text-sm sm:grid-cols-3"
            >
              <span className="text-base-content/70 sm:hidden">Began</span>
              <span>
                <span className="hidden text-base-content/70 sm:inline">Began </span>
                <DateTime iso={session.createdAt} />
              </span>
              <span className="text-base-content/70 sm:hidden">Last used</span>
              <span>
                <span className="hidden text-base-content/70 sm:inline">Last used </span>
                <DateTime iso={session.lastSeenAt} />
              </span>
              <span className="text-base-content/70 sm:hidden">Ends</span>
              <span>
                <span className="hidden text-base-content/70 sm:inline">Ends </span>
                <DateTime iso={session.expiresAt} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

const runResult = (run: AdminRun) =>
  run.fishCount !== null ? `${run.fishCount} fish` : run.level !== null ? `Level ${run.level}` : '';

/** One page of the player's runs, newest first, with Hide or Restore on each (unless the account is gone). */
export function RunsSection({
  runs,
  canModerate,
  working,
  onHide,
  onRestore,
  onPage,
  loading,
}: {
  runs: AdminUserDetail['runs'];
  canModerate: boolean;
  working: string | null;
  onHide: (run: AdminRun) => void;
  onRestore: (run: AdminRun) => void;
  onPage: (page: number) => void;
  loading: boolean;
}) {
  const { entries, pagination } = runs;
  return (
    <Section id="player-runs" title={`Runs (${formatCount(pagination.total)})`}>
      {entries.length === 0 ? (
        <p className="mt-3 text-base-content/80">No runs yet.</p>
      ) : (
        <ul className={`mt-3 divide-y divide-plum/60 ${loading ? 'opacity-70' : ''}`} aria-label="Runs, newest first">
          {entries.map((run) => (
            <li key={run.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <span className="font-data text-lg font-bold text-primary">{formatCount(run.score)}</span>
                  <span>{run.gameName}</span>
                  {runResult(run) && <span className="font-data text-sm text-base-content/80">{runResult(run)}</span>}
                </p>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                  <DateTime iso={run.createdAt} />
                  <span className="font-data text-base-content/60">run #{run.id}</span>
                  {run.verified ? (
                    <span className="badge badge-sm badge-success">verified</span>
                  ) : (
                    <span className="badge badge-outline badge-sm badge-warning">not verified</span>
                  )}
                  {run.hiddenAt && <span className="badge badge-sm badge-error">hidden</span>}
                </p>
                {run.hiddenAt && (
                  <p className="mt-1 text-sm break-words text-base-content/80">
                    Hidden <DateTime iso={run.hiddenAt} />:{' '}
                    <span className="whitespace-pre-line">{run.hiddenReason}</span>
                  </p>
                )}
              </div>
              {canModerate &&
                (run.hiddenAt ? (
                  <button
                    type="button"
                    className="btn-arcade self-start btn-outline btn-info btn-xs sm:self-auto"
                    disabled={working === `restore-${run.id}`}
                    aria-label={`Restore run #${run.id}`}
                    onClick={() => onRestore(run)}
                  >
                    {working === `restore-${run.id}` ? 'Restoring...' : 'Restore'}
                  </button>
                ) : (
                  <button
                    type="button"
                    className="btn-arcade self-start btn-outline btn-error btn-xs sm:self-auto"
                    aria-label={`Hide run #${run.id}`}
                    onClick={() => onHide(run)}
                  >
                    Hide
                  </button>
                ))}
            </li>
          ))}
        </ul>
      )}
      {(pagination.page > 1 || pagination.hasMore) && (
        <nav aria-label="Pages of runs" className="mt-4 flex items-center justify-between gap-3">
          <button
            type="button"
            className="btn-arcade btn-outline btn-sm"
            disabled={pagination.page <= 1 || loading}
            onClick={() => onPage(pagination.page - 1)}
          >
            <PixelIcon icon={iconLeft} className="size-4" /> Newer
          </button>
          <span className="font-data text-sm text-base-content/80">
            Page {pagination.page} of {Math.max(1, Math.ceil(pagination.total / pagination.limit))}
          </span>
          <button
            type="button"
            className="btn-arcade btn-outline btn-sm"
            disabled={!pagination.hasMore || loading}
            onClick={() => onPage(pagination.page + 1)}
          >
            Older
          </button>
        </nav>
      )}
    </Section>
  );
}

function prizeWhat(prize: AdminPrize) {
  return prize.type === 'bitcoin' ? `${formatCount(prize.sats)} sats` : `Avatar ${prize.avatarId ?? ''}`;
}

function prizeState(prize: AdminPrize, withheld: string | null) {
  if (prize.status === 'sent') return prize.payoutState === 'sent' ? 'SENT over Lightning' : 'SENT';
  if (withheld) return withheld;
  if (prize.payoutState === 'paying') return 'PAYING';
  if (prize.payoutState === 'failed') return 'PENDING (payment failed)';
  return 'PENDING';
}

/** The prizes the player won: tournament, prize, and whether it was sent (or is withheld). */
export function PrizesSection({ prizes, user }: { prizes: AdminPrize[]; user: AdminUserDetail['user'] }) {
  const withheld = user.deletedAt ? 'WITHHELD (deleted)' : user.bannedAt ? 'WITHHELD (banned)' : null;
  return (
    <Section id="player-prizes" title={`Prizes (${prizes.length})`}>
      {prizes.length === 0 ? (
        <p className="mt-3 text-base-content/80">No prizes won.</p>
      ) : (
        <ul className="mt-3 divide-y divide-plum/60">
          {prizes.map((prize) => (
            <li key={prize.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4">
              <div className="min-w-0 flex-1">
                <a
                  href={`/admin/tournaments/${prize.tournamentId}/winners`}
                  className="link break-words link-accent link-hover"
                >
                  {prize.tournamentName}
                </a>
                <p className="text-sm text-base-content/80">
                  <span className="font-data font-bold text-base-content">{prizeWhat(prize)}</span> ·{' '}
                  {prize.reason.replace(/_/g, ' ')} · awarded <DateTime iso={prize.createdAt} />
                </p>
              </div>
              <span
                className={`badge font-pixel badge-sm text-[0.55rem] ${prize.status === 'sent' ? 'badge-success' : withheld ? 'badge-error' : 'badge-warning'}`}
              >
                {prizeState(prize, withheld)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
