import { useRef, useState } from 'react';
import { ConfirmDialog } from '~/features/admin/ConfirmDialog';
import { TournamentFormPanel, type GameOption } from '~/features/admin/TournamentFormPanel';
import { EMPTY_FORM, duplicateOf, formOf, payloadOf, type FormValues } from '~/features/admin/tournament-form';
import { failureMessage } from '~/lib/api';
import { formatShortDate, plural } from '~/lib/format';
import { runMutation } from '~/lib/query-wait';
import type { AdminAvatar } from '~/lib/schemas/admin';
import type { AdminTournament } from '~/lib/schemas/tournament';
import type { TournamentStatus } from '~/lib/tournament-status';
import { $deleteTournament, $endTournament, $processWinners, $saveTournament } from '~/lib/stores/admin';
import { toast } from '~/lib/stores/toast';

const sats = new Intl.NumberFormat('en-US');
const LISTS: { status: TournamentStatus; title: string; empty: string }[] = [
  { status: 'active', title: 'Active', empty: 'No tournament is running.' },
  { status: 'upcoming', title: 'Upcoming', empty: 'No tournament is scheduled.' },
  { status: 'past', title: 'Past', empty: 'No tournament has ended yet.' },
];

type AskKind = 'delete' | 'process' | 'end';
type Asking = { kind: AskKind; tournament: AdminTournament } | null;

/** Each confirmation's question, what it does, and its button. */
const QUESTIONS: Record<AskKind, { question: (name: string) => string; detail: string; confirm: string }> = {
  delete: {
    question: (name) => `Are you sure you want to delete "${name}"?`,
    detail: 'Its entries, rewards and prize awards go with it.',
    confirm: 'Delete',
  },
  process: {
    question: (name) => `Process winners and create prize awards for "${name}"?`,
    detail: 'Awards are created pending; processing again creates nothing twice.',
    confirm: 'Process Winners',
  },
  end: {
    question: (name) => `End "${name}" now?`,
    detail: 'Its board freezes at once and no new run enters it; its winners can then be processed.',
    confirm: 'End Now',
  },
};

interface Props {
  initial: AdminTournament[];
  avatars: AdminAvatar[];
  games: GameOption[];
}

/**
 * `/admin/tournaments`: the create/edit form and the Active, Upcoming and Past lists with edit,
 * duplicate and delete, for active tournaments End Now, and for past ones Process Winners and View
 * Winners.
 */
export default function AdminTournaments({ initial, avatars, games }: Props) {
  const [tournaments, setTournaments] = useState(initial);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [values, setValues] = useState<FormValues>(EMPTY_FORM);
  const [formKey, setFormKey] = useState(0);
  const [saving, setSaving] = useState(false);
  const [asking, setAsking] = useState<Asking>(null);
  // The last question's kind, so a closing dialog keeps its words while it fades out.
  const [askedKind, setAskedKind] = useState<AskKind>('delete');
  const [working, setWorking] = useState(false);
  /** Deleting a series tournament: this one only (false) or this and the following (true). */
  const [deleteFollowing, setDeleteFollowing] = useState(false);
  const formTop = useRef<HTMLDivElement>(null);

  function load(next: FormValues, id: number | null) {
    setValues(next);
    setEditingId(id);
    setFormKey((k) => k + 1);
    formTop.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  async function save() {
    setSaving(true);
    const outcome = await runMutation($saveTournament, {
      id: editingId ?? undefined,
      form: payloadOf(values, editingId === null),
    });
    setSaving(false);
    const created = editingId === null;
    if (outcome.status === 'done') {
      setTournaments(outcome.result.tournaments);
      toast({
        title: created ? 'Tournament Created' : 'Tournament Updated',
        description: `"${outcome.result.tournament.name}" was saved.`,
        variant: 'success',
      });
      load(EMPTY_FORM, null);
    } else if (outcome.status === 'failed') {
      toast({
        title: 'Error',
        description: failureMessage(
          outcome.error,
          created ? 'Failed to create tournament.' : 'Failed to update tournament.',
        ),
        variant: 'destructive',
      });
    }
  }

  function ask(kind: AskKind, tournament: AdminTournament) {
    setDeleteFollowing(false);
    setAsking({ kind, tournament });
    setAskedKind(kind);
  }

  async function confirm() {
    if (!asking) return;
    const { kind, tournament } = asking;
    setWorking(true);
    if (kind === 'delete') {
      const following = tournament.series !== null && deleteFollowing;
      const outcome = await runMutation($deleteTournament, { id: tournament.id, following });
      if (outcome.status === 'done') {
        setTournaments(outcome.result.tournaments);
        if (editingId === tournament.id || (following && !outcome.result.tournaments.some((t) => t.id === editingId)))
          load(EMPTY_FORM, null);
        toast({
          title: 'Tournament Deleted',
          description: following ? outcome.result.message : `"${tournament.name}" was deleted.`,
          variant: 'success',
        });
      } else if (outcome.status === 'failed') {
        toast({
          title: 'Error',
          description: failureMessage(outcome.error, 'Failed to delete tournament.'),
          variant: 'destructive',
        });
      }
    } else if (kind === 'end') {
      const outcome = await runMutation($endTournament, tournament.id);
      if (outcome.status === 'done') {
        setTournaments(outcome.result.tournaments);
        toast({ title: 'Tournament Ended', description: outcome.result.message, variant: 'success' });
      } else if (outcome.status === 'failed') {
        toast({
          title: 'Error',
          description: failureMessage(outcome.error, 'Failed to end tournament.'),
          variant: 'destructive',
        });
      }
    } else {
      const outcome = await runMutation($processWinners, tournament.id);
      if (outcome.status === 'done') {
        toast({
          title: 'Winners Processed',
          description: `Created ${outcome.result.bitcoinAwards} Bitcoin and ${outcome.result.avatarAwards} Avatar awards.`,
          variant: 'success',
        });
      } else if (outcome.status === 'failed') {
        toast({
          title: 'Error',
          description: failureMessage(outcome.error, 'Failed to process tournament winners.'),
          variant: 'destructive',
        });
      }
    }
    setWorking(false);
    setAsking(null);
  }

  return (
    <>
      <div ref={formTop} className="mt-8 scroll-mt-24">
        <TournamentFormPanel
          key={formKey}
          editingId={editingId}
          series={tournaments.find((t) => t.id === editingId)?.series ?? null}
          values={values}
          onChange={setValues}
          games={games}
          avatars={avatars}
          pending={saving}
          onSubmit={() => void save()}
          onCancel={() => load(EMPTY_FORM, null)}
        />
      </div>
      {LISTS.map(({ status, title, empty }) => {
        const list = tournaments.filter((t) => t.status === status);
        return (
          <section key={status} aria-labelledby={`list-${status}`} className="mt-10">
            <h2 id={`list-${status}`} className="font-pixel text-sm text-accent">
              {title} <span className="font-data text-base-content/70">({list.length})</span>
            </h2>
            {list.length === 0 ? (
              <p className="mt-3 text-base-content/70">{empty}</p>
            ) : (
              <ul className="mt-4 space-y-3">
                {list.map((t) => (
                  <li key={t.id} className="panel flex flex-col gap-3 p-4 md:flex-row md:items-center">
                    <div className="min-w-0 flex-1">
                      <p className="font-bold break-words">{t.name}</p>
                      <p className="text-sm text-base-content/70">
                        {games.find((g) => g.gameId === t.gameId)?.name ?? t.gameId} ·{' '}
                        <span className="font-data">{formatShortDate(t.startDate)}</span> -{' '}
                        <span className="font-data">{formatShortDate(t.endDate)}</span> ·{' '}
                        <span className="font-data">{t.participantCount}</span>{' '}
                        {t.participantCount === 1 ? 'participant' : 'participants'} ·{' '}
                        <span className="font-data">{sats.format(t.rewards.totalPrizePool)}</span> sats
                        {t.rewards.avatarRewards.length > 0 &&
                          ` · ${plural(t.rewards.avatarRewards.length, 'avatar reward')}`}
                      </p>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <button
                        type="button"
                        className="btn-arcade btn-outline btn-info btn-xs"
                        aria-label={`Edit ${t.name}`}
                        onClick={() => load(formOf(t), t.id)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn-arcade btn-outline btn-xs"
                        aria-label={`Duplicate ${t.name}`}
                        onClick={() => load(duplicateOf(t), null)}
                      >
                        Duplicate
                      </button>
                      <button
                        type="button"
                        className="btn-arcade btn-outline btn-error btn-xs"
                        aria-label={`Delete ${t.name}`}
                        onClick={() => ask('delete', t)}
                      >
                        Delete
                      </button>
                      {status === 'active' && (
                        <button
                          type="button"
                          className="btn-arcade btn-outline btn-warning btn-xs"
                          aria-label={`End Now ${t.name}`}
                          onClick={() => ask('end', t)}
                        >
                          End Now
                        </button>
                      )}
                      {status === 'past' && (
                        <>
                          <button
                            type="button"
                            className="btn-arcade btn-secondary btn-xs"
                            aria-label={`Process Winners of ${t.name}`}
                            onClick={() => ask('process', t)}
                          >
                            Process Winners
                          </button>
                          <a
                            className="btn-arcade btn-primary btn-xs"
                            href={`/admin/tournaments/${t.id}/winners`}
                            aria-label={`View Winners of ${t.name}`}
                          >
                            View Winners
                          </a>
                        </>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
      <ConfirmDialog
        question={asking ? QUESTIONS[asking.kind].question(asking.tournament.name) : null}
        detail={QUESTIONS[askedKind].detail}
        confirmLabel={QUESTIONS[askedKind].confirm}
        pending={working}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(null)}
      >
        {asking?.kind === 'delete' && asking.tournament.series && (
          <fieldset className="mt-4 space-y-2 text-sm">
            <legend className="mb-2 text-center text-base-content/80">
              It is #{asking.tournament.series.number} of the series &quot;{asking.tournament.series.name}&quot;.
            </legend>
            <label className="flex cursor-pointer items-start gap-2">
              <input
                type="radio"
                name="delete-scope"
                className="radio mt-0.5 radio-sm radio-primary"
                checked={!deleteFollowing}
                onChange={() => setDeleteFollowing(false)}
              />
              <span>This one only (the series goes on)</span>
            </label>
            <label className="flex cursor-pointer items-start gap-2">
              <input
                type="radio"
                name="delete-scope"
                className="radio mt-0.5 radio-sm radio-primary"
                checked={deleteFollowing}
                onChange={() => setDeleteFollowing(true)}
              />
              <span>This and the following (the series stops: no more are created)</span>
            </label>
          </fieldset>
        )}
      </ConfirmDialog>
    </>
  );
}
