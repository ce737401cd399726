import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { MINUTE, SECOND } from '~/lib/format';
import { unauthorized } from '../shared/errors';

/** Game tokens live about 30 minutes; the play page fetches a new one every 20. */
export const GAME_TOKEN_MINUTES = 30;
const ISSUER = 'sats-arcade';
const AUDIENCE = 'sats-arcade-games';

export interface GameTokenClaims {
  userId: number;
  username: string;
  /** The reference of the session the token was issued in: the token dies with it. */
  sessionRef: string;
  /** The game the token was issued for (its catalogue id): the Game API refuses it for any other. */
  gameId: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/** Verified tokens kept per signing secret, so a player's next run skips the signature check. */
export const MAX_CACHED_TOKENS = 10_000;

interface Signer {
  key: KeyObject;
  /** Tokens this key verified, with their claims (the least recently used forgotten first); never a token that failed. */
  verified: LRUCache<string, GameTokenClaims>;
}

/** The signing key (derived from the server secret, so it differs from every other use of it) and its verified tokens. */
const signers = new Map<string, Signer>();
function signerOf(secret: string): Signer {
  // A KeyObject made once: jose then skips importing the raw key on every verification.
  let signer = signers.get(secret);
  if (!signer) {
    signer = {
      key: createSecretKey(createHmac('sha256', secret).update('game-token-signing-key').digest()),
      verified: new LRUCache({ max: MAX_CACHED_TOKENS }),
    };
    signers.set(secret, signer);
  }
  return signer;
}

/** How many verified tokens are remembered for `secret` (tests, diagnostics). */
export const cachedGameTokens = (secret: string): number => signers.get(secret)?.verified.size ?? 0;

const expired = () => unauthorized('The game token has expired. Refresh the game to get a new one.');

/** Sign a short-lived game token (HS256 JWT) for a player and one game (`game`, its catalogue id). */
export async function issueGameToken(
  secret: string,
  user: { id: number; username: string },
  sessionRef: string,
  gameId: string,
  now = Date.now(),
): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = now + GAME_TOKEN_MINUTES * MINUTE;
  const token = await new SignJWT({ username: user.username, sid: sessionRef, game: gameId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now / SECOND))
    .setExpirationTime(Math.floor(expiresAt / SECOND))
    .sign(signerOf(secret).key);
  return { token, expiresAt };
}

/**
 * Check a game token's signature and expiry; a missing, forged or expired one is a 401 with a
 * message saying which. Whether its session still lives is the caller's second check
 * (`assertLiveSession`), made on every request, remembered token or not. A
 * token that passed is remembered (at most {@link MAX_CACHED_TOKENS}, the least recently used forgotten first),
 * so the next request with the very same token only checks its expiry again.
 */
export async function verifyGameToken(
  secret: string,
  token: string | null | undefined,
  now = Date.now(),
): Promise<GameTokenClaims> {
  if (!token) throw unauthorized('A game token is required (Authorization: Bearer <token>).');
  const signer = signerOf(secret);
  const known = signer.verified.get(token);
  if (known) {
    if (now < known.expiresAt) return known;
    signer.verified.delete(token);
    throw expired();
  }
  let claims: GameTokenClaims;
  try {
    const { payload } = await jwtVerify(token, signer.key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: new Date(now),
    });
    const userId = Number(payload.sub);
    if (
      !Number.isSafeInteger(userId) ||
      userId <= 0 ||
      typeof payload.username !== 'string' ||
      typeof payload.sid !== 'string' ||
      // a token from before tokens named their game opened every game: no longer valid
      typeof payload.game !== 'string' ||
      !payload.exp
    )
      throw new Error('bad claims');
    claims = Object.freeze({
      userId,
      username: payload.username,
      sessionRef: payload.sid,
      gameId: payload.game,
      expiresAt: payload.exp * SECOND,
    });
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw expired();
    throw unauthorized('The game token is not valid.');
  }
  signer.verified.set(token, claims);
  return claims;
}

/** The bearer token of an `Authorization` header, if any. */
export function bearerToken(header: string | null): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
