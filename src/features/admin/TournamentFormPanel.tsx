import { useId, useState, type SubmitEvent } from 'react';
import type { AdminAvatar } from '~/lib/schemas/admin';
import { tournamentImageUrl, type AdminTournament } from '~/lib/schemas/tournament';
import { CADENCES, CADENCE_WORDS, SERIES_TIMES_MAX, type Cadence } from '~/lib/series-schedule';
import { formatShortDate } from '~/lib/format';
import { prizePool } from '~/lib/tournament-prizes';
import { POOL_RULES, POOL_RULE_LABELS, type PoolRule } from '~/lib/prize-pools';
import { TextField } from '~/ui/TextField';
import { AvatarImage } from './AvatarImage';
import { AvatarRewardPicker } from './AvatarRewardPicker';
import { ImageUpload } from './ImageUpload';
import { ReportEditor } from './ReportEditor';
import {
  formProblems,
  originalImageName,
  SATS_FIELDS,
  REPEAT_PROBLEM,
  SATS_PROBLEM,
  satsOf,
  type FormValues,
  type SatsField,
} from './tournament-form';

export interface GameOption {
  gameId: string;
  name: string;
}

interface Props {
  /** The tournament being edited, or null when creating (a new or duplicated one). */
  editingId: number | null;
  /** The series of the tournament being edited, or null. */
  series?: AdminTournament['series'];
  values: FormValues;
  onChange: (values: FormValues) => void;
  games: GameOption[];
  avatars: AdminAvatar[];
  pending: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}

const sats = new Intl.NumberFormat('en-US');

/** The tournament form: every field, with its default and its rules. */
export function TournamentFormPanel({
  editingId,
  series = null,
  values,
  onChange,
  games,
  avatars,
  pending,
  onSubmit,
  onCancel,
}: Props) {
  const id = useId();
  // Problems show once a submit was tried and follow the fields from then on: a fixed field's message goes at once.
  const [checked, setChecked] = useState(false);
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => onChange({ ...values, [key]: value });
  const problems = formProblems(values, editingId === null);
  const amounts = [
    satsOf(values.firstPlaceSats),
    satsOf(values.secondToFifthSats),
    satsOf(values.randomParticipantSats),
  ] as const;
  const pool =
    Object.keys(problems.sats).length === 0
      ? prizePool({ firstPlaceSats: amounts[0], secondToFifthSats: amounts[1], randomParticipantSats: amounts[2] })
      : null;

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    if (problems.form) {
      // Only amounts are wrong: take the admin to the first one (its message is under it).
      const firstBad = (Object.keys(SATS_FIELDS) as SatsField[]).find((field) => problems.sats[field]);
      if (problems.form === SATS_PROBLEM && firstBad) document.getElementById(`${id}-${firstBad}`)?.focus();
      // The repeat's end is wrong: take the admin to it (its message is under it).
      if (problems.form === REPEAT_PROBLEM)
        document.getElementById(`${id}-repeat-${values.repeatEnds === 'times' ? 'times' : 'until'}`)?.focus();
      return;
    }
    onSubmit();
  }

  const satsField = (key: SatsField, label: string, placeholder: string) => (
    <TextField
      id={`${id}-${key}`}
      label={label}
      inputMode="numeric"
      pattern="[0-9]*"
      placeholder={placeholder}
      value={values[key]}
      error={checked ? problems.sats[key] : undefined}
      onChange={(e) => set(key, e.target.value)}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="panel space-y-5 p-6" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-pixel text-sm text-accent">
        {editingId === null ? 'Create Tournament' : 'Edit Tournament'}
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          id={`${id}-name`}
          label="Name"
          required
          maxLength={100}
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <div>
          <label htmlFor={`${id}-game`} className="mb-2 block font-pixel text-[0.6rem] tracking-wide text-secondary">
            Game
          </label>
          <select
            id={`${id}-game`}
            className="select w-full border-2 border-plum bg-base-100"
            value={values.gameId}
            onChange={(e) => set('gameId', e.target.value)}
          >
            {games.map((g) => (
              <option key={g.gameId} value={g.gameId}>
                {g.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div>
        <label
          htmlFor={`${id}-description`}
          className="mb-2 block font-pixel text-[0.6rem] tracking-wide text-secondary"
        >
          Description
        </label>
        <textarea
          id={`${id}-description`}
          className="textarea w-full border-2 border-plum bg-base-100 text-base"
          rows={3}
          maxLength={2000}
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
        />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {/* Seconds show (and step by one) only for a date that has them (one made through the API). */}
        <TextField
          id={`${id}-start`}
          label="Start"
          type="datetime-local"
          required
          step={values.startDate.length > 16 ? 1 : undefined}
          value={values.startDate}
          onChange={(e) => set('startDate', e.target.value)}
        />
        <TextField
          id={`${id}-end`}
          label="End"
          type="datetime-local"
          required
          step={values.endDate.length > 16 ? 1 : undefined}
          value={values.endDate}
          onChange={(e) => set('endDate', e.target.value)}
        />
      </div>

      {editingId === null ? (
        <fieldset className="rounded-box border-2 border-plum p-4">
          <legend className="px-2 font-pixel text-[0.6rem] text-secondary">Repeat</legend>
          <div className="grid gap-4 md:grid-cols-3">
            <div>
              <label
                htmlFor={`${id}-repeat`}
                className="mb-2 block font-pixel text-[0.6rem] tracking-wide text-secondary"
              >
                Schedule
              </label>
              <select
                id={`${id}-repeat`}
                className="select w-full border-2 border-plum bg-base-100"
                value={values.repeat}
                aria-describedby={`${id}-repeat-help`}
                onChange={(e) => {
                  const repeat = e.target.value as FormValues['repeat'];
                  // A series processes its winners itself unless the admin unticks it.
                  onChange({
                    ...values,
                    repeat,
                    processWhenEnded: repeat !== '' && values.repeat === '' ? true : values.processWhenEnded,
                  });
                }}
              >
                <option value="">Does not repeat</option>
                {CADENCES.map((c: Cadence) => (
                  <option key={c} value={c}>
                    {CADENCE_WORDS[c].adjective[0]!.toUpperCase() + CADENCE_WORDS[c].adjective.slice(1)}
                  </option>
                ))}
              </select>
            </div>
            {values.repeat !== '' && (
              <>
                <div>
                  <label
                    htmlFor={`${id}-repeat-ends`}
                    className="mb-2 block font-pixel text-[0.6rem] tracking-wide text-secondary"
                  >
                    Ends
                  </label>
                  <select
                    id={`${id}-repeat-ends`}
                    className="select w-full border-2 border-plum bg-base-100"
                    value={values.repeatEnds}
                    onChange={(e) => set('repeatEnds', e.target.value as FormValues['repeatEnds'])}
                  >
                    <option value="times">After a number of times</option>
                    <option value="until">Until a date</option>
                  </select>
                </div>
                {values.repeatEnds === 'times' ? (
                  <TextField
                    id={`${id}-repeat-times`}
                    label="Times (in all)"
                    inputMode="numeric"
                    pattern="[0-9]*"
                    error={checked ? problems.repeat : undefined}
                    value={values.repeatTimes}
                    onChange={(e) => set('repeatTimes', e.target.value)}
                  />
                ) : (
                  <TextField
                    id={`${id}-repeat-until`}
                    label="Until"
                    type="datetime-local"
                    error={checked ? problems.repeat : undefined}
                    value={values.repeatUntil}
                    onChange={(e) => set('repeatUntil', e.target.value)}
                  />
                )}
              </>
            )}
          </div>
          <p id={`${id}-repeat-help`} className="mt-3 text-sm text-base-content/70">
            {values.repeat === ''
              ? 'A schedule makes a series: the arcade creates each next tournament itself.'
              : `Named "${values.name.trim() || 'Name'} #1", "#2"... Each next one (same game, description, image, rewards, limits and length) is created as soon as the current one starts. Times repeat in UTC${values.repeat === 'monthly' ? ', on the same day of each month (the 29th-31st fall on the last day of a shorter month)' : ''}. ${values.repeatEnds === 'times' ? `From 2 to ${SERIES_TIMES_MAX} times.` : 'No tournament of it ends after the "until" date.'} A ${CADENCE_WORDS[values.repeat].adjective} tournament lasts at most ${CADENCE_WORDS[values.repeat].period}.`}
          </p>
        </fieldset>
      ) : (
        series && (
          <div role="note" className="rounded-box border-2 border-info/60 p-4 text-sm">
            <p className="font-bold">
              #{series.number} of the {series.every} series &quot;{series.name}&quot;
              {series.stopped
                ? ' (stopped)'
                : series.times !== null
                  ? ` (${series.times} times)`
                  : series.until
                    ? ` (until ${formatShortDate(series.until)})`
                    : ''}
            </p>
            <p className="mt-1 text-base-content/80">
              Changes to the game, description, image, rewards, limits and &quot;Process winners when it ends&quot;
              apply to the whole series: this tournament, the ones not started yet and the next ones created. Started
              and ended tournaments of the series keep theirs. Renaming it to &quot;New name #{series.number}&quot;
              renames the series.
            </p>
          </div>
        )
      )}

      <fieldset className="rounded-box border-2 border-plum p-4">
        <legend className="px-2 font-pixel text-[0.6rem] text-secondary">Image</legend>
        <div className="flex flex-wrap items-start gap-4">
          {values.imageFilename && (
            <AvatarImage
              src={tournamentImageUrl(values.imageFilename)}
              alt="Tournament image"
              className="h-20 w-32 object-cover"
            />
          )}
          <div className="min-w-0 flex-1 space-y-2">
            <p className="text-sm text-base-content/80">
              {values.imageFilename ? (
                <>
                  <span className="font-data">{originalImageName(values.imageFilename)}</span>
                  <span className="block font-data text-xs break-all text-base-content/60">
                    {tournamentImageUrl(values.imageFilename)}
                  </span>
                </>
              ) : (
                'No image.'
              )}
            </p>
            <ImageUpload folder="tournament" onUploaded={(filename) => set('imageFilename', filename)} />
            {values.imageFilename && (
              <button
                type="button"
                className="btn btn-ghost text-error btn-xs"
                onClick={() => set('imageFilename', '')}
              >
                Remove image
              </button>
            )}
          </div>
        </div>
      </fieldset>

      <fieldset className="rounded-box border-2 border-plum p-4">
        <legend className="px-2 font-pixel text-[0.6rem] text-secondary">Bitcoin Prizes (sats)</legend>
        <div className="grid gap-4 md:grid-cols-3">
          {satsField('firstPlaceSats', '1st Place', '21000')}
          {satsField('secondToFifthSats', '2nd - 5th Place (each)', '5000')}
          {satsField('randomParticipantSats', 'Random Participant', '1000')}
        </div>
        <p className="mt-3 text-sm">
          Prize pool:{' '}
          <span className="font-data font-bold text-primary">{pool === null ? '-' : `${sats.format(pool)} sats`}</span>
          <span className="text-base-content/60"> (1st + 4 x 2nd-5th + random)</span>
        </p>
        <label className="mt-3 flex flex-col gap-1 text-sm md:max-w-md">
          <span className="font-bold">Sats visitors add to the pool</span>
          <select
            className="select w-full border-2 border-plum bg-base-100"
            name="poolRule"
            value={values.poolRule}
            onChange={(event) => set('poolRule', event.currentTarget.value as PoolRule)}
          >
            {POOL_RULES.map((rule) => (
              <option key={rule} value={rule}>
                {POOL_RULE_LABELS[rule]}
              </option>
            ))}
          </select>
          <span className="text-base-content/70">
            Visitors can add sats to the pool while it is upcoming or running (with a wallet connected). They grow the
            winners&apos; bitcoin prizes when the winners are processed; with no winner, they go to the general fund.
          </span>
        </label>
        <div className="mt-4 flex items-start gap-3 text-sm">
          <input
            id={`${id}-process-when-ended`}
            type="checkbox"
            className="checkbox mt-0.5 checkbox-sm checkbox-primary"
            checked={values.processWhenEnded}
            onChange={(event) => set('processWhenEnded', event.currentTarget.checked)}
            aria-describedby={`${id}-process-when-ended-help`}
          />
          <div>
            <label htmlFor={`${id}-process-when-ended`} className="cursor-pointer font-bold">
              Process winners when it ends
            </label>
            <p id={`${id}-process-when-ended-help`} className="text-base-content/70">
              The arcade creates the prize awards within a minute after the end, without Process Winners. On by default
              for a series.
            </p>
          </div>
        </div>
      </fieldset>

      <fieldset className="rounded-box border-2 border-plum p-4">
        <legend className="px-2 font-pixel text-[0.6rem] text-secondary">Limits (optional)</legend>
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            id={`${id}-max-players`}
            label="Max players"
            inputMode="numeric"
            pattern="[0-9]*"
            placeholder="No limit"
            value={values.maxPlayers}
            onChange={(e) => set('maxPlayers', e.target.value)}
          />
          <TextField
            id={`${id}-max-runs`}
            label="Runs per player"
            inputMode="numeric"
            pattern="[0-9]*"
            placeholder="No limit"
            value={values.maxRunsPerPlayer}
            onChange={(e) => set('maxRunsPerPlayer', e.target.value)}
          />
        </div>
        <p className="mt-3 text-sm text-base-content/70">
          First come: once that many players are in, other players&apos; runs no longer enter it. Only each
          player&apos;s first runs inside its window count. Empty: no limit.
        </p>
      </fieldset>

      <AvatarRewardPicker
        avatars={avatars}
        rewards={values.avatarRewards}
        onChange={(avatarRewards) => set('avatarRewards', avatarRewards)}
      />
      <ReportEditor
        value={values.reportContent}
        onChange={(reportContent) => set('reportContent', reportContent)}
        tournamentId={editingId}
      />

      {checked && problems.form && (
        <p role="alert" className="text-sm text-error">
          {problems.form}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-arcade btn-ghost" onClick={onCancel}>
          {editingId === null ? 'Clear' : 'Cancel'}
        </button>
        <button type="submit" className="btn-arcade btn-primary" disabled={pending}>
          {pending ? 'Saving...' : editingId === null ? 'Create Tournament' : 'Update Tournament'}
        </button>
      </div>
    </form>
  );
}
