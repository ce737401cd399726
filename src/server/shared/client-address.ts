import { isIP } from 'node:net';

/**
 * The client's address as the last trusted proxy saw it (README, Settings: `TRUST_PROXY`).
 *
 * Each proxy appends the address it was connected from to `X-Forwarded-For`, so only the entries
 * the trusted proxies wrote, counted from the right, can be believed: with `hops` trusted proxies
 * the client is the `hops`-th entry from the right. Anything left of it is whatever the client chose
 * to send and is never used. With no trusted hops (or no usable entry) it is the socket's peer.
 */
export function clientAddress(forwardedFor: string | null | undefined, socketAddress: string, hops: number): string {
  if (hops <= 0 || !forwardedFor) return socketAddress;
  const entries = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return socketAddress;
  // Fewer entries than trusted hops: the leftmost is the farthest any trusted proxy saw.
  const chosen = entries[Math.max(0, entries.length - hops)]!;
  return isIP(chosen) ? chosen : socketAddress;
}

/** `TRUST_PROXY` as a number of trusted proxy hops: `false`/`0`/unset none, `true` one, or a count. */
export function parseTrustProxy(value: string | undefined): number {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'false') return 0;
  if (text === 'true') return 1;
  const hops = Number(text);
  if (!/^\d{1,2}$/.test(text) || !Number.isSafeInteger(hops))
    throw new Error(`TRUST_PROXY must be true, false or a number of proxy hops, not "${value}"`);
  return hops;
}
