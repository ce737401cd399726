import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { signUpPlayer, submitRun, type ApiPlayer } from '../support/players';
import { startServer, type RunningServer } from '../support/server';
import { localUtc } from '../support/tournaments';

// Two server processes on one SQLite file (README, "Scaling out"): the same admin press sent to both
// at once is done once, and the other answers as documented (409, or 404 for a deletion), never a
// 500 'database is locked'. Each transaction begins as a writer (`begin immediate`), so it waits
// for the other's lock instead of failing when it asks to upgrade.

/** How many times each press is sent to both processes at once. */
const ROUNDS = 6;

describe('two server processes on one SQLite file', () => {
  let a: RunningServer;
  let b: RunningServer;
  let admin: ApiPlayer;
  let players: ApiPlayer[];

  beforeAll(async () => {
    const env = { SECRET_KEY: randomBytes(32).toString('hex'), TRUST_PROXY: '1', ADMIN_USER_IDS: '1' };
    a = await startServer(env);
    b = await startServer(env, { dataDir: a.dataDir });
    admin = await signUpPlayer(a, 'Twin_Admin');
    players = [await signUpPlayer(a, 'Twin_Ana'), await signUpPlayer(a, 'Twin_Bo')];
    expect(admin.id).toBe(1);
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  /** `path` pressed on both processes at the same moment: the two statuses, sorted, and the answers. */
  async function pressBoth(path: string, method = 'POST', body: unknown = {}) {
    const answers = await Promise.all(
      [a, b].map((server) =>
        call(server, path, { method, cookie: admin.cookie, body: method === 'DELETE' ? undefined : body }),
      ),
    );
    for (const answer of answers) expect(answer.status, `${method} ${path}: ${answer.text}`).toBeLessThan(500);
    return { statuses: answers.map((r) => r.status).sort(), answers };
  }

  async function activeTournament(name: string) {
    const now = Date.now();
    const created = await call(a, '/api/admin/tournaments', {
      cookie: admin.cookie,
      body: {
        name,
        gameId: 'rekt',
        description: 'two processes',
        startDate: localUtc(now - 3_600_000),
        endDate: localUtc(now + 3_600_000),
        timezoneOffset: '0',
        rewards: JSON.stringify({ firstPlaceSats: 2100, secondToFifthSats: 500 }),
      },
    });
    expect(created.status).toBe(201);
    return created.json.tournament.id as number;
  }

  it('ends, processes, pays, hides, restores and deletes once when both processes are pressed at once', async () => {
    for (const [i, player] of players.entries())
      expect((await submitRun(a, player, `twin-run-${i}`, 1_000 * (i + 1))).status).toBe(201);
    const runs = (await call(a, `/api/admin/users/${players[0]!.id}`, { cookie: admin.cookie })).json.runs.entries;
    const runId = runs[0].id as number;

    for (let round = 0; round < ROUNDS; round++) {
      const id = await activeTournament(`Twin Cup ${round}`);

      const ended = await pressBoth(`/api/admin/tournaments/${id}/end`);
      expect([round, 'end', ended.statuses]).toEqual([round, 'end', [200, 409]]);

      // Processing twice is no error: the second finds it done and creates nothing.
      const processed = await pressBoth(`/api/admin/tournaments/${id}/process-winners`);
      expect([round, 'process', processed.statuses]).toEqual([round, 'process', [200, 200]]);
      expect(processed.answers.reduce((sum, r) => sum + (r.json.bitcoinAwards as number), 0)).toBe(2);

      const winners = (await call(b, `/api/admin/tournaments/${id}/winners`, { cookie: admin.cookie })).json;
      const prizeId = winners.winners[0].bitcoinPrizes[0].id as number;
      const sent = await pressBoth(`/api/admin/tournaments/prizes/${prizeId}/distribute`, 'POST', {
        paymentProof: `twin ${round}`,
      });
      expect([round, 'distribute', sent.statuses]).toEqual([round, 'distribute', [200, 409]]);

      const hidden = await pressBoth(`/api/admin/runs/${runId}/hide`, 'POST', { reason: `twin ${round}` });
      expect([round, 'hide', hidden.statuses]).toEqual([round, 'hide', [200, 409]]);
      const restored = await pressBoth(`/api/admin/runs/${runId}/restore`);
      expect([round, 'restore', restored.statuses]).toEqual([round, 'restore', [200, 409]]);

      const doomed = await activeTournament(`Twin Doomed ${round}`);
      const deleted = await pressBoth(`/api/admin/tournaments/${doomed}`, 'DELETE');
      expect([round, 'delete', deleted.statuses]).toEqual([round, 'delete', [200, 404]]);
    }

    // Each press done once: one audit entry per press and round.
    const log = (await call(a, '/api/admin/audit-log', { cookie: admin.cookie })).json.entries as { action: string }[];
    const count = (action: string) => log.filter((e) => e.action === action).length;
    expect([count('tournament.end_now'), count('prize.distribute'), count('run.hide'), count('run.restore')]).toEqual([
      ROUNDS,
      ROUNDS,
      ROUNDS,
      ROUNDS,
    ]);
  });
});
