import { useEffect, useRef, useState } from 'react';
import { toast } from '~/lib/stores/toast';
import { PixelIcon } from '~/ui/PixelIcon';
import { check as iconCheck, copy as iconCopy } from '~/ui/pixel-icons';

/** How long the button says COPIED!. */
export const COPY_CONFIRMATION_MS = 2000;

/** Copies the donation address; COPY turns into COPIED! for two seconds. */
export default function CopyAddressButton({ address }: { address: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
      toast({
        title: 'Address Copied!',
        description: 'The donation address is on your clipboard.',
        variant: 'success',
      });
    } catch {
      toast({ title: 'Copy Failed', description: 'Could not copy address to clipboard', variant: 'destructive' });
    }
  }

  return (
    <button
      type="button"
      data-copy-address
      onClick={copy}
      className={`btn-arcade min-w-36 ${copied ? 'btn-success' : 'btn-primary'}`}
    >
      <PixelIcon icon={copied ? iconCheck : iconCopy} className="size-4" />
      {copied ? 'COPIED!' : 'COPY'}
    </button>
  );
}
