import { startServer } from '../support/server';

/** One built server for the whole e2e run; its URL reaches the workers through the environment. */
export default async function globalSetup() {
  const server = await startServer();
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
  };
}
