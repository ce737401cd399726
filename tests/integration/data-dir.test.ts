import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '~/server/shared/config';
import { openDatabase } from '~/server/db';
import { outboxMailer } from '~/server/mail/mailer';

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('the data directory', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });
  const freshRoot = () => {
    const root = mkdtempSync(join(tmpdir(), 'sats-arcade-perms-'));
    roots.push(root);
    return root;
  };

  it('is created readable by the owner only, with the secret inside', () => {
    const dataDir = join(freshRoot(), 'data');
    loadConfig({ DATA_DIR: dataDir });
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, 'secret.key'))).toBe(0o600);
  });

  it('holds a SQLite database file (and its journal) readable by the owner only', async () => {
    const dataDir = join(freshRoot(), 'nested', 'data');
    const handle = openDatabase(undefined, dataDir);
    await sql`create table probe (id integer)`.execute(handle.db);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, 'arcade.db'))).toBe(0o600);
    expect(modeOf(join(dataDir, 'arcade.db-wal'))).toBe(0o600);
    await handle.db.destroy();
  });

  it('keeps the development outbox readable by the owner only', async () => {
    const dataDir = freshRoot();
    await outboxMailer(dataDir, 'Arcade <a@example.com>', () => {}).send({
      to: 'x@example.com',
      subject: 'Hi',
      text: 'Hello',
      html: '<p>Hello</p>',
    });
    expect(modeOf(join(dataDir, 'outbox'))).toBe(0o700);
  });
});
