// Loads a believable demo arcade into a fresh database: `npm run demo` (then `./arcade start`).
// Uses the same settings as the server (DATA_DIR, DATABASE_URL); refuses a database that has players.
import { loadConfig, SETTING_NAMES, type Settings } from '~/server/shared/config';
import { migrateToLatest, openDatabase } from '~/server/db';
import { DEMO_ADMINS, demoPlayers, loadDemoArcade } from './demo-data';

async function main() {
  const settings = Object.fromEntries(SETTING_NAMES.map((n) => [n, process.env[n]])) as Settings;
  const config = loadConfig(settings);
  const handle = openDatabase(config.databaseUrl, config.dataDir);
  await migrateToLatest(handle);
  const { db } = handle;
  const existing = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) {
    console.error(
      `The database (${handle.description}) already has ${existing.n} players: the demo loads into a fresh one only.`,
    );
    process.exit(1);
  }
  const people = [...DEMO_ADMINS, ...demoPlayers()];
  const runs = await loadDemoArcade(db, people);
  await db.destroy();
  console.log(`Demo arcade loaded into ${handle.description}: ${people.length} players, ${runs} runs.`);
  console.log(
    'Admins (ids 1 and 2): admin@example.com and gamemaster@example.com. Sign in with Sign In -> their address;',
  );
  console.log('without SMTP_URL the sign-in link appears in the server log.');
}

await main();
