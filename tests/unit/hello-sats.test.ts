import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkSignature } from '~/server/games/signature';
// The Game SDK's example game's own server (docs/bring-your-own-game.md)
import { startHelloSats } from '../../examples/hello-sats/server.mjs';

// Hello Sats' server judges every guess and signs the result; the arcade's own signature check
// (src/server/games/signature.ts) must take what it signs. The arcade's token-info is stood in for
// by a small server that knows two tokens.
const SECRET = 'hello-sats-test-secret-0123456789abcdef';
const PLAYERS: Record<string, { userId: number; username: string }> = {
  'Bearer token-ada': { userId: 11, username: 'ada' },
  'Bearer token-bob': { userId: 12, username: 'bob' },
};

let arcade: Server;
let arcadeOrigin = '';
let game: { url: string; close: () => Promise<void> };
/** The jars of the rounds the running test starts, in turn: each test fills its own. */
let jars: number[] = [];

beforeAll(async () => {
  arcade = createServer((req, res) => {
    const player = PLAYERS[req.headers.authorization ?? ''];
    const ok = req.url === '/api/games/token-info?gameId=hello-sats' && player;
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(ok ? { ...player, expiresAt: new Date(Date.now() + 60_000).toISOString() } : { error: 'no' }),
    );
  });
  await new Promise<void>((resolve) => arcade.listen(0, '127.0.0.1', resolve));
  arcadeOrigin = `http://127.0.0.1:${(arcade.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => arcade.close(resolve));
});

async function post(path: string, body: unknown, token = 'token-ada') {
  const response = await fetch(`${game.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** Play a round to its end by halving the range: the answers, the last one with the signed result. */
async function playRound(runId: string) {
  expect((await post('/api/rounds', { runId })).status).toBe(201);
  let [low, high] = [1, 100];
  const answers = [];
  for (;;) {
    const guess = Math.floor((low + high) / 2);
    const answer = await post(`/api/rounds/${runId}/guesses`, { guess });
    expect(answer.status).toBe(200);
    answers.push({ guess, ...answer.body });
    if (answer.body.done) return answers;
    if (answer.body.hint === 'higher') low = guess + 1;
    else high = guess - 1;
  }
}

describe('Hello Sats, the SDK example game', () => {
  // The game keeps its rounds in memory: every test gets a game of its own that has played nothing yet.
  beforeEach(async () => {
    jars = [];
    game = await startHelloSats({
      port: 0,
      host: '127.0.0.1',
      arcadeOrigin,
      secret: SECRET,
      fillJar: () => {
        const sats = jars.shift();
        // a round the test did not fill a jar for: the game answers 500 and the test says so
        if (sats === undefined) throw new Error('This test started more rounds than it filled jars for.');
        return sats;
      },
    });
  });

  afterEach(async () => {
    await game.close();
  });

  it('serves its page on its own origin, framed by the arcade alone, naming the arcade', async () => {
    const page = await fetch(`${game.url}/`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain(`frame-ancestors ${arcadeOrigin};`);
    expect(csp).toContain(`connect-src 'self' ${arcadeOrigin};`);
    expect(await page.text()).toContain(`<meta name="arcade-origin" content="${arcadeOrigin}" />`);
    const sdk = await fetch(`${game.url}/games/sdk/arcade-sdk.js`);
    expect(sdk.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await sdk.text()).toContain("export const VERSION = '1.1.0';");
    expect((await fetch(`${game.url}/server.mjs`)).status).toBe(404);
  });

  it('judges the guesses and signs a result the arcade accepts, naming the player', async () => {
    // the jar holds 37: 50, 25, 37
    jars = [37];
    const answers = await playRound('mwrsbk00.11.14qq36q');
    expect(answers.map((a) => [a.guess, a.hint])).toEqual([
      [50, 'lower'],
      [25, 'higher'],
      [37, 'right'],
    ]);
    const last = answers.at(-1)!;
    expect(last).toMatchObject({ done: true, sats: 37, guessesLeft: 4 });
    const result = JSON.parse(last.result.body);
    expect(result).toEqual({
      userId: 11,
      runId: 'mwrsbk00.11.14qq36q',
      score: 500,
      level: 3,
    });
    const secrets = new Map([['hello-sats', SECRET]]);
    expect(checkSignature(secrets, 'hello-sats', last.result.signature, last.result.body)).toBe(true);
    const changed = JSON.stringify({ ...result, score: 700 });
    expect(() => checkSignature(secrets, 'hello-sats', last.result.signature, changed)).toThrow(
      'The signature does not match the request body.',
    );
    // the round is over: no more guesses, and it cannot be started again
    expect((await post('/api/rounds/mwrsbk00.11.14qq36q/guesses', { guess: 50 })).status).toBe(409);
    expect((await post('/api/rounds', { runId: 'mwrsbk00.11.14qq36q' })).status).toBe(409);
  });

  it('ends a round after seven wrong guesses with a signed zero', async () => {
    // the jar holds 42
    jars = [42];
    expect((await post('/api/rounds', { runId: 'lost-round' })).status).toBe(201);
    const answers = [];
    for (const guess of [1, 100, 2, 99, 3, 98, 4])
      answers.push((await post('/api/rounds/lost-round/guesses', { guess })).body);
    expect(answers.map((a) => a.hint)).toEqual(['higher', 'lower', 'higher', 'lower', 'higher', 'lower', 'higher']);
    expect(answers.map((a) => a.guessesLeft)).toEqual([6, 5, 4, 3, 2, 1, 0]);
    expect(answers.slice(0, -1).every((a) => !a.done && !a.result)).toBe(true);
    expect(answers.at(-1)).toMatchObject({ done: true, sats: 42 });
    expect(JSON.parse(answers.at(-1)!.result.body)).toEqual({ userId: 11, runId: 'lost-round', score: 0, level: 7 });
  });

  it("keeps five open rounds a player, a sixth dropping their oldest, and never another player's", async () => {
    // Bob's round and Ada's six, each jar holding 9
    jars = [9, 9, 9, 9, 9, 9, 9];
    expect((await post('/api/rounds', { runId: 'bob-open' }, 'token-bob')).status).toBe(201);
    for (const n of [1, 2, 3, 4, 5, 6])
      expect((await post('/api/rounds', { runId: `ada-open-${n}` })).status).toBe(201);
    expect((await post('/api/rounds/ada-open-1/guesses', { guess: 9 })).status).toBe(404);
    expect((await post('/api/rounds/ada-open-2/guesses', { guess: 9 })).body).toMatchObject({ hint: 'right' });
    expect((await post('/api/rounds/bob-open/guesses', { guess: 9 }, 'token-bob')).body).toMatchObject({
      hint: 'right',
    });
  });

  it('refuses what is not a player, not their round, or not a guess', async () => {
    // the one round started, r-1; no guess below reaches its jar
    jars = [9];
    expect((await post('/api/rounds', { runId: 'r-1' }, 'forged')).status).toBe(401);
    expect((await post('/api/rounds', { runId: 'bad id with spaces' })).status).toBe(400);
    expect((await post('/api/rounds', { runId: 'r-1' })).status).toBe(201);
    expect(await post('/api/rounds/r-1/guesses', { guess: 5 }, 'token-bob')).toEqual({
      status: 403,
      body: { error: "This round is another player's." },
    });
    for (const guess of [0, 101, 2.5, '7', null])
      expect((await post('/api/rounds/r-1/guesses', { guess })).body).toEqual({
        error: 'Guess a whole number from 1 to 100.',
      });
    expect((await post('/api/rounds/unknown/guesses', { guess: 5 })).status).toBe(404);
  });
});

describe('Hello Sats serving several arcades (the e2e tests run one arcade a worker)', () => {
  it("makes its page for the listed arcade its ?arcade= names, asks the arcade a call names, and else the first's", async () => {
    // a second arcade that knows only Bob's token
    const other = createServer((req, res) => {
      const ok =
        req.url === '/api/games/token-info?gameId=hello-sats' && req.headers.authorization === 'Bearer token-bob';
      res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify(ok ? { userId: 99, username: 'bob-elsewhere' } : { error: 'no' }));
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    const both = await startHelloSats({
      port: 0,
      host: '127.0.0.1',
      arcadeOrigin: [arcadeOrigin, otherOrigin],
      secret: SECRET,
      fillJar: () => 50,
    });
    try {
      const pageFor = async (asked: string) => {
        const page = await fetch(`${both.url}/?arcade=${encodeURIComponent(asked)}`);
        return { csp: page.headers.get('content-security-policy')!, html: await page.text() };
      };
      const second = await pageFor(otherOrigin);
      expect(second.csp).toContain(`frame-ancestors ${otherOrigin};`);
      expect(second.csp).not.toContain(arcadeOrigin);
      expect(second.html).toContain(`<meta name="arcade-origin" content="${otherOrigin}" />`);
      // an arcade off the list gets the first one's page: it cannot frame it
      const stranger = await pageFor('https://evil.example');
      expect(stranger.csp).toContain(`frame-ancestors ${arcadeOrigin};`);
      expect(stranger.html).not.toContain('evil.example');

      const start = async (runId: string, token: string, asked?: string) => {
        const response = await fetch(`${both.url}/api/rounds`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            ...(asked ? { 'x-arcade-origin': asked } : {}),
          },
          body: JSON.stringify({ runId }),
        });
        return response.status;
      };
      // Ada is known to the first arcade only, Bob to both: each call is judged by the arcade it names
      expect(await start('multi-1', 'token-ada')).toBe(201);
      expect(await start('multi-2', 'token-ada', otherOrigin)).toBe(401);
      expect(await start('multi-3', 'token-ada', 'https://evil.example')).toBe(201);
      expect(await start('multi-4', 'token-bob', otherOrigin)).toBe(201);
      const guess = await fetch(`${both.url}/api/rounds/multi-4/guesses`, {
        method: 'POST',
        headers: {
          authorization: 'Bearer token-bob',
          'content-type': 'application/json',
          'x-arcade-origin': otherOrigin,
        },
        body: JSON.stringify({ guess: 50 }),
      });
      expect(JSON.parse((await guess.json()).result.body)).toMatchObject({ userId: 99, runId: 'multi-4', score: 700 });
    } finally {
      await both.close();
      await new Promise((resolve) => other.close(resolve));
    }
  });
});
