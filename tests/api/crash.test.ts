import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signUpPlayer, submitRun } from '../support/players';
import { startServer } from '../support/server';
import { createPgDatabase, DIALECTS } from '../support/services';

/**
 * Acknowledged runs before the server is killed: the kill comes mid-load, with every worker's next
 * run in flight, however fast or slow the machine (a fixed time of load acknowledged fewer than 50
 * on a busy one).
 */
const ACKNOWLEDGED_BEFORE_KILL = 60;
const WORKERS = 12;

describe.each(DIALECTS)('a crash under Game API load on %s', (dialect) => {
  it('loses no acknowledged run: SIGKILL mid-load, restart, every acknowledged runId is stored', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sats-arcade-crash-'));
    const pg = dialect === 'postgres' ? await createPgDatabase({ migrated: true }) : null;
    const env = {
      SECRET_KEY: randomBytes(32).toString('hex'),
      RUNS_PER_MINUTE: '1000000',
      TRUST_PROXY: '1',
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    };
    try {
      const first = await startServer(env, { dataDir });
      const players = await Promise.all(
        Array.from({ length: 6 }, (_, i) => signUpPlayer(first, `Crash_${dialect}_${i}`)),
      );
      const acknowledged: { player: number; runId: string; score: number }[] = [];
      let killed = false;
      let sent = 0;
      let loaded = () => {};
      const enoughAcknowledged = new Promise<void>((resolve) => (loaded = resolve));
      const worker = async (w: number) => {
        for (let i = 0; !killed; i++) {
          const player = w % players.length;
          const runId = `crash-${w}-${i}`;
          const score = (w * 1000 + i) % 50_000;
          sent++;
          try {
            const answer = await submitRun(first, players[player]!, runId, score);
            if (answer.status === 201 || answer.status === 200) acknowledged.push({ player, runId, score });
            if (acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL) loaded();
          } catch {
            return; // the connection died with the server
          }
        }
      };
      const load = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
      await enoughAcknowledged;
      process.kill(first.pid, 'SIGKILL');
      killed = true;
      await load;
      await expect.poll(() => first.signalCode(), { timeout: 5000 }).toBe('SIGKILL');
      expect(acknowledged.length).toBeGreaterThan(50);
      expect(sent).toBeGreaterThanOrEqual(acknowledged.length);

      const second = await startServer(env, { dataDir });
      try {
        // A stored run answers a replay with 200 and the stored score; a lost one would be a new 201.
        const replays: Awaited<ReturnType<typeof submitRun>>[] = [];
        for (let i = 0; i < acknowledged.length; i += 32) {
          const slice = acknowledged.slice(i, i + 32);
          replays.push(
            ...(await Promise.all(slice.map((run) => submitRun(second, players[run.player]!, run.runId, run.score)))),
          );
        }
        const lost = acknowledged.filter((_, i) => replays[i]!.status !== 200);
        expect(lost).toEqual([]);
        expect(replays.every((r, i) => r.json.run.score === acknowledged[i]!.score)).toBe(true);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await pg?.drop();
    }
  }, 90_000);
});
