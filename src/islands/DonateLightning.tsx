import { useEffect, useEffectEvent, useRef, useState, type SubmitEvent } from 'react';
import { failureMessage, SOMETHING_WRONG } from '~/lib/failure';
import { formatCount } from '~/lib/numbers';
import { request } from '~/lib/request';
import {
  DONOR_MESSAGE_MAX,
  DONOR_NAME_MAX,
  type CreatedDonation,
  type Donation,
  type DonationOptions,
} from '~/lib/schemas/donations';
import { toast } from '~/lib/stores/toast';
import { PixelIcon } from '~/ui/PixelIcon';
import { check as iconCheck, copy as iconCopy, zap as iconZap } from '~/ui/pixel-icons';

/** How often the page asks the arcade whether the invoice was paid (the server asks the wallet). */
export const POLL_MS = 2_000;

/**
 * The Lightning panel of the Donate page, which is prerendered: it asks the arcade whether a
 * wallet is connected (`GET /api/donations/options`) and shows nothing when not, or when the
 * question fails (the on-chain address above still works).
 */
export default function DonateLightningPanel() {
  const [options, setOptions] = useState<DonationOptions | null>(null);
  useEffect(() => {
    let current = true;
    request('donations/options')
      .then(async (response) => (await response.json()) as { enabled: boolean } & Partial<DonationOptions>)
      .then((answer) => {
        if (current && answer.enabled) setOptions(answer as DonationOptions);
      })
      .catch(() => {
        // no Lightning panel: the page stays as it is without a wallet
      });
    return () => {
      current = false;
    };
  }, []);
  if (!options) return null;
  return (
    <section
      className="panel mx-auto mt-10 flex max-w-xl flex-col items-center gap-6 p-6 sm:p-10"
      aria-labelledby="donate-lightning"
    >
      <h2 id="donate-lightning" className="text-[0.65rem] text-accent">
        Or over Lightning
      </h2>
      <DonateLightning {...options} />
      <p className="text-center text-sm text-base-content/75" data-testid="donate-pools">
        To grow a tournament’s prizes instead, choose ADD TO THE POOL on the page of{' '}
        <a href="/tournament" className="link link-hover">
          the current tournament
        </a>{' '}
        or an{' '}
        <a href="/tournaments/upcoming" className="link link-hover">
          upcoming one
        </a>
        .
      </p>
    </section>
  );
}

type Props = DonationOptions & {
  /** Earmarked for this tournament's prize pool (notes/pools.md); absent: a donation to the arcade. */
  pool?: { tournamentId: number; name: string };
  /** Called once the arcade has seen the payment (the tournament's page then shows the pool grown). */
  onPaid?: (donation: Donation) => void;
};

type Stage =
  | { step: 'form' }
  | { step: 'invoice'; donation: CreatedDonation }
  | { step: 'paid'; donation: Donation }
  | { step: 'expired' };

/**
 * A Lightning donation (README, "Donations and open books"): an amount (presets or custom, within
 * the arcade's bounds), an optional name and message, then the arcade wallet's invoice as a QR code,
 * text and `lightning:` link; the page polls until the arcade has seen it paid, then thanks the
 * donor. What a donor writes is shown as text, never as markup.
 */
export function DonateLightning({ minSats, maxSats, presets, lightningAddress, pool, onPaid }: Props) {
  const [sats, setSats] = useState<number | null>(presets[1] ?? presets[0] ?? null);
  const [custom, setCustom] = useState('');
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [stage, setStage] = useState<Stage>({ step: 'form' });

  const amount = custom.trim() ? Number(custom) : sats;
  const amountOk = amount !== null && Number.isSafeInteger(amount) && amount >= minSats && amount <= maxSats;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!amountOk) {
      setError(`Choose an amount from ${formatCount(minSats)} to ${formatCount(maxSats)} sats.`);
      return;
    }
    setPending(true);
    setError(null);
    try {
      const response = await request('donations', 'post', {
        sats: amount,
        ...(name.trim() ? { name } : {}),
        ...(message.trim() ? { message } : {}),
        ...(pool ? { tournamentId: pool.tournamentId } : {}),
      });
      setStage({ step: 'invoice', donation: (await response.json()) as CreatedDonation });
    } catch (caught) {
      setError(failureMessage(caught, SOMETHING_WRONG));
    } finally {
      setPending(false);
    }
  }

  // Once the arcade has seen the payment: tell the page (the tournament's pool grew).
  const paidHash = stage.step === 'paid' ? stage.donation.paymentHash : null;
  const paid = useEffectEvent((donation: Donation) => onPaid?.(donation));
  useEffect(() => {
    if (paidHash && stage.step === 'paid') paid(stage.donation);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per paid donation
  }, [paidHash]);
  // While the invoice is shown, ask the arcade until it has seen the payment or the invoice expired.
  const hash = stage.step === 'invoice' ? stage.donation.paymentHash : null;
  useEffect(() => {
    if (!hash) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const answer = (await (await request(`donations/${hash}`)).json()) as Donation;
        if (stopped) return;
        if (answer.state === 'paid') return setStage({ step: 'paid', donation: answer });
        if (answer.state === 'expired') return setStage({ step: 'expired' });
      } catch {
        // a failed poll is tried again at the next turn
      }
      if (!stopped) timer = setTimeout(() => void poll(), POLL_MS);
    };
    timer = setTimeout(() => void poll(), POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [hash]);

  const restart = () => {
    setStage({ step: 'form' });
    setError(null);
  };

  if (stage.step === 'invoice') return <InvoiceView donation={stage.donation} onCancel={restart} />;
  if (stage.step === 'paid')
    return (
      <div className="flex flex-col items-center gap-4 text-center" role="status" data-donation-state="paid">
        <PixelIcon icon={iconCheck} className="size-10 text-success" />
        <h3 className="pixel-heading text-lg leading-relaxed wrap-anywhere">
          {stage.donation.name ? `Thank you, ${stage.donation.name}!` : 'Thank you!'}
        </h3>
        <p className="text-base-content/85">
          {formatCount(stage.donation.receivedSats ?? stage.donation.sats)} sats received
          {pool ? <> for the prize pool of {pool.name}</> : null}. It is in the open books now.
        </p>
        {stage.donation.message && (
          <blockquote className="max-w-md text-sm break-words whitespace-pre-line text-base-content/75 italic">
            “{stage.donation.message}”
          </blockquote>
        )}
        <div className="flex flex-wrap justify-center gap-3">
          <a href="/books" className="btn-arcade btn-primary">
            OPEN BOOKS
          </a>
          <button type="button" className="btn-arcade btn-secondary" onClick={restart}>
            {pool ? 'ADD MORE' : 'DONATE AGAIN'}
          </button>
        </div>
      </div>
    );
  if (stage.step === 'expired')
    return (
      <div className="flex flex-col items-center gap-4 text-center" role="status" data-donation-state="expired">
        <p className="text-base-content/85">This invoice expired unpaid: nothing was sent. You can make a new one.</p>
        <button type="button" className="btn-arcade btn-primary" onClick={restart}>
          NEW INVOICE
        </button>
      </div>
    );

  return (
    <form className="flex w-full flex-col gap-5 text-left" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-pixel text-[0.6rem] tracking-wide text-secondary">Amount (sats)</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {presets.map((preset) => (
            <button
              key={preset}
              type="button"
              aria-pressed={!custom.trim() && sats === preset}
              className={`btn-arcade ${!custom.trim() && sats === preset ? 'btn-primary' : 'btn-secondary'}`}
              onClick={() => {
                setSats(preset);
                setCustom('');
              }}
            >
              {formatCount(preset)}
            </button>
          ))}
        </div>
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-base-content/80">
            Or your own amount ({formatCount(minSats)} to {formatCount(maxSats)} sats)
          </span>
          <input
            className="input w-full border-2 border-plum bg-base-100 font-data"
            inputMode="numeric"
            name="sats"
            placeholder="e.g. 2100"
            value={custom}
            onChange={(e) => setCustom(e.target.value.replace(/[^\d]/g, '').slice(0, 10))}
          />
        </label>
      </fieldset>
      <label className="flex flex-col gap-1 text-sm">
        <span className="text-base-content/80">Your name for the open books (optional; blank is "anonymous")</span>
        <input
          className="input w-full border-2 border-plum bg-base-100"
          name="name"
          maxLength={DONOR_NAME_MAX}
          autoComplete="nickname"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="text-base-content/80">A short message (optional, shown in the open books)</span>
        <input
          className="input w-full border-2 border-plum bg-base-100"
          name="message"
          maxLength={DONOR_MESSAGE_MAX}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        <span className="text-xs text-base-content/60">
          {message.length}/{DONOR_MESSAGE_MAX}
        </span>
      </label>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn-arcade self-center btn-primary" disabled={pending} data-donate-submit>
        <PixelIcon icon={iconZap} className="size-4" />
        {pending
          ? 'MAKING INVOICE...'
          : pool
            ? amountOk
              ? `ADD ${formatCount(amount)} SATS TO THE POOL`
              : 'ADD TO THE POOL'
            : amountOk
              ? `DONATE ${formatCount(amount)} SATS`
              : 'DONATE'}
      </button>
      {lightningAddress && (
        <p className="text-center text-sm text-base-content/65">
          Or send any amount from any Lightning wallet to{' '}
          <span className="font-data break-all">{lightningAddress}</span>.
        </p>
      )}
    </form>
  );
}

/** The invoice to pay: QR code, text, COPY and a `lightning:` link, while the page waits. */
function InvoiceView({ donation, onCancel }: { donation: CreatedDonation; onCancel: () => void }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(donation.invoice);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ title: 'Copy Failed', description: 'Could not copy the invoice to clipboard', variant: 'destructive' });
    }
  }

  const expires = new Date(donation.expiresAt);
  return (
    <div className="flex w-full flex-col items-center gap-4 text-center" data-donation-state="open">
      <img
        src={donation.qr}
        width={300}
        height={300}
        alt={`QR code of a Lightning invoice for ${formatCount(donation.sats)} sats`}
        className="pixelated rounded-sm border-4 border-primary bg-white"
        style={{ width: 'min(300px, 100%)', height: 'auto' }}
      />
      <p className="font-bold">{formatCount(donation.sats)} sats</p>
      <p
        className="max-h-28 w-full overflow-y-auto rounded-box border-2 border-plum bg-base-300 px-3 py-2 font-mono text-xs break-all select-all"
        data-testid="donation-invoice"
      >
        {donation.invoice}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => void copy()}
          className={`btn-arcade ${copied ? 'btn-success' : 'btn-primary'}`}
        >
          <PixelIcon icon={copied ? iconCheck : iconCopy} className="size-4" />
          {copied ? 'COPIED!' : 'COPY INVOICE'}
        </button>
        <a href={`lightning:${donation.invoice}`} className="btn-arcade btn-secondary">
          <PixelIcon icon={iconZap} className="size-4" />
          OPEN IN WALLET
        </a>
      </div>
      <p className="text-sm text-base-content/80" role="status">
        Waiting for your payment... This page notices it by itself. The invoice can be paid until{' '}
        {expires.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}.
      </p>
      <button type="button" className="link text-sm text-base-content/70" onClick={onCancel}>
        Choose another amount
      </button>
    </div>
  );
}
