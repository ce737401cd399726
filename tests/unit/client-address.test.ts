import { describe, expect, it } from 'vitest';
import { clientAddress, parseTrustProxy } from '~/server/shared/client-address';

describe('client address behind proxies', () => {
  it('uses the socket address when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress('203.0.113.9', '198.51.100.1', 0)).toBe('198.51.100.1');
  });

  it('takes the entry the trusted proxy appended (the rightmost), not one the client chose', () => {
    expect(clientAddress('1.2.3.4, 203.0.113.9', '10.0.0.1', 1)).toBe('203.0.113.9');
    expect(clientAddress('1.2.3.4,5.6.7.8 , 203.0.113.9', '10.0.0.1', 1)).toBe('203.0.113.9');
  });

  it('counts as many hops from the right as proxies are trusted', () => {
    expect(clientAddress('1.2.3.4, 203.0.113.9, 10.0.0.2', '10.0.0.1', 2)).toBe('203.0.113.9');
    expect(clientAddress('203.0.113.9', '10.0.0.1', 3)).toBe('203.0.113.9');
  });

  it('falls back to the socket address for a missing or garbled header', () => {
    expect(clientAddress(null, '10.0.0.1', 1)).toBe('10.0.0.1');
    expect(clientAddress(' , ', '10.0.0.1', 1)).toBe('10.0.0.1');
    expect(clientAddress('not-an-address', '10.0.0.1', 1)).toBe('10.0.0.1');
  });

  it('reads TRUST_PROXY as a hop count: true is one, false or unset none', () => {
    expect(parseTrustProxy(undefined)).toBe(0);
    expect(parseTrustProxy('false')).toBe(0);
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(() => parseTrustProxy('yes')).toThrow(/TRUST_PROXY/);
  });
});
