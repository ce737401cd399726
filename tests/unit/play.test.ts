import { describe, expect, it } from 'vitest';
import { findPlayableGame, gameFrameSrc } from '~/lib/play-frame';
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
  const arcade = 'https://arcade.example';
  const games = [
    { gameId: 'rekt', name: 'REKT!', url: '/arcade-games/rekt/' },
    { gameId: 'quiz', name: 'Mr Quiz', url: 'https://quiz.example/play/index.html' },
  ];
  const found = (url: string) => findPlayableGame(url, games, arcade)?.gameId ?? null;

  it('finds catalogue games and addresses inside their own folder', () => {
    expect(found('/arcade-games/rekt/')).toBe('rekt');
    expect(found('/arcade-games/rekt/index.html?mode=hard')).toBe('rekt');
    expect(found('https://arcade.example/arcade-games/rekt/')).toBe('rekt');
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
    ]) {
      expect(found(url), url).toBeNull();
    }
  });
});

describe('gameFrameSrc', () => {
  it('never puts the game token in the query: the fallback hands it over in the fragment', () => {
    const plain = new URL(gameFrameSrc(new URL('https://arcade.example/arcade-games/rekt/'), 'https://arcade.example'));
    expect(plain.searchParams.get('arcade')).toBe('https://arcade.example');
    expect(plain.hash).toBe('');
    const fallback = new URL(
      gameFrameSrc(new URL('https://arcade.example/arcade-games/rekt/?x=1'), 'https://arcade.example', {
        token: 'a.b.c',
        username: 'zed',
      }),
    );
    expect(fallback.searchParams.has('token')).toBe(false);
    expect(fallback.search).not.toContain('a.b.c');
    expect(new URLSearchParams(fallback.hash.slice(1)).get('token')).toBe('a.b.c');
    expect(new URLSearchParams(fallback.hash.slice(1)).get('username')).toBe('zed');
  });
});
