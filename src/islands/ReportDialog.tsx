import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import type { FetcherValue } from '@nanostores/query';
import { useId, useRef, useState } from 'react';
import type { TournamentReportResponse } from '~/lib/schemas/tournament';
import { tournamentReportStore } from '~/lib/stores/tournament-queries';
import { ArcadeDialog } from '~/ui/ArcadeDialog';
import { PixelIcon } from '~/ui/PixelIcon';
import { chartBar as iconChartBar } from '~/ui/pixel-icons';

export interface ReportDialogProps {
  tournamentId: number;
  tournamentName: string;
}

const $closed = atom<FetcherValue<TournamentReportResponse>>({ loading: false });

/**
 * 'Detailed Report' and its dialog: '<name> - Post-Mortem Report'. The report is asked for only
 * once the dialog first opens; its HTML was rendered and sanitised by the server.
 */
export default function ReportDialog({ tournamentId, tournamentName }: ReportDialogProps) {
  const id = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const { data, error, loading } = useStore(asked ? tournamentReportStore(tournamentId) : $closed);

  return (
    <>
      <button
        type="button"
        className="btn-arcade btn-secondary"
        aria-haspopup="dialog"
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        <PixelIcon icon={iconChartBar} className="size-4" /> Detailed Report
      </button>
      <ArcadeDialog
        open={open}
        onClose={() => setOpen(false)}
        labelledBy={`${id}-title`}
        describedBy={`${id}-subtitle`}
        initialFocus={title}
        icon={iconChartBar}
        wide
      >
        <h2
          id={`${id}-title`}
          ref={title}
          tabIndex={-1}
          className="text-center text-sm leading-relaxed wrap-anywhere text-primary outline-none sm:text-base"
        >
          {tournamentName} - Post-Mortem Report
        </h2>
        <p id={`${id}-subtitle`} className="mt-2 text-center text-base-content/75">
          Comprehensive tournament analysis with detailed statistics and insights
        </p>
        <div className="mt-6" aria-live="polite" aria-busy={!data && !error}>
          {data ? (
            data.reportContent.trim() ? (
              // Rendered from Markdown and sanitised on the server (raw HTML dropped, safe links only).
              <div className="prose-arcade" dangerouslySetInnerHTML={{ __html: data.reportHtml }} />
            ) : (
              <NoReport />
            )
          ) : error !== undefined && !loading ? (
            <p role="alert" className="text-center text-error">
              The report could not be loaded. Please try again later.
            </p>
          ) : (
            <p role="status" className="text-center text-base-content/80">
              <span className="loading mr-2 loading-sm loading-spinner align-middle" aria-hidden="true" />
              Loading report...
            </p>
          )}
        </div>
      </ArcadeDialog>
    </>
  );
}

function NoReport() {
  return (
    <p className="rounded-box border-2 border-dashed border-plum px-4 py-6 text-center text-base-content/80">
      No detailed report available for this tournament
    </p>
  );
}
