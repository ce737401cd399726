import { Worker } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import { formatCount, MINUTE } from '~/lib/format';
import { AppError } from '../shared/errors';
import type { RenderAnswer, RenderRequest, RenderSettings } from './report-worker';

// Tournament reports: Markdown an admin writes, rendered to sanitised HTML (report-worker.ts says
// how) on a thread of its own. The Markdown tools' time grows much faster than some inputs (16 KB
// of `*` took 12 s; setext headings cost by the square of their number, 8,000 about 12 s), so a
// render never runs on the server's thread and is held to a budget of CPU time: past it the thread
// is stopped and the report refused, while the server goes on answering.

/**
 * How deep a report's Markdown may nest: quotes, lists, emphasis and links inside each other. Far
 * beyond any real report; a much deeper one would overflow the stack of the Markdown tools.
 */
export const REPORT_MAX_NESTING = 32;

/**
 * Quoted lines a report may hold: the Markdown parser's time grows faster than their number
 * (2,000 take about 0.7 s, 4,000 about 5 s).
 */
export const REPORT_MAX_QUOTED_LINES = 1_000;

/**
 * The CPU time a report may take to render when it is saved or previewed: a second plus 60 ms per
 * 1,000 characters, so 7 s for the longest. 100,000 characters of ordinary Markdown (tables, lists,
 * links and code on every line) take 1.7 to 2.8 s on a busy machine, while the slow inputs above,
 * whose budgets are 2 to 3 s, take 12 s or more.
 */
export function reportRenderBudgetMs(markdown: string): number {
  return 1_000 + Math.ceil(markdown.length * 0.06);
}

/** A stored report gets twice that when it is read, so a busy moment never hides one that was saved. */
const READING_BUDGET_FACTOR = 2;

/** How often the renderer's CPU time is looked at during a render. */
const CPU_CHECK_MS = 100;

/** A render that has not answered after this long is stopped whatever its CPU time (a thread that hangs). */
const WALL_LIMIT_MS = 2 * MINUTE;

/** Memory the renderer's thread may take; past it the thread ends and the report is refused. */
const RENDERER_HEAP_MB = 256;

/** Why a report cannot be rendered. */
export type UnrenderableReason = 'tooDeep' | 'tooManyQuotes' | 'tooSlow' | 'tooBig';

const SIMPLIFY =
  'very long runs of * or _, or thousands of headings or quotes, make Markdown slow. Shorten or simplify the report.';

/** The 400 each reason answers (named for the form's field), and the sentence readers see for a stored report instead. */
const REASONS: Record<UnrenderableReason, { message: string; issue: string; sentence: string }> = {
  tooDeep: {
    message: `reportContent nests too deeply: quotes, lists and emphasis may sit inside each other at most ${REPORT_MAX_NESTING} levels deep.`,
    issue: 'Nests too deeply',
    sentence: 'This report cannot be shown: its Markdown nests too deeply.',
  },
  tooManyQuotes: {
    message: `reportContent has too many quoted lines: at most ${formatCount(REPORT_MAX_QUOTED_LINES)} lines may start with ">".`,
    issue: 'Too many quoted lines',
    sentence: 'This report cannot be shown: its Markdown takes too long to render.',
  },
  tooSlow: {
    message: `reportContent takes too long to render: ${SIMPLIFY}`,
    issue: 'Takes too long to render',
    sentence: 'This report cannot be shown: its Markdown takes too long to render.',
  },
  tooBig: {
    message: `reportContent needs too much memory to render: ${SIMPLIFY}`,
    issue: 'Needs too much memory to render',
    sentence: 'This report cannot be shown: its Markdown needs too much memory to render.',
  },
};

/** What readers see instead of a stored report that cannot be rendered, by reason. */
export const UNRENDERABLE_REPORT: Record<UnrenderableReason, string> = Object.fromEntries(
  Object.entries(REASONS).map(([reason, { sentence }]) => [reason, sentence]),
) as Record<UnrenderableReason, string>;

/** A report the renderer will not render: a 400 that names the problem. */
export class UnrenderableReport extends AppError {
  constructor(readonly reason: UnrenderableReason) {
    super(400, REASONS[reason].message, {}, { issues: [{ field: 'reportContent', message: REASONS[reason].issue }] });
  }
}

/**
 * A look at the raw text before the parser's (linear, outside fenced code): a line quoted or
 * indented deeper than the nesting limit, or more quoted lines than the parser handles quickly,
 * is refused at once instead of after a render.
 */
function prescanReport(markdown: string): void {
  let fence: string | null = null;
  let quoted = 0;
  for (const line of markdown.split('\n')) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    const lead = /^[ \t>]*/.exec(line)![0];
    let quotes = 0;
    for (const c of lead) if (c === '>') quotes++;
    const indent = /^[ \t]*/.exec(line)![0].replace(/\t/g, '    ').length;
    if (quotes > REPORT_MAX_NESTING || indent > 4 * REPORT_MAX_NESTING) throw new UnrenderableReport('tooDeep');
    if (quotes > 0 && ++quoted > REPORT_MAX_QUOTED_LINES) throw new UnrenderableReport('tooManyQuotes');
  }
}

type Outcome = { html: string } | { refused: UnrenderableReason };

/**
 * The renderer's thread (report-worker.ts), started on the first render and kept. One render at a time, each watched: past its CPU budget, its memory or
 * the wall-clock limit the thread is stopped and the next render starts a new one.
 */
class ReportRenderer {
  #thread: Promise<Worker> | null = null;
  #turns: Promise<unknown> = Promise.resolve();

  render(markdown: string, budgetMs: number): Promise<Outcome> {
    const turn = this.#turns.then(() => this.#renderNow(markdown, budgetMs));
    this.#turns = turn.catch(() => undefined);
    return turn;
  }

  #start(): Promise<Worker> {
    const thread = new Worker(new URL('./report-worker.ts', import.meta.url), {
      workerData: { maxNesting: REPORT_MAX_NESTING } satisfies RenderSettings,
      resourceLimits: { maxOldGenerationSizeMb: RENDERER_HEAP_MB },
    });
    const started = new Promise<Worker>((resolve, reject) => {
      const settle = () => thread.off('message', onMessage).off('error', onError).off('exit', onExit);
      const onMessage = (answer: RenderAnswer) => {
        settle();
        if ('ready' in answer) resolve(thread);
        else reject(new Error('The report renderer did not start.'));
      };
      const onError = (error: Error) => {
        settle();
        reject(error);
      };
      const onExit = (code: number) => {
        settle();
        reject(new Error(`The report renderer ended (exit code ${code}) before it was ready.`));
      };
      thread.on('message', onMessage).on('error', onError).on('exit', onExit);
    });
    // A render answers for the errors it causes; an idle thread's error only ends it (below).
    thread.on('error', () => undefined);
    // A thread that ended, stopped or crashed, is never handed out again.
    thread.once('exit', () => {
      if (this.#thread === started) this.#thread = null;
    });
    return started;
  }

  async #renderNow(markdown: string, budgetMs: number): Promise<Outcome> {
    const starting = (this.#thread ??= this.#start());
    let thread: Worker;
    try {
      thread = await starting;
    } catch (error) {
      if (this.#thread === starting) this.#thread = null;
      throw error;
    }
    thread.ref(); // while it renders, the process waits for it
    const cpuMs = async () => {
      const { user, system } = await thread.cpuUsage();
      return (user + system) / 1000;
    };
    const startMs = await cpuMs();
    return new Promise<Outcome>((resolve, reject) => {
      let done = false;
      const finish = (outcome: Outcome | Error, stopThread: boolean) => {
        if (done) return;
        done = true;
        clearInterval(watch);
        clearTimeout(wallLimit);
        thread.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (stopThread) {
          this.#thread = null;
          void thread.terminate();
        } else thread.unref(); // idle: it holds no process open
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      const onMessage = (answer: RenderAnswer) => {
        if ('html' in answer || 'refused' in answer) finish(answer, false);
        else if ('failed' in answer) finish(new Error(`The report renderer failed: ${answer.failed}`), false);
      };
      const onError = (error: Error & { code?: string }) =>
        finish(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { refused: 'tooBig' } : error, true);
      const onExit = (code: number) => finish(new Error(`The report renderer ended (exit code ${code}).`), true);
      const watch = setInterval(() => {
        cpuMs().then(
          (used) => used - startMs > budgetMs && finish({ refused: 'tooSlow' }, true),
          () => undefined, // the thread ended: its exit is handled above
        );
      }, CPU_CHECK_MS);
      const wallLimit = setTimeout(() => finish({ refused: 'tooSlow' }, true), WALL_LIMIT_MS);
      thread.on('message', onMessage).on('error', onError).on('exit', onExit);
      thread.postMessage({ markdown } satisfies RenderRequest);
    });
  }
}

const renderer = new ReportRenderer();

/** Render on the renderer's thread within `budgetMs` of CPU time: the HTML, or an UnrenderableReport. */
async function renderWithin(markdown: string, budgetMs: number): Promise<string> {
  if (markdown.trim() === '') return '';
  prescanReport(markdown);
  const outcome = await renderer.render(markdown, budgetMs);
  if ('refused' in outcome) throw new UnrenderableReport(outcome.refused);
  return outcome.html;
}

/**
 * Report Markdown as sanitised HTML ('' for an empty report), or a 400 (UnrenderableReport) that
 * names why it cannot be rendered. The admin room's live preview uses it too.
 */
export function renderReport(markdown: string): Promise<string> {
  return renderWithin(markdown, reportRenderBudgetMs(markdown));
}

/** Refuse (400) report Markdown that cannot be rendered: the admin form's check before it stores it. */
export async function assertReportRenders(markdown: string): Promise<void> {
  await renderReport(markdown);
}

/** Rendered reports by tournament and version (its `updated_at`): a report renders once per edit. */
const rendered = new LRUCache<string, Promise<string>>({ max: 200 });

/** A tournament's report as HTML, rendered once per tournament and update. */
export function tournamentReportHtml(tournamentId: number, updatedAt: number, markdown: string): Promise<string> {
  const key = `${tournamentId}:${updatedAt}`;
  let html = rendered.get(key);
  if (!html) {
    // A report stored before a check refused such reports says why it is not shown instead.
    html = renderWithin(markdown, READING_BUDGET_FACTOR * reportRenderBudgetMs(markdown)).catch((error: unknown) => {
      if (error instanceof UnrenderableReport) return `<p>${UNRENDERABLE_REPORT[error.reason]}</p>`;
      throw error;
    });
    rendered.set(key, html);
    html.catch(() => rendered.delete(key));
  }
  return html;
}
