import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { LOGIN_CODE_LENGTH } from '~/lib/schemas/auth';

/** A fresh random token: 32 bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A session's public reference (game tokens carry it): 16 random bytes, base64url. */
export function newSessionRef(): string {
  return randomBytes(16).toString('base64url');
}

/** SHA-256 (hex) of a token: what the database keeps instead of the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A uniformly random one-time code of {@link LOGIN_CODE_LENGTH} digits. */
export function newLoginCode(): string {
  return String(randomInt(0, 10 ** LOGIN_CODE_LENGTH)).padStart(LOGIN_CODE_LENGTH, '0');
}

/**
 * HMAC (hex) of a login code, bound to the link's e-mail and keyed with the server secret, so a
 * leaked table cannot be brute-forced offline (a 6-digit code alone would be).
 */
export function hashLoginCode(secret: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`login-code:${email}:${code}`).digest('hex');
}

/** Compare two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
