import { describe, expect, it } from 'vitest';
import { playHref, signUpRequiredToast } from '../../src/lib/play';

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
