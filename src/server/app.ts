import { getSecret } from 'astro:env/server';
import { loadConfig, SETTING_NAMES, type Settings } from './config';
import type { Services } from './context';
import { migrateToLatest, openDatabase } from './db';
import { Rankings } from './leaderboards/rankings';
import { outboxMailer, smtpMailer } from './mail/mailer';
import { schedulePruning } from './pruning';

let booting: Promise<Services> | null = null;

/** Open the database, migrate it and choose the mailer, from the given settings. */
export async function startServices(settings: Settings): Promise<Services> {
  const config = loadConfig(settings);
  const handle = openDatabase(config.databaseUrl, config.dataDir);
  await migrateToLatest(handle);
  const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(config.dataDir, config.mailFrom);
  console.log(`[arcade] database: ${handle.dialect} (${handle.description}); mail: ${mailer.kind === 'smtp' ? 'SMTP' : `development outbox in ${config.dataDir}/outbox`}`);
  const rankings = new Rankings(handle.db);
  // Load the leaderboards in the background, so the first leaderboard visitor rarely waits for it.
  rankings.current().catch((error: unknown) => console.error('[arcade] could not load the leaderboards:', error));
  schedulePruning(handle.db);
  return { db: handle.db, config, mailer, rankings };
}

/**
 * The running arcade's services, started once per process from the environment (through
 * `astro:env`, read at run time, so one build serves every deployment).
 */
export function services(): Promise<Services> {
  // Every request asks (the middleware first): once started, answer without reading the settings again.
  if (booting) return booting;
  const settings = Object.fromEntries(SETTING_NAMES.map((name) => [name, getSecret(name)])) as Settings;
  booting = startServices(settings).catch((error: unknown) => {
    booting = null;
    throw error;
  });
  return booting;
}
