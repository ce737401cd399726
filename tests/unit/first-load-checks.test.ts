// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://arcade.test/" }
import * as z from 'zod/mini';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverMessage } from '~/lib/failure';
import { ApiError, request } from '~/lib/request';
import { globalStatsResponseSchema } from '~/lib/schemas/games';
import { meAnswerSchema } from '~/lib/schemas/user';
import { readGlobalStats } from '~/lib/stores/game-stats';
import { readMeAnswer } from '~/lib/stores/session';

// The calls every page makes are checked by hand (no zod in the first load): the checks must accept
// and refuse exactly what the schemas of the API's answers do, and return the same values.

const meAnswers: unknown[] = [
  { user: null },
  { user: { id: 7, username: 'reel_queen', email: 'r@example.com', isAdmin: false } },
  {
    user: {
      id: 1,
      username: 'admin',
      email: 'admin@example.com',
      isAdmin: true,
      avatarImage: '/api/assets/avatars/a.png',
    },
  },
  { user: { id: 2, username: 'gm', email: 'gm@example.com' } },
  { user: { id: 3, username: 'x', email: 'x@example.com', avatarImage: null, extra: 'dropped' } },
  { user: { id: 0, username: 'x', email: 'x@example.com' } },
  { user: { id: 1.5, username: 'x', email: 'x@example.com' } },
  { user: { id: -4, username: 'x', email: 'x@example.com' } },
  { user: { id: '4', username: 'x', email: 'x@example.com' } },
  { user: { id: 4, username: 5, email: 'x@example.com' } },
  { user: { id: 4, username: 'x' } },
  { user: { id: 4, username: 'x', email: 'x@example.com', isAdmin: 'yes' } },
  { user: { id: 4, username: 'x', email: 'x@example.com', avatarImage: 12 } },
  { user: 'nobody' },
  {},
  null,
  'oops',
];

const statsAnswers: unknown[] = [
  { stats: { totalGames: 2847 } },
  { stats: { totalGames: 0, other: 1 } },
  { stats: { totalGames: '12' } },
  { stats: {} },
  { totals: 4 },
  null,
];

/** What a zod schema makes of `answer`: the parsed value, or 'refused'. */
function viaSchema(schema: z.ZodMiniType, answer: unknown): unknown {
  const result = z.safeParse(schema, answer);
  return result.success ? result.data : 'refused';
}

/** What a hand check makes of `answer`: the value, or 'refused' when it throws. */
function viaCheck(check: (answer: unknown) => unknown, answer: unknown): unknown {
  try {
    return check(answer);
  } catch {
    return 'refused';
  }
}

describe('the current user answer', () => {
  it.each(meAnswers.map((answer) => [JSON.stringify(answer), answer]))(
    'reads %s as meAnswerSchema does',
    (_, answer) => {
      const parsed = viaSchema(meAnswerSchema, answer);
      const expected = parsed === 'refused' ? 'refused' : (parsed as { user: unknown }).user;
      expect(viaCheck(readMeAnswer, answer)).toEqual(expected);
    },
  );

  it('refuses a user without an id with a message naming the call', () => {
    expect(() => readMeAnswer({ user: { username: 'x', email: 'x@example.com' } })).toThrow(
      'Unexpected answer from /api/auth/me',
    );
  });
});

describe('the games-played answer', () => {
  it.each(statsAnswers.map((answer) => [JSON.stringify(answer), answer]))(
    'reads %s as globalStatsResponseSchema does',
    (_, answer) => {
      expect(viaCheck((a) => readGlobalStats('stats/global/rekt', a), answer)).toEqual(
        viaSchema(globalStatsResponseSchema, answer),
      );
    },
  );
});

describe('request', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the API with credentials, JSON and the body, and throws an ApiError with the body on a failure', async () => {
    const fetch = vi.fn(
      async () => new Response('{"error":"Too many requests."}', { status: 429, statusText: 'Too Many Requests' }),
    );
    vi.stubGlobal('fetch', fetch);
    const failure = await request('auth/send-magic-link', 'post', { email: 'a@example.com' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('429: {"error":"Too many requests."}');
    expect(serverMessage(failure as ApiError)).toBe('Too many requests.');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/send-magic-link');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"email":"a@example.com"}' });
    expect(init.headers).toEqual({ accept: 'application/json', 'content-type': 'application/json' });
  });

  it('sends a GET without a body and hands back an OK answer', async () => {
    const fetch = vi.fn(async () => new Response('{"user":null}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const response = await request('auth/me');
    expect(await response.json()).toEqual({ user: null });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init).toMatchObject({ method: 'GET', body: undefined });
    expect(init.headers).toEqual({ accept: 'application/json' });
  });
});
