// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://arcade.test/" }
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { computeAchievements } from '~/lib/achievements';
import { clearAllQueries } from '~/lib/query';
import { loaded, runMutation } from '~/lib/query-wait';
import { $achievements, $claimAvatar } from '~/lib/stores/avatars';
import { gamesPlayedStore } from '~/lib/stores/game-stats';
import { userRankStore } from '~/lib/stores/leaderboard-queries';
import { $session, settledSession } from '~/lib/stores/session';

// The spec's call rules as the stores apply them, against a stubbed `fetch`: the current user's
// 401 is an answer (signed out), stats calls are retried once and count a failure as 0, and a 401
// from a player's own rank signs the page out.

/** An answer; with `until`, it comes only once that promise resolves (a call held in flight). */
type Reply = { status: number; body?: unknown; until?: Promise<void> };
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
      await answer.until;
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

/**
 * The session store as a page first loads it: a fresh module with its own cache. `clearAllQueries`
 * forgets the answers but leaves the last session in a store nobody listens to.
 */
async function freshSessionStore() {
  vi.resetModules();
  return import('~/lib/stores/session');
}

describe('session store', () => {
  it('is loading until /api/auth/me answers, then signed in, and asks once for every island', async () => {
    const { $session, settledSession } = await freshSessionStore();
    reply('/api/auth/me', {
      status: 200,
      body: { user: { id: 7, username: 'reel_queen', email: 'r@example.com', isAdmin: false } },
    });
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
    reply(
      '/api/auth/me',
      { status: 401, body: { error: 'Sign in first.' } },
      { status: 200, body: { user: { id: 1, username: 'x', email: 'x@example.com' } } },
    );
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

describe('claiming an avatar', () => {
  it('marks the card claimed as soon as the claim is answered, while the cards are asked again', async () => {
    // A player with all three beginner tiers and no avatar yet.
    const before = computeAchievements({
      formations: new Set(),
      bestScore: 15_000,
      tournamentsEntered: 0,
      ownedAvatarIds: new Set(),
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const after = { ...before, cards: before.cards.map((c) => ({ ...c, claimed: c.id === 'beginner' })) };
    reply('/api/achievements', { status: 200, body: before }, { status: 200, body: after, until: held });
    reply('/api/avatars/claim', { status: 200, body: { message: 'REKT! Beginner has joined your collection!' } });
    const claimedOf = (id: string) => $achievements.get().data?.cards.find((c) => c.id === id)?.claimed;
    const stop = $achievements.listen(() => {});
    await loaded($achievements);
    expect(claimedOf('beginner')).toBe(false);

    const outcome = await runMutation($claimAvatar, { achievementCardId: 'beginner', avatarId: 'fiat-bird' });
    expect(outcome.status).toBe('done');
    await vi.waitFor(() => expect(calls.filter((c) => c === '/api/achievements')).toHaveLength(2));
    expect(claimedOf('beginner')).toBe(true);
    expect(claimedOf('pro')).toBe(false);

    release();
    await vi.waitFor(() => expect($achievements.get().loading).toBe(false));
    expect(claimedOf('beginner')).toBe(true);
    stop();
  });
});
