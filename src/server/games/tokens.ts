import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { unauthorized } from '../errors';

/** Game tokens live about 30 minutes; the play page fetches a new one every 20. */
export const GAME_TOKEN_MINUTES = 30;
const ISSUER = 'sats-arcade';
const AUDIENCE = 'sats-arcade-games';

export interface GameTokenClaims {
  userId: number;
  username: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/** The signing key: derived from the server secret, so it differs from every other use of it. */
const keys = new Map<string, KeyObject>();
function signingKey(secret: string): KeyObject {
  // A KeyObject made once: jose then skips importing the raw key on every verification.
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(createHmac('sha256', secret).update('game-token-signing-key').digest());
    keys.set(secret, key);
  }
  return key;
}

/** Sign a short-lived game token (HS256 JWT) for a player. */
export async function issueGameToken(secret: string, user: { id: number; username: string }, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = now + GAME_TOKEN_MINUTES * 60_000;
  const token = await new SignJWT({ username: user.username })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(signingKey(secret));
  return { token, expiresAt };
}

/** Check a game token; a missing, forged or expired one is a 401 with a message saying which. */
export async function verifyGameToken(secret: string, token: string | null | undefined, now = Date.now()): Promise<GameTokenClaims> {
  if (!token) throw unauthorized('A game token is required (Authorization: Bearer <token>).');
  try {
    const { payload } = await jwtVerify(token, signingKey(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: new Date(now),
    });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.username !== 'string' || !payload.exp) throw new Error('bad claims');
    return { userId, username: payload.username, expiresAt: payload.exp * 1000 };
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw unauthorized('The game token has expired. Refresh the game to get a new one.');
    throw unauthorized('The game token is not valid.');
  }
}

/** The bearer token of an `Authorization` header, if any. */
export function bearerToken(header: string | null): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
