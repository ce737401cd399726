import { describe, expect, it } from 'vitest';
import { checkPayoutProof, invoiceMismatch, readInvoice, sha256Hex } from '~/lib/payout-proof';

// The BOLT11 specification's example "Please send $3 for a cup of coffee to the same peer, within
// one minute": 2500u, that is 250,000 sats, under the payment hash 0001...0102.
const SPEC_INVOICE =
  'lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpu9qrsgquk0rl77nj30yxdy8j9vdx85fkpmdla2087ne0xh8nhedh8w27kyke0lp53ut353s06fv3qfegext0eh0ymjpf39tuven09sam30g4vgpfna3rh';
const SPEC_HASH = '0001020304050607080900010203040506070809000102030405060708090102';
const SPEC_SATS = 250_000;

// A real pair: 32 zero bytes and their SHA-256.
const ZERO_PREIMAGE = '00'.repeat(32);
const ZERO_HASH = '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925';

describe('the payout proof checks', () => {
  it('hash a preimage with WebCrypto as SHA-256 does', async () => {
    expect(await sha256Hex(ZERO_PREIMAGE)).toBe(ZERO_HASH);
  });

  it("read the BOLT11 specification's example invoice: its amount and payment hash", () => {
    expect(readInvoice(SPEC_INVOICE)).toEqual({ msat: SPEC_SATS * 1000, paymentHash: SPEC_HASH });
  });

  it('pass a preimage whose SHA-256 is the payment hash, in either case of hex', async () => {
    const verdict = await checkPayoutProof({
      sats: 5000,
      paymentHash: ZERO_HASH.toUpperCase(),
      preimage: ZERO_PREIMAGE,
      invoice: null,
    });
    expect(verdict).toEqual({ ok: true, checked: ['SHA-256 of the preimage is the payment hash'] });
  });

  it('refuse a preimage that hashes to something else', async () => {
    const verdict = await checkPayoutProof({
      sats: 5000,
      paymentHash: ZERO_HASH,
      preimage: '01'.repeat(32),
      invoice: null,
    });
    expect(verdict).toEqual({
      ok: false,
      reason: 'The SHA-256 of the preimage is not the payment hash: this is no proof of payment.',
    });
  });

  it('refuse a missing or malformed preimage or hash before hashing anything', async () => {
    const missing = await checkPayoutProof({ sats: 1, paymentHash: ZERO_HASH, preimage: null, invoice: null });
    expect(missing).toEqual({ ok: false, reason: 'There is no preimage of 32 bytes to check.' });
    const short = await checkPayoutProof({ sats: 1, paymentHash: ZERO_HASH, preimage: 'abcd', invoice: null });
    expect(short.ok).toBe(false);
    const noHash = await checkPayoutProof({ sats: 1, paymentHash: 'zz', preimage: ZERO_PREIMAGE, invoice: null });
    expect(noHash).toEqual({ ok: false, reason: 'There is no payment hash of 32 bytes to check.' });
  });

  it('pass an invoice for exactly the prize under the same payment hash', () => {
    expect(invoiceMismatch(SPEC_INVOICE, SPEC_HASH, SPEC_SATS)).toBeNull();
  });

  it("refuse an invoice for another amount than the prize's, naming both", () => {
    expect(invoiceMismatch(SPEC_INVOICE, SPEC_HASH, 5000)).toBe(
      "The invoice asks for 250,000 sats, not the prize's 5,000 sats.",
    );
  });

  it('refuse an invoice under another payment hash than the one the preimage proves', async () => {
    // The preimage check passes (the zero pair); the specification's invoice is for another hash.
    const verdict = await checkPayoutProof({
      sats: SPEC_SATS,
      paymentHash: ZERO_HASH,
      preimage: ZERO_PREIMAGE,
      invoice: SPEC_INVOICE,
    });
    expect(verdict).toEqual({ ok: false, reason: 'The invoice is for another payment hash.' });
  });

  it('refuse an invoice that cannot be read', async () => {
    const verdict = await checkPayoutProof({
      sats: 5000,
      paymentHash: ZERO_HASH,
      preimage: ZERO_PREIMAGE,
      invoice: 'lnbc1notaninvoice',
    });
    expect(verdict).toEqual({ ok: false, reason: 'The invoice cannot be read as a BOLT11 invoice.' });
  });
});
