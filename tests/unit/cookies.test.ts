import type { AstroCookies } from 'astro';
import { describe, expect, it } from 'vitest';
import {
  clearSessionCookie,
  markSignInBrowser,
  sessionCookieName,
  sessionToken,
  setSessionCookie,
  signInBrowser,
  signInCookieName,
} from '~/server/auth/cookies';

/** What the cookie helpers asked for: the cookies they set and deleted, with their options. */
function recordingCookies(sent: Record<string, string> = {}) {
  const calls: { what: 'set' | 'delete'; name: string; options: Record<string, unknown> }[] = [];
  const cookies = {
    get: (name: string) => (name in sent ? { value: sent[name] } : undefined),
    has: (name: string) => name in sent,
    set: (name: string, _value: string, options: Record<string, unknown>) => calls.push({ what: 'set', name, options }),
    delete: (name: string, options: Record<string, unknown>) => calls.push({ what: 'delete', name, options }),
  } as unknown as AstroCookies;
  return { cookies, calls };
}

const TOKEN = 'a'.repeat(43);

describe("the arcade's cookies", () => {
  it('on https are __Host- cookies: Secure, host-only (no Domain), Path=/, HttpOnly, SameSite=Lax', () => {
    const site = 'https://arcade.example';
    expect(sessionCookieName(site)).toBe('__Host-sats_session');
    expect(signInCookieName(site)).toBe('__Host-sats_signin');
    const { cookies, calls } = recordingCookies();
    setSessionCookie(cookies, TOKEN, Date.now() + 1000, site);
    markSignInBrowser(cookies, site);
    clearSessionCookie(cookies, site);
    expect(calls.map((c) => [c.what, c.name])).toEqual([
      ['set', '__Host-sats_session'],
      ['set', '__Host-sats_signin'],
      ['delete', '__Host-sats_session'],
    ]);
    for (const { options } of calls) {
      expect(options).toMatchObject({ path: '/', secure: true, httpOnly: true, sameSite: 'lax' });
      expect(options).not.toHaveProperty('domain');
    }
  });

  it('on http (this machine) keep their plain names, Path=/, host-only, not Secure', () => {
    const site = 'http://localhost:4321';
    expect(sessionCookieName(site)).toBe('sats_session');
    expect(signInCookieName(site)).toBe('sats_signin');
    const { cookies, calls } = recordingCookies();
    setSessionCookie(cookies, TOKEN, Date.now() + 1000, site);
    markSignInBrowser(cookies, site);
    for (const { options } of calls) {
      expect(options).toMatchObject({ path: '/', secure: false, httpOnly: true });
      expect(options).not.toHaveProperty('domain');
    }
  });

  it('read only the name the arcade gives them: a look-alike without the prefix counts for nothing on https', () => {
    const https = 'https://arcade.example';
    const lookAlike = recordingCookies({ sats_session: TOKEN, sats_signin: TOKEN });
    expect(sessionToken(lookAlike.cookies, https)).toBeUndefined();
    expect(signInBrowser(lookAlike.cookies, https)).toBeUndefined();
    const own = recordingCookies({ '__Host-sats_session': TOKEN, '__Host-sats_signin': TOKEN });
    expect(sessionToken(own.cookies, https)).toBe(TOKEN);
    expect(signInBrowser(own.cookies, https)).toBe(TOKEN);
    expect(sessionToken(lookAlike.cookies, 'http://localhost:4321')).toBe(TOKEN);
  });
});
