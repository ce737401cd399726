import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '~/server/db';
import { signedHeaders } from '../support/fair-play';
import { signUpPlayer } from '../support/players';
import { startServer } from '../support/server';
import { createPgDatabase, DIALECTS } from '../support/services';

/** A raw connection to the server, and everything it received until it closed. */
async function open(url: string): Promise<{ socket: Socket; received: Promise<string> }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let text = '';
  socket.on('data', (chunk) => (text += chunk.toString()));
  const received = new Promise<string>((resolve) => socket.once('close', () => resolve(text)));
  return { socket, received };
}

describe.each(DIALECTS)('a graceful stop on %s', (dialect) => {
  it('on SIGTERM answers the request under way (its run stored), takes no new connections, closes idle ones and exits 0', async () => {
    const pg = dialect === 'postgres' ? await createPgDatabase({ migrated: true }) : null;
    const server = await startServer({ ...(pg ? { DATABASE_URL: pg.url } : {}), TRUST_PROXY: '1' });
    try {
      const player = await signUpPlayer(server, `Last_Flyer_${dialect}`);
      // A keep-alive connection that already had its answer: idle, it must not hold the stop up.
      const idle = await open(server.url);
      idle.socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
      await expect.poll(() => idle.socket.bytesRead).toBeGreaterThan(0);

      // A run under way: its headers are in, its body is not yet.
      const body = JSON.stringify({ userId: player.id, runId: 'the-last-run', score: 4242, level: 3 });
      const busy = await open(server.url);
      const signature = signedHeaders(JSON.parse(body))['x-arcade-signature'];
      busy.socket.write(
        `POST /api/games/rekt/runs HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${player.gameToken}\r\nContent-Type: application/json\r\n` +
          `X-Arcade-Signature: ${signature}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n${body.slice(0, 10)}`,
      );
      await new Promise((r) => setTimeout(r, 200));

      process.kill(server.pid, 'SIGTERM');
      // The idle connection is closed at once; a new one is refused.
      expect(await idle.received).toMatch(/^HTTP\/1\.1 200/);
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
      expect(server.exitCode()).toBeNull();

      // The rest of the body arrives: the run is stored and acknowledged, then the server ends.
      busy.socket.write(body.slice(10));
      const answer = await busy.received;
      expect(answer).toMatch(/^HTTP\/1\.1 201/);
      expect(answer).toMatch(/"runId":"the-last-run"/);
      await expect.poll(() => server.exitCode(), { timeout: 5_000 }).toBe(0);
      expect(server.output()).toMatch(/\[arcade\] SIGTERM: finishing the requests under way, then stopping/);
      // The answered connection was closed at once, not left for the grace period to end.
      expect(server.output()).not.toMatch(/requests still open/);

      // Nothing acknowledged is lost: the run is in the database the server closed.
      const handle = openDatabase(pg?.url ?? `file:${join(server.dataDir, 'arcade.db')}`, server.dataDir);
      try {
        await migrateToLatest(handle);
        const runs = await handle.db.selectFrom('runs').select(['run_id', 'score']).execute();
        expect(runs).toEqual([{ run_id: 'the-last-run', score: 4242 }]);
      } finally {
        await handle.db.destroy();
      }
    } finally {
      await server.stop();
      await pg?.drop();
    }
  });
});
