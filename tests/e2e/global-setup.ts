import { startServer } from '../support/server';

/** The administrator every e2e run starts with: the first account, so user id 1. */
export const E2E_ADMIN = { username: 'arcade_admin', email: 'admin@arcade.test' };

/**
 * One built server for the whole e2e run, with its first account (id 1, the only admin) already
 * created. Its URL and data directory reach the workers through the environment.
 */
export default async function globalSetup() {
  const server = await startServer({ ADMIN_USER_IDS: '1' });
  const created = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify(E2E_ADMIN),
  });
  if (created.status !== 201) throw new Error(`could not create the e2e admin: ${created.status} ${await created.text()}`);
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
  };
}
