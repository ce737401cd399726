import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { loadConfig, type Settings } from '~/server/shared/config';
import type { Services } from '~/server/context';
import { AppError } from '~/server/shared/errors';
import { migrateToLatest, openDatabase } from '~/server/db';
import { Rankings } from '~/server/leaderboards/rankings';
import type { Mail, Mailer } from '~/server/mail/mailer';
import { migratedPgDatabase, migratedSqliteDir, migratedTemplateName } from './test-databases';

/** PostgreSQL server the tests create their databases on (trust auth, as on the CI machine). */
export const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type DialectName = 'sqlite' | 'postgres';
/** Every database the services run on; integration tests run once per entry. */
export const DIALECTS: DialectName[] = ['sqlite', 'postgres'];

/** A mailer that keeps what it was given, for tests that read the link or code from the mail. */
export interface CapturingMailer extends Mailer {
  sent: Mail[];
  /** Make the next sends fail, as a refusing mail server would. */
  failing: boolean;
}

export function capturingMailer(): CapturingMailer {
  const mailer: CapturingMailer = {
    kind: 'outbox',
    sent: [],
    failing: false,
    async send(mail) {
      if (mailer.failing) throw new Error('mail server refused the message');
      mailer.sent.push(mail);
    },
  };
  return mailer;
}

export interface TestServices extends Services {
  mailer: CapturingMailer;
  dialect: DialectName;
  close: () => Promise<void>;
}

/**
 * A new PostgreSQL database, empty, or `migrated` (a copy of the run's migrated template, see
 * tests/support/test-databases.ts); `drop` removes it.
 */
export async function createPgDatabase({ migrated = false } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `arcade_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  const template = migrated ? migratedTemplateName() : undefined;
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      // let ended pool connections finish closing before the database goes away
      await new Promise((r) => setTimeout(r, 100));
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Fresh, migrated services: a new SQLite file, or a PostgreSQL database no other test is using, as
 * the migrations left it (tests/support/test-databases.ts copies both from the run's templates).
 */
export async function freshServices(dialect: DialectName, settings: Settings = {}): Promise<TestServices> {
  const dataDir = migratedSqliteDir();
  const pgDb = dialect === 'postgres' ? await migratedPgDatabase(PG_ADMIN_URL) : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: pgDb?.url,
    SITE_URL: 'http://arcade.test',
    GAMES_ORIGIN: 'http://arcade-games.test',
    // mails stay in the test (a capturing mailer), as they would in the outbox
    MAIL_OUTBOX: '1',
    SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    ...settings,
  });
  const handle = openDatabase(config.databaseUrl, config.dataDir);
  // already migrated: this checks that it is, as the server does at start
  await migrateToLatest(handle);
  return {
    db: handle.db,
    config,
    mailer: capturingMailer(),
    rankings: new Rankings(handle.db),
    dialect,
    close: async () => {
      await handle.db.destroy();
      pgDb?.release();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The sign-in link's token and the code from a magic-link mail. */
export function readSignInMail(mail: Mail): { token: string; code: string } {
  const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  const code = /code in the sign-in window: (\d{6})/.exec(mail.text)?.[1];
  if (!token || !code) throw new Error(`not a sign-in mail:\n${mail.text}`);
  return { token, code };
}

/** A player row written straight into the database (no mail, no rate limit); returns its id. */
export async function addPlayer(
  db: Services['db'],
  username: string,
  country = 'DE',
  createdAt = Date.now(),
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      username,
      username_key: username.toLowerCase(),
      email: `${username.toLowerCase()}@example.com`,
      country,
      created_at: createdAt,
      last_seen_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The status and message of the AppError `promise` rejects with, or [0, ''] when it resolves. */
export async function appErrorOf(promise: Promise<unknown>): Promise<[number, string]> {
  try {
    await promise;
    return [0, ''];
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return [error.status, error.message];
  }
}
