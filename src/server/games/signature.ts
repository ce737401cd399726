// Results a game's own server submits, signed with the game's secret (README, "Fair play"): the
// arcade trusts them like its own replays.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MINUTE, SECOND } from '~/lib/format';
import { badRequest, unauthorized } from '../shared/errors';

/** What v1 holds, as the messages name it. */
const SIGNATURE_FORMAT = '<hex HMAC-SHA256 of "<t>.<body>">';

/** How far a signed request's time may be from the server's. */
export const SIGNATURE_TOLERANCE_MS = 5 * MINUTE;

/**
 * Check `X-Arcade-Signature: t=<unix seconds>,v1=<hex>` on a run a game's own server submits: the
 * HMAC-SHA256 of `<t>.<body>` with the game's secret (`GAME_SECRETS`), made within
 * {@link SIGNATURE_TOLERANCE_MS} of now. True when the request is signed and the signature holds;
 * false when it is not signed at all; a 400 for a header that names a key twice; a 401 for a wrong,
 * stale or unexpected signature.
 */
export function checkSignature(
  secrets: ReadonlyMap<string, string>,
  gameId: string,
  header: string | null,
  rawBody: string,
  now = Date.now(),
): boolean {
  if (header === null) return false;
  const secret = secrets.get(gameId);
  if (!secret) throw unauthorized(`No server secret is set for ${gameId}: signed results are not accepted for it.`);
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    if (part.trim() === '') continue;
    const [key = '', value = ''] = part.trim().split('=', 2);
    // Taking one of two values (a header sent twice arrives joined by a comma) would let a sender
    // hide which signature it means.
    if (parts.has(key))
      throw badRequest(
        `X-Arcade-Signature has "${key}" more than once: send one t=<unix seconds> and one v1=${SIGNATURE_FORMAT}, in one header.`,
      );
    parts.set(key, value);
  }
  const [givenT, givenV1] = [parts.get('t'), parts.get('v1')];
  if (!givenT || !/^\d{1,12}$/.test(givenT) || !givenV1 || !/^[0-9a-f]{64}$/i.test(givenV1)) {
    throw unauthorized(`X-Arcade-Signature must read t=<unix seconds>,v1=${SIGNATURE_FORMAT}.`);
  }
  const t = Number(givenT);
  if (Math.abs(now - t * SECOND) > SIGNATURE_TOLERANCE_MS)
    throw unauthorized('The signature is too old (or from the future): sign each request when you send it.');
  const expected = createHmac('sha256', secret).update(`${givenT}.${rawBody}`).digest();
  const given = Buffer.from(givenV1, 'hex');
  // The usual cause is a secret that differs between the two sides: say so, and where each lives.
  if (!timingSafeEqual(expected, given))
    throw unauthorized(
      `The signature does not match the request body. Either the body changed after it was signed (send it byte for byte), ` +
        `or the game's server signs with another secret than the arcade holds for ${gameId} (GAME_SECRETS in the ` +
        `arcade's environment): make them the same.`,
    );
  return true;
}

/** Sign a body as a game's server does (tests, the README's example): the X-Arcade-Signature value. */
export function signBody(secret: string, rawBody: string, now = Date.now()): string {
  const t = Math.floor(now / SECOND);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex')}`;
}
