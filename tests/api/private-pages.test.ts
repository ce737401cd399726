import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { signUpPlayer, submitRun, type ApiPlayer } from '../support/players';
import { startServerOn, type RunningServer } from '../support/server';
import { localUtc } from '../support/tournaments';

// Every page rendered per request says `Cache-Control: private, no-store` (README, "Deploying"),
// so no shared cache keeps a page made for one person (a player's e-mail and sessions on
// /admin/users/{id}, a winner's invoices on /tournament/{id}/payouts) and hands it to another.
// The pages are listed from src/pages: a new on-demand page is checked without anyone adding it.

/** The pages of `src/pages` that opt out of prerendering, as routes: `/tournament/[id]/payouts`. */
function onDemandRoutes(): string[] {
  const root = join(process.cwd(), 'src/pages');
  const routes: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (path !== join(root, 'api')) walk(path);
      } else if (entry.name.endsWith('.astro') && /export const prerender = false/.test(readFileSync(path, 'utf8'))) {
        const route = `/${relative(root, path)}`.replace(/\.astro$/, '').replace(/\/index$/, '');
        routes.push(route || '/');
      }
    }
  };
  walk(root);
  return routes.sort();
}

describe('the caching of pages rendered per request', () => {
  let server: RunningServer;
  let admin: ApiPlayer;
  let player: ApiPlayer;
  let tournamentId: number;

  beforeAll(async () => {
    server = await startServerOn('sqlite', { TRUST_PROXY: '1', ADMIN_USER_IDS: '1' });
    admin = await signUpPlayer(server, 'Cache_Admin');
    player = await signUpPlayer(server, 'Cache_Player');
    expect((await submitRun(server, player, 'cache-run', 700)).status).toBe(201);
    const now = Date.now();
    const created = await call(server, '/api/admin/tournaments', {
      cookie: admin.cookie,
      body: {
        name: 'Cache Cup',
        gameId: 'rekt',
        description: 'kept by nobody',
        startDate: localUtc(now - 3_600_000),
        endDate: localUtc(now + 3_600_000),
        timezoneOffset: '0',
        rewards: JSON.stringify({ firstPlaceSats: 100 }),
      },
    });
    expect(created.status).toBe(201);
    tournamentId = created.json.tournament.id;
    expect(
      (await call(server, `/api/admin/tournaments/${tournamentId}/end`, { cookie: admin.cookie, body: {} })).status,
    ).toBe(200);
    expect(
      (await call(server, `/api/admin/tournaments/${tournamentId}/process-winners`, { cookie: admin.cookie, body: {} }))
        .status,
    ).toBe(200);
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** The address of a route with real ids in it; a parameter no one named here fails the test. */
  const addressOf = (route: string) =>
    route.replace(/\[(\w+)\]/g, (_, name: string) => {
      const value = { id: route.startsWith('/admin/users') ? player.id : tournamentId, userId: player.id }[name];
      if (value === undefined) throw new Error(`${route}: no value for [${name}] in this test`);
      return String(value);
    });

  it('marks every one of them private, no-store, for an administrator, a player and a visitor (redirects too)', async () => {
    const routes = onDemandRoutes();
    expect(routes).toEqual(
      expect.arrayContaining(['/admin/users/[id]', '/tournament/[id]/payouts', '/users/[userId]', '/admin']),
    );
    for (const route of routes) {
      const address = addressOf(route);
      for (const [who, cookie] of [
        ['admin', admin.cookie],
        ['player', player.cookie],
        ['visitor', undefined],
      ] as const) {
        // Twice: the second may be a kept copy (profiles, results), which must say the same.
        for (let i = 0; i < 2; i++) {
          const response = await fetch(server.url + address, {
            headers: cookie ? { cookie } : {},
            redirect: 'manual',
          });
          await response.arrayBuffer();
          expect([address, who, response.status < 500, response.headers.get('cache-control')]).toEqual([
            address,
            who,
            true,
            'private, no-store',
          ]);
        }
      }
    }
  });

  it('leaves the answers that name their own caching as they are', async () => {
    expect((await fetch(`${server.url}/api/health`)).headers.get('cache-control')).toBe('no-store');
    const image = await fetch(`${server.url}/api/assets/avatars/laser-eyes.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
  });
});
