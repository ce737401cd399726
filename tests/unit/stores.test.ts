// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://arcade.test/" }
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllQueries } from '../../src/lib/query';
import { loaded } from '../../src/lib/query-wait';
import { gamesPlayedStore } from '../../src/lib/stores/game-stats';
import { userRankStore } from '../../src/lib/stores/leaderboards';
import { $session, settledSession } from '../../src/lib/stores/session';

// The spec's call rules as the stores apply them, against a stubbed `fetch`: the current user's
// 401 is an answer (signed out), stats calls are retried once and count a failure as 0, and a 401
// from a player's own rank signs the page out.

type Reply = { status: number; body?: unknown };
let replies: Record<string, Reply[]>;
const calls: string[] = [];

function reply(path: string, ...answers: Reply[]) {
  replies[path] = answers;
}

beforeEach(() => {
  replies = {};
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string) => {
      const url = new URL(typeof input === 'string' ? input : input.url, window.location.href);
      const path = `${url.pathname}${url.search}`;
      calls.push(path);
      const answer = replies[path]?.shift() ?? { status: 404, body: { error: 'Not found' } };
      return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});

afterEach(async () => {
  clearAllQueries();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('session store', () => {
  it('is loading until /api/auth/me answers, then signed in, and asks once for every island', async () => {
    reply('/api/auth/me', { status: 200, body: { user: { id: 7, username: 'reel_queen', email: 'r@example.com', isAdmin: false } } });
    expect($session.get()).toEqual({ status: 'loading' });
    const [a, b] = await Promise.all([settledSession(), settledSession()]);
    expect(a).toEqual({ status: 'signed-in', user: expect.objectContaining({ id: 7, username: 'reel_queen' }) });
    expect(b).toEqual(a);
    expect(calls.filter((c) => c === '/api/auth/me')).toHaveLength(1);
  });

  it('reads user null as signed out', async () => {
    clearAllQueries();
    reply('/api/auth/me', { status: 200, body: { user: null } });
    expect(await settledSession()).toEqual({ status: 'signed-out' });
  });

  it('turns a 401 into signed out, without retrying', async () => {
    clearAllQueries();
    reply('/api/auth/me', { status: 401, body: { error: 'Sign in first.' } }, { status: 200, body: { user: { id: 1, username: 'x', email: 'x@example.com' } } });
    expect(await settledSession()).toEqual({ status: 'signed-out' });
    expect(calls.filter((c) => c === '/api/auth/me')).toHaveLength(1);
  });
});

describe('games played', () => {
  it('retries the stats call once and shows its answer', async () => {
    vi.useFakeTimers();
    reply('/api/stats/global/rekt', { status: 503 }, { status: 200, body: { stats: { totalGames: 2847 } } });
    const values: (number | null)[] = [];
    const stop = gamesPlayedStore('rekt').subscribe((v) => values.push(v));
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(values.at(-1)).toBe(2847));
    expect(values).not.toContain(0);
    expect(calls.filter((c) => c === '/api/stats/global/rekt')).toHaveLength(2);
    stop();
  });

  it('counts a call that failed twice as 0 games played', async () => {
    vi.useFakeTimers();
    reply('/api/stats/global/mr-quiz', { status: 500 }, { status: 500 });
    const values: (number | null)[] = [];
    const stop = gamesPlayedStore('mr-quiz').subscribe((v) => values.push(v));
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(values.at(-1)).toBe(0));
    expect(values[0]).toBeNull();
    expect(calls.filter((c) => c === '/api/stats/global/mr-quiz')).toHaveLength(2);
    stop();
  });
});

describe('own rank', () => {
  it('signs the page out when the rank call answers 401', async () => {
    reply('/api/auth/me', { status: 200, body: { user: { id: 3, username: 'satoshi_fan', email: 's@example.com' } } });
    clearAllQueries();
    expect((await settledSession()).status).toBe('signed-in');
    reply('/api/leaderboards/rekt/user-rank?type=global', { status: 401, body: { error: 'Sign in first.' } });
    await expect(loaded(userRankStore({ gameId: 'rekt', scope: 'global' }))).rejects.toThrow('401');
    expect($session.get()).toEqual({ status: 'signed-out' });
    expect(calls.filter((c) => c.includes('user-rank'))).toHaveLength(1);
  });
});
