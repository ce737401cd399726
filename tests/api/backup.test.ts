import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { signUpPlayer, submitRun } from '../support/players';
import { startServer } from '../support/server';

describe('./arcade backup', () => {
  it('copies the SQLite database while the server takes runs, and the copy restores', async () => {
    const secret = 'backup-test-secret-0123456789abcdef0123';
    const server = await startServer({ SECRET_KEY: secret, RUNS_PER_MINUTE: '100000', TRUST_PROXY: '1' });
    const spare = mkdtempSync(join(tmpdir(), 'sats-arcade-backup-'));
    try {
      const player = await signUpPlayer(server, 'Backed_Up');
      for (let i = 0; i < 20; i++) expect((await submitRun(server, player, `before-${i}`, 100 + i)).status).toBe(201);
      // runs keep arriving while the backup is taken
      let stop = false;
      const writing = (async () => {
        for (let i = 0; !stop; i++) await submitRun(server, player, `during-${i}`, 10);
      })();
      const file = join(spare, 'arcade-backup.db');
      const result = spawnSync(process.execPath, ['scripts/backup.mjs', file], {
        env: { ...process.env, DATA_DIR: server.dataDir },
        encoding: 'utf8',
      });
      stop = true;
      await writing;
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(/integrity check: ok/);

      const copy = new Database(file, { readonly: true });
      const before = copy.prepare("select count(*) as n from runs where run_id like 'before-%'").get() as { n: number };
      copy.close();
      expect(before.n).toBe(20);
      // a second backup to the same file is refused: a backup is never overwritten
      expect(
        spawnSync(process.execPath, ['scripts/backup.mjs', file], { env: { ...process.env, DATA_DIR: server.dataDir } })
          .status,
      ).toBe(1);

      // restore: the copy as arcade.db of a fresh data directory
      const restoredDir = join(spare, 'restored');
      spawnSync('mkdir', ['-p', restoredDir]);
      spawnSync('cp', [file, join(restoredDir, 'arcade.db')]);
      const restored = await startServer({ SECRET_KEY: secret }, { dataDir: restoredDir });
      try {
        const stats = await call(restored, `/api/stats/user/${player.id}`);
        expect(stats.json.stats.totalPlays).toBeGreaterThanOrEqual(20);
        expect((await call(restored, '/api/auth/me', { cookie: player.cookie })).json.user.username).toBe('Backed_Up');
      } finally {
        await restored.stop();
      }
    } finally {
      await server.stop();
      rmSync(spare, { recursive: true, force: true });
    }
  }, 60_000);
});
