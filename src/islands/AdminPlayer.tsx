import type { FetcherValue, MutatorStore } from '@nanostores/query';
import { useState } from 'react';
import { AuditLog } from '~/features/admin/AuditLog';
import { ConfirmDialog } from '~/features/admin/ConfirmDialog';
import { ReasonDialog } from '~/features/admin/PlayerParts';
import { AccountSection, PrizesSection, RunsSection, SessionsSection } from '~/features/admin/PlayerSections';
import { failureMessage } from '~/lib/api';
import { formatCount } from '~/lib/format';
import { runMutation } from '~/lib/query-wait';
import type { AdminRun, AdminUserDetail } from '~/lib/schemas/people';
import {
  $banPlayer,
  $deletePlayer,
  $hideRun,
  $restoreRun,
  $unbanPlayer,
  playerStore,
  type PlayerActionResult,
} from '~/lib/stores/people';
import { toast } from '~/lib/stores/toast';
import { useHydratedStore } from '~/ui/useHydratedStore';

const IDLE: FetcherValue<AdminUserDetail> = { loading: false };

type Asking = { kind: 'ban' } | { kind: 'unban' } | { kind: 'delete' } | { kind: 'hide'; run: AdminRun };

/**
 * `/admin/users/{id}`: one player's account, sessions, runs (newest first, a page at a time),
 * prizes and the audit entries about them, with Ban (asking a reason) or Unban (confirmed), Hide (asking a
 * reason) or Restore per run, and Delete account (a confirmation naming the player). None of
 * these are offered for an administrator (the server refuses them anyway) or a deleted account.
 * The server rendered the first page; each action answers with the page as it is now.
 */
export default function AdminPlayer({ initial }: { initial: AdminUserDetail }) {
  const id = initial.user.id;
  const [runsPage, setRunsPage] = useState(initial.runs.pagination.page);
  const store = playerStore({ id, runsPage });
  const { data, error, loading } = useHydratedStore(store, IDLE);
  // While another page of runs loads, the last one shown stays.
  const [lastShown, setLastShown] = useState(initial);
  if (data && data !== lastShown) setLastShown(data);
  const detail = data ?? lastShown;
  const { user } = detail;

  const [asking, setAsking] = useState<Asking | null>(null);
  const [dialog, setDialog] = useState<{ pending: boolean; error?: string }>({ pending: false });
  const [working, setWorking] = useState<string | null>(null);
  const canModerate = !user.isAdmin && !user.deletedAt;

  function close() {
    setAsking(null);
    setDialog({ pending: false });
  }

  /** Run an action from a dialog: its failure stays in the dialog; success closes it with a toast. */
  async function fromDialog<D>(mutator: MutatorStore<D, PlayerActionResult>, data: D, title: string) {
    setDialog({ pending: true });
    const outcome = await runMutation(mutator, data);
    if (outcome.status === 'done') {
      close();
      toast({ title, description: outcome.result.message, variant: 'success' });
    } else if (outcome.status === 'failed') {
      setDialog({ pending: false, error: failureMessage(outcome.error, 'That did not work. Please try again.') });
    }
  }

  /** Run an action without a dialog (Restore): a failure is a toast. */
  async function direct<D>(mutator: MutatorStore<D, PlayerActionResult>, data: D, key: string, title: string) {
    setWorking(key);
    const outcome = await runMutation(mutator, data);
    setWorking(null);
    if (outcome.status === 'done') toast({ title, description: outcome.result.message, variant: 'success' });
    else if (outcome.status === 'failed')
      toast({
        title: 'Error',
        description: failureMessage(outcome.error, 'That did not work.'),
        variant: 'destructive',
      });
  }

  const actions = canModerate && (
    <div className="flex flex-wrap gap-2">
      {user.bannedAt ? (
        <button
          type="button"
          className="btn-arcade btn-outline btn-sm btn-success"
          onClick={() => setAsking({ kind: 'unban' })}
        >
          Unban
        </button>
      ) : (
        <button
          type="button"
          className="btn-arcade btn-outline btn-error btn-sm"
          onClick={() => setAsking({ kind: 'ban' })}
        >
          Ban
        </button>
      )}
      <button type="button" className="btn-arcade btn-error btn-sm" onClick={() => setAsking({ kind: 'delete' })}>
        Delete account
      </button>
    </div>
  );

  return (
    <>
      <h1 className="pixel-heading mt-4 flex flex-wrap items-baseline gap-x-3 text-lg break-all sm:text-2xl">
        {user.username} <span className="font-data text-base text-base-content/70">#{user.id}</span>
      </h1>
      {user.isAdmin && (
        <p className="mt-3 text-sm text-base-content/80">
          An administrator (ADMIN_USER_IDS): they cannot be banned or deleted here.
        </p>
      )}
      {error !== undefined && !data && (
        <p role="alert" className="mt-4 text-sm text-error">
          {failureMessage(error, 'Could not load this page of runs.')}{' '}
          <button type="button" className="link" onClick={() => store.revalidate()}>
            Try again
          </button>
        </p>
      )}
      <div className="mt-6 space-y-6">
        <AccountSection user={user} actions={actions} />
        <SessionsSection sessions={detail.sessions} />
        <RunsSection
          runs={detail.runs}
          canModerate={canModerate}
          working={working}
          loading={loading}
          onHide={(run) => setAsking({ kind: 'hide', run })}
          onRestore={(run) =>
            void direct($restoreRun, { id, runsPage, runId: run.id }, `restore-${run.id}`, 'Run Restored')
          }
          onPage={setRunsPage}
        />
        <PrizesSection prizes={detail.prizes} user={user} />
        <section aria-labelledby="player-audit" className="panel p-5 sm:p-6">
          <h2 id="player-audit" className="text-[0.7rem] leading-relaxed text-accent">
            Audit Log
          </h2>
          <AuditLog entries={detail.auditLog} empty="No administrator has acted on this player yet." />
        </section>
      </div>

      <ReasonDialog
        question={asking?.kind === 'ban' ? `Ban "${user.username}"?` : null}
        detail="They are signed out everywhere, cannot sign in or play, leave every board and their unsent prizes are withheld until the ban is lifted."
        confirmLabel="Ban"
        pending={dialog.pending}
        error={dialog.error}
        onConfirm={(reason) => void fromDialog($banPlayer, { id, runsPage, reason }, 'Player Banned')}
        onClose={close}
      />
      <ConfirmDialog
        question={asking?.kind === 'unban' ? `Lift the ban of "${user.username}"?` : null}
        detail="Their runs return to the boards and their prizes can be sent again; they sign in again themselves."
        confirmLabel="Unban"
        pending={dialog.pending}
        error={dialog.error}
        onConfirm={() => void fromDialog($unbanPlayer, { id, runsPage }, 'Ban Lifted')}
        onClose={close}
      />
      <ReasonDialog
        question={
          asking?.kind === 'hide' ? `Hide run #${asking.run.id} (${formatCount(asking.run.score)} points)?` : null
        }
        detail="It leaves every board and tournament, and is kept for the record: you can restore it."
        confirmLabel="Hide"
        pending={dialog.pending}
        error={dialog.error}
        onConfirm={(reason) =>
          asking?.kind === 'hide' &&
          void fromDialog($hideRun, { id, runsPage, runId: asking.run.id, reason }, 'Run Hidden')
        }
        onClose={close}
      />
      <ConfirmDialog
        question={asking?.kind === 'delete' ? `Delete the account of "${user.username}"?` : null}
        detail="Only on the player's request. Their e-mail, name and settings are erased and they are signed out; their runs and past results stay, anonymous, as 'Deleted player'. This cannot be undone."
        confirmLabel="Delete account"
        pending={dialog.pending}
        error={dialog.error}
        onConfirm={() => void fromDialog($deletePlayer, { id, runsPage }, 'Account Deleted')}
        onClose={close}
      />
    </>
  );
}
