import { getSecret } from 'astro:env/server';
import {
  ConfigError,
  loadConfig,
  SETTING_NAMES,
  warnOnOtherBuildSite,
  type Config,
  type Settings,
} from './shared/config';
import type { Services } from './context';
import { migrateToLatest, openDatabase } from './db';
import { Rankings } from './leaderboards/rankings';
import { scheduleAnnouncementMails } from './mail/announcements';
import { outboxMailer, smtpMailer } from './mail/mailer';
import { watchServices } from './shared/metrics';
import { schedulePruning } from './pruning';
import { scheduleSettling } from './tournaments/payouts/settling';
import { connectWallet } from './tournaments/payouts/connect';
import { watchDonations } from './donations/donations';
import { nwcReceiver } from './donations/receiver';
import { scheduleWinnersWhenEnded } from './tournaments/winners-when-ended';
import { scheduleSeries } from './tournaments/series';
import { withGamesOrigin, type SecuritySettings } from './static/headers';

let booting: Promise<Services> | null = null;
/** Stops what the running services do in the background (pruning) and closes the database. */
let closing: (() => Promise<void>) | null = null;

let config: Config | null = null;

/**
 * The running arcade's configuration, read once from the environment (through `astro:env`, at run
 * time, so one build serves every deployment). A wrong setting never gets better by waiting: the
 * process stops, saying which and how to fix it.
 */
export function appConfig(): Config {
  if (config) return config;
  const settings = Object.fromEntries(SETTING_NAMES.map((name) => [name, getSecret(name)])) as Settings;
  try {
    config = loadConfig(settings);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`[arcade] cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  return config;
}

let security: SecuritySettings | null = null;

/** What the security headers of every answer depend on (src/server/static/headers.ts). */
export function securitySettings(): SecuritySettings {
  const { siteUrl, hstsPreload, gamesOrigin } = appConfig();
  return (security ??= {
    siteUrl,
    hstsPreload,
    frameSources: withGamesOrigin(__ARCADE_FRAME_SOURCES__, __ARCADE_BUILT_GAMES_ORIGIN__, gamesOrigin),
    gamesOrigin: { built: __ARCADE_BUILT_GAMES_ORIGIN__, running: gamesOrigin },
  });
}

/** Open the database, migrate it and choose the mailer, for the given configuration. */
export async function startServices(config: Config): Promise<Services> {
  const handle = openDatabase(config.databaseUrl, config.dataDir);
  await migrateToLatest(handle);
  const mailer = config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom)
    : outboxMailer(config.dataDir, config.mailFrom, console.log, { printText: config.loopbackSite });
  console.log(
    `[arcade] database: ${handle.dialect} (${handle.description}); mail: ${mailer.kind === 'smtp' ? 'SMTP' : `development outbox in ${config.dataDir}/outbox`}`,
  );
  await logAdministrators(handle.db, config.adminUserIds);
  warnOnOtherBuildSite(config.siteUrl, config.loopbackSite, import.meta.env.SITE);
  const rankings = new Rankings(handle.db);
  // Load the leaderboards in the background, so the first leaderboard visitor rarely waits for it.
  rankings.current().catch((error: unknown) => console.error('[arcade] could not load the leaderboards:', error));
  const stopPruning = schedulePruning(handle.db);
  const wallet = config.payouts.nwcUrl ? connectWallet(config.payouts.nwcUrl) : undefined;
  const receiver = config.payouts.nwcUrl ? nwcReceiver(config.payouts.nwcUrl) : undefined;
  const running: Services = { db: handle.db, config, mailer, rankings, wallet, receiver };
  watchServices(running);
  const stopSettling = wallet ? scheduleSettling(running) : async () => {};
  const stopWinners = scheduleWinnersWhenEnded(running);
  const stopSeries = scheduleSeries(running);
  const stopAnnouncing = scheduleAnnouncementMails(running);
  running.sendAnnouncementMails = stopAnnouncing.now;
  const stopDonations = watchDonations(running);
  closing = async () => {
    await stopDonations();
    receiver?.close();
    await stopPruning();
    await stopWinners();
    await stopSeries();
    await stopAnnouncing();
    await stopSettling();
    wallet?.close();
    await handle.db.destroy();
  };
  return running;
}

/**
 * Say at start who the administrators are. `ADMIN_USER_IDS` defaults to `1,2` (the spec): on a new
 * database whoever signs up first or second would be one, so an id without an account yet is a
 * warning (README, Deploying: register the administrators first).
 */
async function logAdministrators(db: Services['db'], ids: ReadonlySet<number>): Promise<void> {
  if (ids.size === 0) {
    console.log('[arcade] administrators (ADMIN_USER_IDS): none');
    return;
  }
  const users = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', 'in', [...ids])
    .execute();
  const names = new Map(users.map((u) => [u.id, u.username]));
  const listed = [...ids].map((id) => (names.has(id) ? `${id} (${names.get(id)})` : `${id} (no account yet)`));
  console.log(`[arcade] administrators (ADMIN_USER_IDS): ${listed.join(', ')}`);
  const missing = [...ids].filter((id) => !names.has(id));
  if (missing.length) {
    console.warn(
      `[arcade] warning: user id ${missing.join(', ')} has no account yet, so whoever signs up as that id becomes an administrator. Register the administrators first, or set ADMIN_USER_IDS.`,
    );
  }
}

/**
 * Stop the running services, once no request needs them any more (the server's graceful stop):
 * pruning stops (a pruning under way finishes) and the database is closed. Nothing to do when
 * they never started.
 */
export async function stopServices(): Promise<void> {
  const close = closing;
  closing = null;
  await close?.();
}

/** The running arcade's services, started once per process with {@link appConfig}. */
export function services(): Promise<Services> {
  // Every request asks (the middleware first): once started, answer without reading the settings again.
  if (booting) return booting;
  booting = startServices(appConfig()).catch((error: unknown) => {
    booting = null;
    throw error;
  });
  return booting;
}
