import { describe, expect, it } from 'vitest';
import { AppError } from '~/server/shared/errors';
import {
  assertReportRenders,
  renderReport,
  reportRenderBudgetMs,
  tournamentReportHtml,
  UNRENDERABLE_REPORT,
} from '~/server/tournaments/report';

describe('tournament reports', () => {
  const tooDeep =
    'reportContent nests too deeply: quotes, lists and emphasis may sit inside each other at most 32 levels deep.';
  /** The status and message `run` fails with. */
  const refusal = async (run: () => unknown) => {
    try {
      await run();
    } catch (error) {
      if (error instanceof AppError) return [error.status, error.message];
      throw error;
    }
    return 'rendered';
  };

  it('refuses Markdown nested too deeply to render (400, never a stack overflow or a render that never ends); real nesting renders', async () => {
    // 2,000 quotes once made a render that never answered, 3,000 a stack overflow.
    for (const markdown of ['>'.repeat(2000), '>'.repeat(3000), '> '.repeat(33) + 'deep']) {
      expect(await refusal(() => renderReport(markdown))).toEqual([400, tooDeep]);
      expect(await refusal(() => assertReportRenders(markdown))).toEqual([400, tooDeep]);
    }
    const nested = Array.from({ length: 10 }, (_, i) => `${'  '.repeat(i)}- level ${i + 1}`).join('\n');
    expect(await refusal(() => assertReportRenders(`${'> '.repeat(20)}quoted\n\n${nested}`))).toBe('rendered');
    expect((await renderReport(nested)).match(/<ul>/g)).toHaveLength(10);
    // Refused from the raw text, before any parsing: many deep quotes (once 87 s of parsing), deep indentation.
    const manyDeep = Array.from({ length: 2500 }, () => `${'>'.repeat(33)} q`).join('\n\n');
    expect(await refusal(() => assertReportRenders(manyDeep))).toEqual([400, tooDeep]);
    expect(await refusal(() => assertReportRenders(`${' '.repeat(129)}- indented`))).toEqual([400, tooDeep]);
    // Too many quoted lines for the parser to take quickly, even shallow ones.
    const quotes = (n: number) => Array.from({ length: n }, (_, i) => `> quote ${i}`).join('\n\n');
    expect(await refusal(() => assertReportRenders(quotes(1001)))).toEqual([
      400,
      'reportContent has too many quoted lines: at most 1,000 lines may start with ">".',
    ]);
    expect(await refusal(() => assertReportRenders(quotes(1000)))).toBe('rendered');
    // Fenced code is code: its lines may start with ">" or be indented deeply.
    expect(
      await refusal(() =>
        assertReportRenders(`\`\`\`\n${'>'.repeat(40)}\n${' '.repeat(200)}x\n\`\`\`\n\n${quotes(10)}`),
      ),
    ).toBe('rendered');
    // One stored before the check shows its readers a sentence instead.
    expect(await tournamentReportHtml(987_001, 1, '>'.repeat(3000))).toBe(`<p>${UNRENDERABLE_REPORT.tooDeep}</p>`);
  });

  it('refuses Markdown too slow to render after its budget of CPU time (400), and renders the next report on a new thread', async () => {
    // Setext headings cost time by the square of their number: 8,000 (32 KB) take about 12 s of CPU
    // time, four times their budget of 2.9 s and twice what a stored report gets when it is read
    // (4,000 took 2.8 s, between the two, so a machine's speed decided whether a reader saw them).
    const slow = 'a\n=\n'.repeat(8000);
    expect(reportRenderBudgetMs(slow)).toBe(2_920);
    const tooSlow =
      'reportContent takes too long to render: very long runs of * or _, or thousands of headings or quotes, make Markdown slow. Shorten or simplify the report.';
    expect(await refusal(() => renderReport(slow))).toEqual([400, tooSlow]);
    expect(await renderReport('# After')).toBe('<h1>After</h1>');
    // A stored one shows its readers a sentence instead.
    expect(await tournamentReportHtml(987_002, 1, slow)).toBe(`<p>${UNRENDERABLE_REPORT.tooSlow}</p>`);
    expect(UNRENDERABLE_REPORT.tooSlow).toBe('This report cannot be shown: its Markdown takes too long to render.');
  }, 120_000);

  it('keeps links of the allowed schemes only', async () => {
    const html = await renderReport(
      '[a](http://a.example) [b](https://b.example) [c](irc://c.example/x) [d](ircs://d.example/x) [e](mailto:e@example.com) [f](xmpp:f@example.com) ' +
        '[g](javascript:alert(1)) [h](JAVASCRIPT:alert(1)) [i](vbscript:x) [j](data:text/html;base64,PHNjcmlwdD4=) [k](ftp://k.example) [l](/tournaments/past)',
    );
    for (const href of [
      'http://a.example',
      'https://b.example',
      'irc://c.example/x',
      'ircs://d.example/x',
      'mailto:e@example.com',
      'xmpp:f@example.com',
      '/tournaments/past',
    ]) {
      expect(html).toContain(`href="${href}"`);
    }
    expect(html).not.toMatch(/javascript|vbscript|data:|ftp:/i);
    for (const text of ['g', 'h', 'i', 'j', 'k']) expect(html).toContain(`<a>${text}</a>`);
  });

  it('drops raw HTML, scripts and handlers; outside images become their alt text', async () => {
    const html = await renderReport(
      '<div onclick="x()">block</div>\n\nText <img src=x onerror="alert(1)"> <iframe src="https://evil.example"></iframe> <style>body{}</style>\n\n' +
        '![](https://evil.example/a.png) ![alt text](//evil.example/b.png) ![ok](/api/assets/tournament/ok.png "title")',
    );
    expect(html).not.toMatch(/<div|onclick|onerror|<iframe|<style|evil\.example/);
    expect(html).toContain('alt text');
    expect(html).toContain('<img src="/api/assets/tournament/ok.png" alt="ok" title="title">');
  });

  it('renders GitHub-flavoured Markdown and highlights code; an empty report is empty', async () => {
    const html = await renderReport('~~old~~ www.example.com\n\n- [x] done\n\n```json\n{"a": 1}\n```');
    expect(html).toContain('<del>old</del>');
    expect(html).toContain('<a href="http://www.example.com" rel="nofollow noopener noreferrer">www.example.com</a>');
    expect(html).toContain('type="checkbox"');
    expect(html).toMatch(/<pre class="shiki github-dark"/);
    expect(await renderReport('  \n')).toBe('');
  });

  it("keeps a table's header cells with their text", async () => {
    const html = await renderReport('| Round | Leader |\n| --- | ---: |\n| 1 | pleb_rider |');
    expect(html).toMatch(/<thead>\s*<tr>\s*<th>Round<\/th>\s*<th align="right">Leader<\/th>\s*<\/tr>\s*<\/thead>/);
    expect(html).toMatch(/<td>1<\/td>\s*<td align="right">pleb_rider<\/td>/);
  });

  it('renders a table with an empty header row (GFM has no other way to write a headerless one) without that row: its first column heads the rows', async () => {
    const html = await renderReport('| | |\n|---|---|\n| Runs played | hundreds |\n| Prize pool | 21,000 sats |');
    expect(html).not.toContain('<thead>');
    expect(html).not.toMatch(/<th>\s*<\/th>/);
    expect(html).toMatch(/<tr>\s*<th scope="row">Runs played<\/th>\s*<td>hundreds<\/td>\s*<\/tr>/);
    expect(html).toMatch(/<tr>\s*<th scope="row">Prize pool<\/th>\s*<td>21,000 sats<\/td>\s*<\/tr>/);
    // One header cell with text is a header: the row stays.
    expect(await renderReport('| | Score |\n|---|---|\n| ace | 1 |')).toMatch(
      /<thead>\s*<tr>\s*<th><\/th>\s*<th>Score<\/th>/,
    );
  });

  it('renders a tournament report once per update', async () => {
    const first = await tournamentReportHtml(1, 100, '# One');
    expect(first).toBe('<h1>One</h1>');
    expect(await tournamentReportHtml(1, 100, '# changed without an update')).toBe('<h1>One</h1>');
    expect(await tournamentReportHtml(1, 101, '# Two')).toBe('<h1>Two</h1>');
  });
});
