import type { AstroCookies } from 'astro';
import { SECOND } from '~/lib/format';
import { MAGIC_LINK_MINUTES } from '~/lib/schemas/auth';
import { SESSION_MS } from './sessions';
import { newToken } from './tokens';

/** The session cookie's name on an http arcade (a machine of one's own); see {@link sessionCookieName}. */
export const SESSION_COOKIE = 'sats_session';
/** The cookie of a browser that asked for a magic link (http name): the link signs in at once only there. */
export const SIGN_IN_COOKIE = 'sats_signin';

/**
 * The name a cookie of the arcade has: on https, `__Host-` before it. A browser then keeps such a
 * cookie only when it is Secure, host-only (no `Domain`) and `Path=/`, and set by the arcade's own
 * host: a script on any other host (a games origin on a sibling subdomain included) can neither set
 * nor replace nor shadow it, whatever `Domain` or `Path` it writes. On http (`localhost`, tests)
 * the prefix is unavailable (it needs Secure); there the games run on the other loopback name, a
 * cookie jar of their own (README, "Settings": GAMES_ORIGIN).
 */
export function cookieName(name: string, siteUrl: string): string {
  return isHttps(siteUrl) ? `__Host-${name}` : name;
}

/** The session cookie's name for the arcade at `siteUrl` ({@link cookieName}). */
export const sessionCookieName = (siteUrl: string) => cookieName(SESSION_COOKIE, siteUrl);
/** The sign-in cookie's name for the arcade at `siteUrl` ({@link cookieName}). */
export const signInCookieName = (siteUrl: string) => cookieName(SIGN_IN_COOKIE, siteUrl);

const isHttps = (siteUrl: string) => siteUrl.startsWith('https:');

/**
 * What every cookie of the arcade carries: HttpOnly, SameSite=Lax, Path=/ (a `__Host-` cookie must
 * have it), no Domain (host-only), Secure on https.
 */
const cookieOptions = (siteUrl: string) =>
  ({ path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(siteUrl) }) as const;

/** The session's token in the request's session cookie (the one named for this arcade only), if any. */
export function sessionToken(cookies: AstroCookies, siteUrl: string): string | undefined {
  return cookies.get(sessionCookieName(siteUrl))?.value || undefined;
}

/** Set the session cookie: HttpOnly, SameSite=Lax, Secure and `__Host-` on https, 30 days. */
export function setSessionCookie(cookies: AstroCookies, token: string, expiresAt: number, siteUrl: string) {
  cookies.set(sessionCookieName(siteUrl), token, {
    ...cookieOptions(siteUrl),
    expires: new Date(expiresAt),
    maxAge: Math.floor(SESSION_MS / SECOND),
  });
}

export function clearSessionCookie(cookies: AstroCookies, siteUrl: string) {
  cookies.delete(sessionCookieName(siteUrl), cookieOptions(siteUrl));
}

/** This browser's sign-in cookie, if it has a well-formed one. */
export function signInBrowser(cookies: AstroCookies, siteUrl: string): string | undefined {
  const value = cookies.get(signInCookieName(siteUrl))?.value;
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

/**
 * Give the browser asking for a magic link a sign-in cookie (keeping the one it has, so every link
 * it asked for stays its own), for as long as a link lives; returns its value. HttpOnly,
 * SameSite=Lax, Path=/ (a `__Host-` cookie must be sent to the whole host; it holds nothing but a
 * random value the arcade compares).
 */
export function markSignInBrowser(cookies: AstroCookies, siteUrl: string): string {
  const value = signInBrowser(cookies, siteUrl) ?? newToken();
  cookies.set(signInCookieName(siteUrl), value, { ...cookieOptions(siteUrl), maxAge: MAGIC_LINK_MINUTES * 60 });
  return value;
}
