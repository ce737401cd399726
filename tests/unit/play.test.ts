import { describe, expect, it } from 'vitest';
import { acceptGameMessage, findPlayableGame, gameFrameSrc, newFrameNonce } from '~/lib/play-frame';
import { playHref, signUpRequiredToast } from '~/lib/play';

describe('playHref', () => {
  it('puts the game url and name in the query, encoded', () => {
    const href = playHref('https://games.example/rekt/?mode=a&b=c', 'REKT!');
    expect(href.startsWith('/play?')).toBe(true);
    const query = new URLSearchParams(href.slice('/play?'.length));
    expect(query.get('url')).toBe('https://games.example/rekt/?mode=a&b=c');
    expect(query.get('name')).toBe('REKT!');
  });
});

describe('signUpRequiredToast', () => {
  it('names the game in the exact wording of the spec', () => {
    expect(signUpRequiredToast('Mr Quiz')).toEqual({
      title: 'Sign Up Required',
      description: 'Please sign up or log in to play Mr Quiz and access the arcade.',
      variant: 'destructive',
    });
  });
});

describe('findPlayableGame', () => {
  const gamesOrigin = 'https://games.arcade.example';
  const games = [
    { gameId: 'rekt', name: 'REKT!', url: '/arcade-games/rekt/' },
    { gameId: 'quiz', name: 'Mr Quiz', url: 'https://quiz.example/play/index.html' },
  ];
  const found = (url: string) => findPlayableGame(url, games, gamesOrigin)?.gameId ?? null;

  it('finds catalogue games and addresses inside their own folder', () => {
    expect(found('/arcade-games/rekt/')).toBe('rekt');
    expect(found('/arcade-games/rekt/index.html?mode=hard')).toBe('rekt');
    expect(found('https://games.arcade.example/arcade-games/rekt/')).toBe('rekt');
    expect(findPlayableGame('/arcade-games/rekt/', games, gamesOrigin)?.href.origin).toBe(gamesOrigin);
    expect(found('https://quiz.example/play/index.html')).toBe('quiz');
    expect(found('https://quiz.example/play/level-2.html')).toBe('quiz');
  });

  it('refuses encoded traversal, backslashes and paths outside the game folder', () => {
    for (const url of [
      '/arcade-games/rekt/..%2f..%2fapi/auth/me',
      '/arcade-games/rekt/%2e%2e/%2e%2e/admin',
      '/arcade-games/rekt/%2E%2E%2Fmr-quiz/',
      '/arcade-games/rekt/..%5c..%5cadmin',
      '/arcade-games/rekt/..\\..\\admin',
      '/arcade-games/rekt/../mr-quiz/',
      '/arcade-games/rekt-evil/',
      '/arcade-games/',
      'https://quiz.example/other/',
      'https://quiz.example/playground/',
      'https://user:pw@quiz.example/play/index.html',
      'https://evil.example/arcade-games/rekt/',
      'javascript:alert(1)',
      '//evil.example/arcade-games/rekt/',
      // the reference games are never played from the arcade's own origin
      'https://arcade.example/arcade-games/rekt/',
    ]) {
      expect(found(url), url).toBeNull();
    }
  });
});

describe('gameFrameSrc', () => {
  const game = new URL('https://games.arcade.example/arcade-games/rekt/?x=1');
  it('hands the frame its nonce in the fragment and never puts the game token in the query', () => {
    const plain = new URL(gameFrameSrc(game, 'https://arcade.example', 'n0nce'));
    expect(plain.searchParams.get('arcade')).toBe('https://arcade.example');
    expect(plain.origin).toBe('https://games.arcade.example');
    expect(Object.fromEntries(new URLSearchParams(plain.hash.slice(1)))).toEqual({ nonce: 'n0nce' });
    const fallback = new URL(
      gameFrameSrc(game, 'https://arcade.example', 'n0nce', { token: 'a.b.c', username: 'zed' }),
    );
    expect(fallback.searchParams.has('token')).toBe(false);
    expect(fallback.search).not.toContain('a.b.c');
    expect(Object.fromEntries(new URLSearchParams(fallback.hash.slice(1)))).toEqual({
      nonce: 'n0nce',
      token: 'a.b.c',
      username: 'zed',
    });
  });

  it('makes a new unguessable nonce for every frame', () => {
    const nonces = new Set(Array.from({ length: 50 }, () => newFrameNonce()));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('acceptGameMessage', () => {
  const frame = {} as MessageEventSource;
  const other = {} as MessageEventSource;
  const expected = { origin: 'https://games.arcade.example', source: frame, nonce: 'n0nce' };
  const event = (over: Partial<{ origin: string; source: MessageEventSource | null; data: unknown }>) => ({
    origin: 'https://games.arcade.example',
    source: frame,
    data: { type: 'ARCADE_READY', nonce: 'n0nce' },
    ...over,
  });

  it("takes the frame's handshake and clipboard text from its exact origin and window, with its nonce", () => {
    expect(acceptGameMessage(event({}), expected)).toEqual({ type: 'ARCADE_READY' });
    expect(
      acceptGameMessage(event({ data: { type: 'COPY_TO_CLIPBOARD', text: 'I scored 5', nonce: 'n0nce' } }), expected),
    ).toEqual({ type: 'COPY_TO_CLIPBOARD', text: 'I scored 5' });
  });

  it("takes the game's run state only from its frame, origin and nonce, as a boolean", () => {
    const run = (running: unknown, nonce = 'n0nce') => ({ data: { type: 'ARCADE_RUN', running, nonce } });
    expect(acceptGameMessage(event(run(true)), expected)).toEqual({ type: 'ARCADE_RUN', running: true });
    expect(acceptGameMessage(event(run(false)), expected)).toEqual({ type: 'ARCADE_RUN', running: false });
    expect(acceptGameMessage(event(run('yes')), expected)).toBeNull();
    expect(acceptGameMessage(event(run(true, 'other')), expected)).toBeNull();
    expect(acceptGameMessage(event({ ...run(true), origin: 'https://evil.example' }), expected)).toBeNull();
    expect(acceptGameMessage(event({ ...run(true), source: other }), expected)).toBeNull();
  });

  it('ignores another origin, another window, a missing or wrong nonce, and anything unknown', () => {
    for (const [why, over] of [
      ['the arcade itself', { origin: 'https://arcade.example' }],
      ['a look-alike host', { origin: 'https://games.arcade.example.evil' }],
      ['another port', { origin: 'https://games.arcade.example:8443' }],
      ['another window', { source: other }],
      ['no window', { source: null }],
      ['no nonce', { data: { type: 'ARCADE_READY' } }],
      ['a wrong nonce', { data: { type: 'ARCADE_READY', nonce: 'guess' } }],
      ['an earlier frame', { data: { type: 'ARCADE_READY', nonce: 'n0nce-old' } }],
      ['an unknown type', { data: { type: 'ARCADE_TOKEN', nonce: 'n0nce' } }],
      ['too long a text', { data: { type: 'COPY_TO_CLIPBOARD', text: 'x'.repeat(2001), nonce: 'n0nce' } }],
      ['not an object', { data: 'ARCADE_READY' }],
    ] as const) {
      expect(acceptGameMessage(event(over), expected), why).toBeNull();
    }
    expect(acceptGameMessage(event({}), { ...expected, source: null }), 'no frame yet').toBeNull();
  });
});
