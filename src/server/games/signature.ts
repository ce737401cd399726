// Results a game's own server submits, signed with the game's secret (README, "Fair play"): the
// arcade trusts them like its own replays.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MINUTE, SECOND } from '../../lib/format';
import { unauthorized } from '../errors';

/** How far a signed request's time may be from the server's. */
export const SIGNATURE_TOLERANCE_MS = 5 * MINUTE;

/**
 * Check `X-Arcade-Signature: t=<unix seconds>,v1=<hex>` on a run a game's own server submits: the
 * HMAC-SHA256 of `<t>.<body>` with the game's secret (`GAME_SECRETS`), made within
 * {@link SIGNATURE_TOLERANCE_MS} of now. True when the request is signed and the signature holds;
 * false when it is not signed at all; a 401 for a wrong, stale or unexpected signature.
 */
export function checkSignature(secrets: ReadonlyMap<string, string>, gameId: string, header: string | null, rawBody: string, now = Date.now()): boolean {
  if (header === null) return false;
  const secret = secrets.get(gameId);
  if (!secret) throw unauthorized(`No server secret is set for ${gameId}: signed results are not accepted for it.`);
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!parts.t || !/^\d{1,12}$/.test(parts.t) || !parts.v1 || !/^[0-9a-f]{64}$/i.test(parts.v1)) {
    throw unauthorized('X-Arcade-Signature must read t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">.');
  }
  if (Math.abs(now - t * SECOND) > SIGNATURE_TOLERANCE_MS) throw unauthorized('The signature is too old (or from the future): sign each request when you send it.');
  const expected = createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  if (!timingSafeEqual(expected, given)) throw unauthorized('The signature does not match the request body.');
  return true;
}

/** Sign a body as a game's server does (tests, the README's example): the X-Arcade-Signature value. */
export function signBody(secret: string, rawBody: string, now = Date.now()): string {
  const t = Math.floor(now / SECOND);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex')}`;
}

