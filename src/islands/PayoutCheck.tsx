import { useEffect, useState } from 'react';
import { checkPayoutProof, type ProofToCheck, type ProofVerdict } from '~/lib/payout-proof';
import { PixelIcon } from '~/ui/PixelIcon';
import { check as iconCheck, close as iconClose } from '~/ui/pixel-icons';

/**
 * One paid prize's check on the public proof page, run in the visitor's own browser (WebCrypto and
 * the BOLT11 decoder) on the values the page was rendered with: nothing is fetched. The page's HTML
 * says "Checking..." until it has run.
 */
export default function PayoutCheck(proof: ProofToCheck) {
  const [verdict, setVerdict] = useState<ProofVerdict | null>(null);
  const { sats, paymentHash, preimage, invoice } = proof;
  useEffect(() => {
    let current = true;
    void checkPayoutProof({ sats, paymentHash, preimage, invoice }).then((found) => {
      if (current) setVerdict(found);
    });
    return () => {
      current = false;
    };
  }, [sats, paymentHash, preimage, invoice]);

  if (!verdict)
    return (
      <p className="text-sm text-base-content/70" role="status">
        Checking...
      </p>
    );
  return verdict.ok ? (
    <p className="flex items-start gap-2 text-sm text-success" role="status">
      <PixelIcon icon={iconCheck} className="size-5 shrink-0" />
      <span>
        <span className="font-bold">Checked in your browser:</span> {verdict.checked.join('; ')}.
      </span>
    </p>
  ) : (
    <p className="flex items-start gap-2 text-sm text-error" role="alert">
      <PixelIcon icon={iconClose} className="size-5 shrink-0" />
      <span>
        <span className="font-bold">Check failed:</span> {verdict.reason}
      </span>
    </p>
  );
}
