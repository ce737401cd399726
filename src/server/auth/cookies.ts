import type { AstroCookies } from 'astro';
import { SECOND } from '../../lib/format';
import { SESSION_MS } from './sessions';

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
