import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { signUpPlayer, type ApiPlayer } from '../support/players';
import { startServerOn, type RunningServer } from '../support/server';
import { DIALECTS } from '../support/services';

// GET /api/games/{gameId}/catch-log (notes/games.md): the signed-in player's own log of a fishing
// game; what goes in it is tested in tests/integration/catch-log.test.ts.

describe.each(DIALECTS)('the catch log API on %s', (dialect) => {
  let server: RunningServer;
  let player: ApiPlayer;

  beforeAll(async () => {
    server = await startServerOn(dialect);
    player = await signUpPlayer(server, 'Log_Api_Angler');
  });
  afterAll(async () => server?.stop());

  it("answers a signed-in player's own log, every kind of fish, none landed yet", async () => {
    const answer = await call(server, '/api/games/fishing-for-sats/catch-log', { cookie: player.cookie });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ caughtKinds: 0, kinds: 9, fish: 0, trips: 0 });
    expect(answer.json.species).toHaveLength(9);
    expect(answer.json.species.at(-1)).toMatchObject({ name: 'Whale', depth: { from: 85, to: 100 }, caught: false });
  });

  it('refuses visitors, games without fish, unknown games and other methods with a clear message', async () => {
    expect(await call(server, '/api/games/fishing-for-sats/catch-log')).toMatchObject({
      status: 401,
      json: { error: 'Please sign in to see your catch log.' },
    });
    expect(await call(server, '/api/games/rekt/catch-log', { cookie: player.cookie })).toMatchObject({
      status: 404,
      json: { error: 'REKT! has no fish: it keeps no catch log.' },
    });
    expect(await call(server, '/api/games/pong/catch-log', { cookie: player.cookie })).toMatchObject({
      status: 404,
      json: { error: expect.stringMatching(/There is no game "pong"/) },
    });
    const post = await call(server, '/api/games/fishing-for-sats/catch-log', {
      method: 'POST',
      cookie: player.cookie,
      body: {},
    });
    expect(post.status).toBe(405);
  });
});
