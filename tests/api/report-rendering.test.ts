import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, SECOND } from '~/lib/format';
import { openDatabase, type DatabaseHandle } from '~/server/db';
import { call, type CallResult } from '../support/api';
import { signUpPlayer, type ApiPlayer } from '../support/players';
import { startServerOn, type RunningServer } from '../support/server';
import { DIALECTS } from '../support/services';
import { tournamentForm } from '../support/tournaments';

// Markdown whose rendering grows much faster than its length (issue 23): each took the server's one
// thread for 12 to 22 seconds, so nothing else was answered, not even the health probe.
const STARS = `${'*'.repeat(8000)}a${'*'.repeat(8000)}`;
const UNDERSCORES = `${'_'.repeat(8000)}a${'_'.repeat(8000)}`;
// 8,000 setext headings (32 KB) take about 12 s of CPU time: four times their budget when saved and
// twice when read (4,000, 2.8 s, sat between the two, so a machine's speed decided what a reader saw)
const SETEXT = 'a\n=\n'.repeat(8000);
const SETEXT_LONG = 'a\n=\n'.repeat(30_000);

const TOO_SLOW = /^reportContent (takes too long to render|nests too deeply)/;
const SLOW_SENTENCE = '<p>This report cannot be shown: its Markdown takes too long to render.</p>';

describe.each(DIALECTS)('tournament reports that are slow to render, against the built server on %s', (dialect) => {
  let server: RunningServer;
  let handle: DatabaseHandle;
  let admin: ApiPlayer;
  const form = () =>
    tournamentForm(
      'Slow Cup',
      'rekt',
      Math.floor(Date.now() / SECOND) * SECOND - 2 * HOUR,
      Math.floor(Date.now() / SECOND) * SECOND - HOUR,
    );

  beforeAll(async () => {
    server = await startServerOn(dialect, { TRUST_PROXY: '1', ADMIN_USER_IDS: '1' });
    // the test's own connection, to store a report as an older version could have
    handle = openDatabase(server.databaseUrl, server.dataDir);
    admin = await signUpPlayer(server, 'Admin_One');
  });
  afterAll(async () => {
    await handle?.db.destroy();
    await server?.stop();
  });

  /**
   * A tournament of the calling test's own with a report that renders: the tests change a report
   * (through the API, or straight in the database) and then read it back, so each has its own.
   */
  async function tournamentWithReport(): Promise<number> {
    const created = await call(server, '/api/admin/tournaments', {
      body: { ...form(), reportContent: '# Recap\n\n**Ana** won.' },
      cookie: admin.cookie,
    });
    expect(created.status).toBe(201);
    return created.json.tournament.id as number;
  }

  /**
   * `request`'s answer, asking /api/health again and again until it comes: how many health answers
   * arrived while it was still pending. A server whose thread is busy rendering answers none.
   */
  async function whileAskingHealth(
    request: Promise<CallResult>,
  ): Promise<{ answer: CallResult; healthAnswers: number }> {
    let pending = true;
    const answer = request.finally(() => (pending = false));
    let healthAnswers = 0;
    while (pending) {
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      if (pending) healthAnswers++;
    }
    return { answer: await answer, healthAnswers };
  }

  it('refuses such a report on save and in the preview with a 400 that names the problem, the health probe answering meanwhile', async () => {
    const tournamentId = await tournamentWithReport();
    const save = (reportContent: string) =>
      call(server, `/api/admin/tournaments/${tournamentId}`, {
        method: 'PUT',
        body: { ...form(), reportContent },
        cookie: admin.cookie,
      });
    const preview = (markdown: string) =>
      call(server, '/api/admin/tournaments/preview-report', { body: { markdown }, cookie: admin.cookie });
    for (const [name, request] of [
      ['stars, saved', () => save(STARS)],
      ['underscores, previewed', () => preview(UNDERSCORES)],
      ['setext headings, saved', () => save(SETEXT)],
    ] as const) {
      const { answer, healthAnswers } = await whileAskingHealth(request());
      expect([answer.status, answer.json?.error], name).toEqual([400, expect.stringMatching(TOO_SLOW)]);
      expect(answer.json.issues, name).toEqual([{ field: 'reportContent', message: expect.any(String) }]);
      expect(healthAnswers, name).toBeGreaterThanOrEqual(3);
    }
    // longer than a report may be: refused before any rendering
    expect((await save(SETEXT_LONG)).json.error).toBe('reportContent can be at most 100000 characters');
    expect((await preview(SETEXT_LONG)).json.error).toBe('The report can be at most 100000 characters');
    // the report stored before is still the one shown
    expect((await call(server, `/api/tournaments/${tournamentId}/report`)).json.reportHtml).toBe(
      '<h1>Recap</h1>\n<p><strong>Ana</strong> won.</p>',
    );
  }, 300_000);

  it('shows readers a sentence instead of a stored report that is too slow to render, the health probe answering meanwhile', async () => {
    const tournamentId = await tournamentWithReport();
    // stored as an older version could have stored it (the save check refuses it now)
    await handle.db
      .updateTable('tournaments')
      .set({ report_content: SETEXT, updated_at: Date.now() })
      .where('id', '=', tournamentId)
      .execute();
    const { answer, healthAnswers } = await whileAskingHealth(call(server, `/api/tournaments/${tournamentId}/report`));
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ tournamentName: 'Slow Cup', reportContent: SETEXT, reportHtml: SLOW_SENTENCE });
    expect(healthAnswers).toBeGreaterThanOrEqual(3);
    // rendered once per update: the next reader gets the sentence at once
    expect((await call(server, `/api/tournaments/${tournamentId}/report`)).json.reportHtml).toBe(SLOW_SENTENCE);
  }, 300_000);
});
