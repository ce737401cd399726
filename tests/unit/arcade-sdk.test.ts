import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sdkTypes } from '../../scripts/sdk-types.mjs';

// The Game SDK (games/sdk/arcade-sdk.js) in a stand-in for a game's frame: the window with its
// parent (the play page), the fragment the play page writes, and the arcade's Game API.

const ARCADE = 'https://arcade.example';
const TOKEN = `h.${Buffer.from(JSON.stringify({ username: 'jwt_name' })).toString('base64url')}.s`;

interface Frame {
  posted: { message: Record<string, unknown>; targetOrigin: string }[];
  listeners: ((event: unknown) => void)[];
  parent: object;
  replaced: string[];
}

/**
 * A fresh SDK module in a frame whose URL has `hash`, served at https://game.example with the
 * arcade named in its meta; `fetch` answers the Game API calls.
 */
async function frameWith(
  hash: string,
  fetch: (url: string, init: RequestInit) => Promise<Response>,
  { storage = new Map<string, string>(), meta = ARCADE as string | null } = {},
) {
  vi.resetModules();
  const frame: Frame = { posted: [], listeners: [], parent: {}, replaced: [] };
  frame.parent = {
    postMessage: (message: Record<string, unknown>, targetOrigin: string) =>
      frame.posted.push({ message, targetOrigin }),
  };
  vi.stubGlobal('window', {
    parent: frame.parent,
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      if (type === 'message') frame.listeners.push(listener);
    },
    removeEventListener: () => {},
  });
  vi.stubGlobal('location', { hash, pathname: '/play/', search: '?arcade=x', origin: 'https://game.example' });
  vi.stubGlobal('history', {
    state: null,
    replaceState: (_: unknown, __: string, url: string) => frame.replaced.push(url),
  });
  vi.stubGlobal('document', {
    querySelector: (selector: string) =>
      selector === 'meta[name="arcade-origin"]' && meta ? { getAttribute: () => meta } : null,
  });
  // the tab's sessionStorage: the same Map across a "reload" when a test passes it again
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
  vi.stubGlobal('fetch', vi.fn(fetch));
  const sdk = await import('~games/sdk/arcade-sdk.js');
  const fromArcade = (data: object, over: object = {}) => {
    for (const listener of frame.listeners) listener({ origin: ARCADE, source: frame.parent, data, ...over });
  };
  return { sdk, frame, fromArcade, fetch: globalThis.fetch as unknown as ReturnType<typeof vi.fn> };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ticket = (n: number) => ({ runId: `run.${n}`, seed: n, startedAt: '2026-11-26T10:00:00.000Z' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the Game SDK', () => {
  // The TypeScript compiler's run takes seconds of CPU: a limit for a machine shared with other work.
  it('ships types that are what its JSDoc makes (npm run sdk:types)', { timeout: 90_000 }, async () => {
    expect(readFileSync('games/sdk/arcade-sdk.d.ts', 'utf8')).toBe(await sdkTypes());
  });

  it('says ARCADE_READY to the arcade alone with the nonce, and takes the token from the fragment once', async () => {
    const { sdk, frame } = await frameWith(`#nonce=n0nce&token=${TOKEN}&username=Frag_Player`, async () =>
      json(201, ticket(1)),
    );
    const arcade = sdk.connect({ gameId: 'my-game', prefetch: false });
    expect(arcade.arcadeOrigin).toBe(ARCADE);
    expect(frame.posted).toEqual([
      { message: { type: 'ARCADE_READY', gameId: 'my-game', nonce: 'n0nce' }, targetOrigin: ARCADE },
    ]);
    expect(arcade.player).toEqual({ token: TOKEN, username: 'Frag_Player' });
    // the fragment is gone from the address (and so from history and any Referer)
    expect(frame.replaced).toEqual(['/play/?arcade=x']);
    expect(sdk.VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("takes a token only from its parent, the arcade's exact origin, with its nonce", async () => {
    const { sdk, fromArcade } = await frameWith('#nonce=n0nce', async () => json(201, ticket(1)));
    const arcade = sdk.connect({ gameId: 'my-game', prefetch: false });
    const seen: unknown[] = [];
    arcade.onPlayer((player) => seen.push(player));
    fromArcade({ type: 'ARCADE_TOKEN', token: 'forged', nonce: 'n0nce' }, { origin: 'https://evil.example' });
    fromArcade({ type: 'ARCADE_TOKEN', token: 'forged', nonce: 'n0nce' }, { source: {} });
    fromArcade({ type: 'ARCADE_TOKEN', token: 'forged', nonce: 'other' });
    expect(arcade.player).toBeNull();
    fromArcade({ type: 'ARCADE_TOKEN', token: TOKEN, nonce: 'n0nce' });
    // no username in the message: the token's own claim, for display
    expect(seen).toEqual([null, { token: TOKEN, username: 'jwt_name' }]);
    await expect(arcade.whenPlayer()).resolves.toEqual({ token: TOKEN, username: 'jwt_name' });
  });

  it('refuses a configured arcade that is not an origin, and never reads ?arcade=', async () => {
    const { sdk } = await frameWith('', async () => json(201, {}));
    expect(() => sdk.connect({ gameId: 'my-game', arcadeOrigin: 'https://arcade.example/path' })).toThrow(
      'arcadeOrigin must be an origin',
    );
    expect(() => sdk.connect({ gameId: 'My Game' })).toThrow('gameId must be');
    expect(sdk.connect({ gameId: 'my-game', arcadeOrigin: 'http://localhost:4321/' }).arcadeOrigin).toBe(
      'http://localhost:4321',
    );
  });

  it('starts runs with tickets fetched ahead, and drops one fetched with a replaced token', async () => {
    let issued = 0;
    const { sdk, fromArcade, fetch } = await frameWith(`#nonce=n&token=${TOKEN}`, async (url, init) => {
      expect(url).toBe(`${ARCADE}/api/games/my-game/runs/start`);
      expect(init.method).toBe('POST');
      return json(201, { ...ticket(++issued), auth: new Headers(init.headers).get('authorization') });
    });
    const arcade = sdk.connect({ gameId: 'my-game' });
    // the first ticket was asked for on connecting; starting takes it and asks for the next
    const first = await arcade.startRun();
    expect(first).toMatchObject({ runId: 'run.1', seed: 1, startedAt: Date.parse('2026-11-26T10:00:00.000Z') });
    expect(first).not.toHaveProperty('token');
    expect(fetch).toHaveBeenCalledTimes(2);
    fromArcade({ type: 'ARCADE_TOKEN', token: 'h.new.s', username: 'P', nonce: 'n' });
    const second = (await arcade.startRun()) as unknown as { runId: string; auth: string };
    // run.2 was fetched with the old token: the one fetched with the new token is used
    expect(second).toMatchObject({ runId: 'run.3', auth: 'Bearer h.new.s' });
  });

  it('submits a run once saved, and says why when not', async () => {
    const answers = [json(201, { run: { runId: 'run.1', verified: true }, best: { score: 42 } })];
    const { sdk, fetch } = await frameWith(`#nonce=n&token=${TOKEN}`, async () => answers.shift()!);
    const arcade = sdk.connect({ gameId: 'my-game', prefetch: false });
    await expect(arcade.submit({ runId: 'run.1', score: 41.7, level: 2.2, inputs: [3, 9] })).resolves.toEqual({
      ok: true,
      status: 'saved',
      httpStatus: 201,
      run: { runId: 'run.1', verified: true },
      best: { score: 42 },
    });
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${ARCADE}/api/games/my-game/runs`);
    expect(JSON.parse(init.body as string)).toEqual({ runId: 'run.1', score: 41, level: 2, inputs: [3, 9] });
    expect(new Headers(init.headers).get('authorization')).toBe(`Bearer ${TOKEN}`);

    answers.push(json(401, { error: 'expired' }));
    await expect(arcade.submit({ runId: 'run.1', score: 1 })).resolves.toMatchObject({
      ok: false,
      status: 'expired',
      httpStatus: 401,
    });
    answers.push(json(422, { error: 'The run does not match its replay: score 9, not 1.' }));
    await expect(arcade.submit({ runId: 'run.1', score: 1 })).resolves.toEqual({
      ok: false,
      status: 'refused',
      httpStatus: 422,
      error: 'The run does not match its replay: score 9, not 1.',
    });
  });

  it('retries network errors and 5xx three times with the same body, then says unreachable', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const { sdk, fetch } = await frameWith(`#nonce=n&token=${TOKEN}`, async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return json(503, { error: 'busy' });
    });
    const retries: [number, number][] = [];
    const arcade = sdk.connect({ gameId: 'my-game', prefetch: false, onRetry: (a, of) => retries.push([a, of]) });
    const outcome = arcade.submit({ runId: 'run.1', score: 5 });
    await vi.runAllTimersAsync();
    await expect(outcome).resolves.toEqual({
      ok: false,
      status: 'unreachable',
      httpStatus: 503,
      error: 'The arcade had a problem (503).',
    });
    expect(retries).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    const bodies = fetch.mock.calls.map(([, init]) => (init as RequestInit).body);
    expect(bodies).toHaveLength(4);
    expect(new Set(bodies).size).toBe(1);
  });

  it("sends a result the game's server signed byte for byte, with its signature", async () => {
    const { sdk, fetch } = await frameWith(`#nonce=n&token=${TOKEN}`, async () =>
      json(201, { run: { verified: true }, best: { score: 500 } }),
    );
    const arcade = sdk.connect({ gameId: 'my-game', prefetch: false });
    const body = '{"userId":3,"runId":"run.1","score":500,   "level":3}';
    const outcome = await arcade.submitSigned({ body, signature: 't=1,v1=ab' });
    expect(outcome.ok).toBe(true);
    const [, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(init.body).toBe(body);
    expect(new Headers(init.headers).get('x-arcade-signature')).toBe('t=1,v1=ab');
  });

  it("calls a signed run's 401 refused while the token still holds, and expired once it does not", async () => {
    const answers: Record<string, Response[]> = {
      runs: [json(401, { error: 'The signature does not match the request body.' }), json(401, { error: 'x' })],
      'token-info': [
        json(200, { userId: 3, username: 'jwt_name', expiresAt: '2026-11-26T11:00:00.000Z' }),
        json(401, {}),
      ],
    };
    const { sdk } = await frameWith(`#nonce=n&token=${TOKEN}`, async (url) =>
      answers[url.split('/').pop()!.split('?')[0]!]!.shift()!,
    );
    const arcade = sdk.connect({ gameId: 'my-game', prefetch: false });
    await expect(arcade.submitSigned({ body: '{}', signature: 't=1,v1=ab' })).resolves.toEqual({
      ok: false,
      status: 'refused',
      httpStatus: 401,
      error: 'The signature does not match the request body.',
    });
    await expect(arcade.submitSigned({ body: '{}', signature: 't=1,v1=ab' })).resolves.toMatchObject({
      status: 'expired',
    });
  });

  it('counts a run saved even when the answer cannot be read', async () => {
    const { sdk } = await frameWith(`#nonce=n&token=${TOKEN}`, async () => new Response('<html>', { status: 201 }));
    const arcade = sdk.connect({ gameId: 'my-game', prefetch: false });
    await expect(arcade.submit({ runId: 'run.1', score: 5 })).resolves.toEqual({
      ok: true,
      status: 'saved',
      httpStatus: 201,
      run: null,
      best: null,
    });
  });

  it('sends nothing without a player', async () => {
    const { sdk, fetch } = await frameWith('', async () => json(201, {}));
    const arcade = sdk.connect({ gameId: 'my-game' });
    expect(await arcade.startRun()).toBeNull();
    await expect(arcade.submit({ runId: 'x', score: 1 })).resolves.toMatchObject({ ok: false, status: 'signed-out' });
    expect(await arcade.tokenInfo()).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('takes a fresh token by message without a reload, from the arcade alone, and tells onPlayer', async () => {
    const { sdk, fromArcade, frame } = await frameWith(`#nonce=n0nce&token=${TOKEN}&username=P1`, async () =>
      json(201, ticket(1)),
    );
    const arcade = sdk.connect({ gameId: 'my-game', prefetch: false });
    const seen: unknown[] = [];
    arcade.onPlayer((player) => seen.push(player?.token));
    // a refresh from anywhere but the arcade's window, origin and nonce is ignored
    fromArcade({ type: 'ARCADE_TOKEN', token: 'h.evil.s', nonce: 'n0nce' }, { origin: 'https://evil.example' });
    fromArcade({ type: 'ARCADE_TOKEN', token: 'h.evil.s', nonce: 'n0nce' }, { source: {} });
    fromArcade({ type: 'ARCADE_TOKEN', token: 'h.evil.s', nonce: 'old-load' });
    expect(arcade.player?.token).toBe(TOKEN);
    fromArcade({ type: 'ARCADE_TOKEN', token: 'h.fresh.s', username: 'P1', nonce: 'n0nce' });
    expect(arcade.player).toEqual({ token: 'h.fresh.s', username: 'P1' });
    expect(seen).toEqual([TOKEN, 'h.fresh.s']);
    // the fragment was read once, at load: nothing reloaded
    expect(frame.replaced).toHaveLength(1);
  });

  it('tells the play page while a run is in progress: from startRun until its result is settled', async () => {
    const answers = [
      json(201, ticket(1)),
      json(503, {}),
      json(503, {}),
      json(503, {}),
      json(503, {}),
      json(201, { run: {}, best: { score: 3 } }),
      json(201, ticket(2)),
    ];
    const { sdk, frame } = await frameWith(`#nonce=n&token=${TOKEN}`, async () => answers.shift()!);
    const arcade = sdk.connect({ gameId: 'my-game', prefetch: false });
    const runMessages = () => frame.posted.filter((p) => p.message.type === 'ARCADE_RUN');
    await arcade.startRun();
    expect(runMessages()).toEqual([
      { message: { type: 'ARCADE_RUN', running: true, nonce: 'n' }, targetOrigin: ARCADE },
    ]);
    vi.useFakeTimers();
    const unreachable = arcade.submit({ runId: 'run.1', score: 3 });
    await vi.runAllTimersAsync();
    await expect(unreachable).resolves.toMatchObject({ status: 'unreachable' });
    // not saved yet: the run is still the player's to lose
    expect(runMessages()).toHaveLength(1);
    await expect(arcade.submit({ runId: 'run.1', score: 3 })).resolves.toMatchObject({ status: 'saved' });
    expect(runMessages().map((p) => p.message.running)).toEqual([true, false]);
    // a run that ends without a result says so itself
    vi.useRealTimers();
    await arcade.startRun();
    arcade.endRun();
    arcade.endRun();
    expect(runMessages().map((p) => p.message.running)).toEqual([true, false, true, false]);
  });

  it('keeps a result refused for an expired token and sends it again once, with the next token', async () => {
    const storage = new Map<string, string>();
    const sent: { auth: string | null; body: unknown }[] = [];
    const answers = [json(401, { error: 'The game token has expired.' }), json(201, { run: {}, best: { score: 7 } })];
    const { sdk, fromArcade } = await frameWith(
      `#nonce=n&token=${TOKEN}&username=P1`,
      async (url, init) => {
        sent.push({ auth: new Headers(init.headers).get('authorization'), body: init.body });
        return answers.shift() ?? json(500, {});
      },
      { storage },
    );
    const arcade = sdk.connect({ gameId: 'my-game', prefetch: false });
    const resent: unknown[] = [];
    arcade.onResend((outcome, runId) => resent.push([outcome.status, runId]));
    await expect(arcade.submit({ runId: 'run.1', score: 7 })).resolves.toMatchObject({ status: 'expired' });
    expect(JSON.parse(storage.get('sats-arcade-sdk:kept:my-game')!)).toEqual([
      { body: '{"runId":"run.1","score":7}', signature: null, username: 'P1' },
    ]);
    // the same token again is not a fresh one: nothing is sent
    fromArcade({ type: 'ARCADE_TOKEN', token: TOKEN, username: 'P1', nonce: 'n' });
    expect(sent).toHaveLength(1);
    fromArcade({ type: 'ARCADE_TOKEN', token: 'h.fresh.s', username: 'P1', nonce: 'n' });
    await vi.waitFor(() => expect(resent).toEqual([['saved', 'run.1']]));
    expect(sent).toEqual([
      { auth: `Bearer ${TOKEN}`, body: '{"runId":"run.1","score":7}' },
      { auth: 'Bearer h.fresh.s', body: '{"runId":"run.1","score":7}' },
    ]);
    expect(storage.has('sats-arcade-sdk:kept:my-game')).toBe(false);
    // saved: a later token sends nothing more
    fromArcade({ type: 'ARCADE_TOKEN', token: 'h.later.s', username: 'P1', nonce: 'n' });
    await Promise.resolve();
    expect(sent).toHaveLength(2);
  });

  it('sends a kept result again after a reload of the frame, once, and never for another player', async () => {
    const storage = new Map<string, string>();
    const sent: (string | null)[] = [];
    const first = await frameWith(
      `#nonce=n&token=${TOKEN}&username=P1`,
      async (_, init) => {
        sent.push(new Headers(init.headers).get('authorization'));
        return json(401, { error: 'The game token has expired.' });
      },
      { storage },
    );
    await first.sdk.connect({ gameId: 'my-game', prefetch: false }).submit({ runId: 'run.9', score: 90 });
    expect(sent).toHaveLength(1);
    // Refresh Game: the frame reloads with a fresh token for another player first: kept, not sent
    const other = await frameWith('#nonce=m&token=h.other.s&username=P2', async () => json(500, {}), { storage });
    other.sdk.connect({ gameId: 'my-game', prefetch: false });
    expect(other.fetch).not.toHaveBeenCalled();
    // then for the player who played it: sent at once with the fresh token, saved
    const bodies: unknown[] = [];
    const reloaded = await frameWith(
      '#nonce=k&token=h.reloaded.s&username=P1',
      async (_, init) => {
        bodies.push([new Headers(init.headers).get('authorization'), init.body]);
        return json(201, { run: {}, best: { score: 90 } });
      },
      { storage },
    );
    const arcade = reloaded.sdk.connect({ gameId: 'my-game', prefetch: false });
    const resent: string[] = [];
    arcade.onResend((outcome) => resent.push(outcome.status));
    await vi.waitFor(() => expect(resent).toEqual(['saved']));
    expect(bodies).toEqual([['Bearer h.reloaded.s', '{"runId":"run.9","score":90}']]);
    expect(storage.has('sats-arcade-sdk:kept:my-game')).toBe(false);
    reloaded.fromArcade({ type: 'ARCADE_TOKEN', token: 'h.next.s', username: 'P1', nonce: 'k' });
    await Promise.resolve();
    expect(bodies).toHaveLength(1);
  });

  it('says loudly in the console when no arcade origin is configured, and how to fix it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { sdk } = await frameWith('', async () => json(201, {}), { meta: null });
    expect(sdk.connect({ gameId: 'my-game' }).arcadeOrigin).toBe('https://game.example');
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]![0]).toMatch(
      /no arcade origin is configured.*startRun\(\) will answer null.*arcadeOrigin/s,
    );
    error.mockRestore();
  });
});
