import { useEffect, useId, useState } from 'react';
import { failureMessage } from '~/lib/api';
import { runMutation } from '~/lib/query-wait';
import { $draftReport, $previewReport } from '~/lib/stores/admin';

interface Props {
  value: string;
  onChange: (markdown: string) => void;
  /** The tournament being edited: 'Draft report' needs its data. */
  tournamentId: number | null;
}

/** How long typing pauses before the preview is asked again. */
const PREVIEW_DELAY_MS = 400;

/**
 * The post-mortem report's Markdown with a live preview rendered by the server's own sanitising
 * renderer (what the results page will show), and 'Draft report', which fills the editor with a
 * summary of the tournament's data to edit.
 */
export function ReportEditor({ value, onChange, tournamentId }: Props) {
  const id = useId();
  const [html, setHtml] = useState('');
  const [note, setNote] = useState<string>();
  const [drafting, setDrafting] = useState(false);

  useEffect(() => {
    if (value.trim() === '') {
      setHtml('');
      return;
    }
    const timer = setTimeout(async () => {
      const outcome = await runMutation($previewReport, value);
      if (outcome.status === 'done') {
        setHtml(outcome.result);
        setNote(undefined);
      } else if (outcome.status === 'failed')
        setNote(failureMessage(outcome.error, 'The preview could not be rendered.'));
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);

  async function draft() {
    if (tournamentId === null) return;
    setDrafting(true);
    const outcome = await runMutation($draftReport, tournamentId);
    setDrafting(false);
    if (outcome.status === 'done') onChange(outcome.result);
    else if (outcome.status === 'failed') setNote(failureMessage(outcome.error, 'The draft could not be made.'));
  }

  return (
    <fieldset className="rounded-box border-2 border-plum p-4">
      <legend className="px-2 font-pixel text-[0.6rem] text-secondary">Post-Mortem Report (Markdown)</legend>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={`${id}-md`} className="text-sm text-base-content/80">
          Report
        </label>
        <button
          type="button"
          className="btn-arcade btn-outline btn-info btn-xs"
          disabled={tournamentId === null || drafting}
          onClick={() => void draft()}
          title={tournamentId === null ? 'Save the tournament first' : undefined}
        >
          {drafting ? 'Drafting...' : 'Draft report'}
        </button>
      </div>
      <div className="mt-2 grid gap-4 lg:grid-cols-2">
        <textarea
          id={`${id}-md`}
          className="textarea min-h-64 w-full border-2 border-plum bg-base-100 font-data text-sm"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          maxLength={100_000}
        />
        <div
          aria-live="polite"
          aria-label="Report preview"
          className="min-h-64 overflow-auto rounded-box border-2 border-dashed border-plum p-4"
        >
          {html ? (
            <div className="prose-arcade" dangerouslySetInnerHTML={{ __html: html }} />
          ) : (
            <p className="text-sm text-base-content/60">The preview appears here.</p>
          )}
        </div>
      </div>
      {note && <p className="mt-2 text-sm text-error">{note}</p>}
    </fieldset>
  );
}
