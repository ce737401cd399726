import type { AstroCookies } from 'astro';
import { SECOND } from '~/lib/format';
import { MAGIC_LINK_MINUTES } from '~/lib/schemas/auth';
import { SESSION_MS } from './sessions';
import { newToken } from './tokens';

export const SESSION_COOKIE = 'sats_session';

/** Set the session cookie: HttpOnly, SameSite=Lax, Secure on https, 30 days. */
export function setSessionCookie(cookies: AstroCookies, token: string, expiresAt: number, siteUrl: string) {
  cookies.set(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: siteUrl.startsWith('https:'),
    expires: new Date(expiresAt),
    maxAge: Math.floor(SESSION_MS / SECOND),
  });
}

export function clearSessionCookie(cookies: AstroCookies, siteUrl: string) {
  cookies.delete(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: siteUrl.startsWith('https:') });
}

/** The cookie of a browser that asked for a magic link: the link signs in at once only there. */
export const SIGN_IN_COOKIE = 'sats_signin';
const SIGN_IN_PATH = '/api/auth';

/** This browser's sign-in cookie, if it has a well-formed one. */
export function signInBrowser(cookies: AstroCookies): string | undefined {
  const value = cookies.get(SIGN_IN_COOKIE)?.value;
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

/**
 * Give the browser asking for a magic link a sign-in cookie (keeping the one it has, so every link
 * it asked for stays its own), for as long as a link lives; returns its value. HttpOnly, SameSite=Lax,
 * sent only to `/api/auth`.
 */
export function markSignInBrowser(cookies: AstroCookies, siteUrl: string): string {
  const value = signInBrowser(cookies) ?? newToken();
  cookies.set(SIGN_IN_COOKIE, value, {
    path: SIGN_IN_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: siteUrl.startsWith('https:'),
    maxAge: MAGIC_LINK_MINUTES * 60,
  });
  return value;
}
