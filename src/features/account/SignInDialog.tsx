import { useEffect, useId, useRef, useState, type SubmitEvent, type RefObject } from 'react';
import * as z from 'zod/mini';
import { $sendMagicLink, $verifyLoginCode, fieldErrors } from '~/lib/stores/sign-in';
import { WELCOME_TOAST } from '~/lib/stores/verify-link';
import { recordLoginMarker } from '~/lib/cross-tab-announce';
import { followCrossTabLogin } from '~/lib/cross-tab-listen';
import {
  LOGIN_CODE_LENGTH,
  MAGIC_LINK_MINUTES,
  sendMagicLinkRequestSchema,
  verifyCodeRequestSchema,
} from '~/lib/schemas/auth';
import { openAuthDialog } from '~/lib/stores/auth-dialog';
import { toast, toastAfterNavigation } from '~/lib/stores/toast';
import { ArcadeDialog } from '~/ui/ArcadeDialog';
import { useAuthDialog } from './useAuthDialog';
import { PixelIcon } from '~/ui/PixelIcon';
import { EmailField, TextField } from '~/ui/TextField';
import { useAction } from '~/ui/useAction';
import { clock as iconClock, login as iconLogin, mail as iconMail, reload as iconReload } from '~/ui/pixel-icons';

/**
 * The sign-in dialog: WELCOME BACK with the e-mail form, then CHECK YOUR
 * EMAIL! once a magic link is on its way, with a resend button and the mail's 6-digit code for
 * signing in on this device. Closing it resets it to the form.
 */
export default function SignInDialog() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { resetKey, firstField, titleId, dialogProps } = useAuthDialog('sign-in', () => setSentTo(null));

  return (
    <ArcadeDialog {...dialogProps} icon={sentTo ? iconMail : iconLogin}>
      {sentTo ? (
        <MagicLinkSent key={resetKey} email={sentTo} titleId={titleId} />
      ) : (
        <EmailForm key={resetKey} titleId={titleId} firstField={firstField} onSent={setSentTo} />
      )}
    </ArcadeDialog>
  );
}

interface EmailFormProps {
  titleId: string;
  firstField: RefObject<HTMLInputElement | null>;
  onSent: (email: string) => void;
}

function EmailForm({ titleId, firstField, onSent }: EmailFormProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const { run, pending } = useAction($sendMagicLink, {
    failureTitle: 'Login Failed',
    pendingAfterSuccess: true,
    onSuccess: (_, sentTo) => {
      toast({
        title: 'Magic Link Sent!',
        description: `Check your email at ${sentTo} for the login link.`,
        variant: 'success',
      });
      onSent(sentTo);
    },
  });

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = z.safeParse(sendMagicLinkRequestSchema, { email });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).email);
      firstField.current?.focus();
      return;
    }
    setError(undefined);
    await run(parsed.data.email);
  }

  return (
    <>
      <h2 id={titleId} className="pixel-heading text-center text-base leading-relaxed sm:text-lg">
        WELCOME BACK
      </h2>
      <p id={`${titleId}-intro`} className="mt-3 text-center text-base-content/80">
        Sign in with your email - no password needed
      </p>
      <form noValidate onSubmit={submit} className="mt-6 space-y-5">
        <EmailField
          ref={firstField}
          id={`${id}-email`}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
        />
        <button type="submit" className="btn-arcade btn-block btn-lg btn-primary" disabled={pending}>
          {pending ? (
            <span className="loading loading-sm loading-spinner" aria-hidden="true" />
          ) : (
            <PixelIcon icon={iconMail} className="size-4" />
          )}
          {pending ? 'Sending Magic Link...' : 'Send Magic Link'}
        </button>
        <p className="text-center text-sm text-base-content/80">
          New to the arcade?{' '}
          <button type="button" className="link font-bold link-primary" onClick={() => openAuthDialog('sign-up')}>
            Sign up for free
          </button>
        </p>
      </form>
    </>
  );
}

function MagicLinkSent({ email, titleId }: { email: string; titleId: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { run: resend, pending: resending } = useAction($sendMagicLink, {
    failureTitle: 'Failed to Resend',
    onSuccess: () =>
      toast({
        title: 'Magic Link Resent!',
        description: 'Check your email for the new login link.',
        variant: 'success',
      }),
  });

  useEffect(() => {
    // The form that had focus is gone: move it to the heading of the new state.
    heading.current?.focus();
    // This tab is now the "original tab" waiting for the link (see src/lib/cross-tab.ts).
    return followCrossTabLogin();
  }, []);

  return (
    <>
      {/* The dialog keeps its name; the new heading takes the focus so the change is announced. */}
      <span id={titleId} hidden>
        WELCOME BACK
      </span>
      <h2
        ref={heading}
        tabIndex={-1}
        className="pixel-heading text-center text-base leading-relaxed outline-none sm:text-lg"
      >
        CHECK YOUR EMAIL!
      </h2>
      <div id={`${titleId}-intro`} className="mt-4 space-y-3 text-center">
        <p className="text-base-content/80">We sent a magic link to</p>
        <p className="rounded-box border-2 border-plum bg-base-300 px-3 py-2 font-bold break-all text-accent">
          {email}
        </p>
        <p className="flex items-center justify-center gap-2 text-sm text-base-content/80">
          <PixelIcon icon={iconClock} className="size-4 shrink-0 text-warning" />
          The link expires in {MAGIC_LINK_MINUTES} minutes.
        </p>
      </div>
      <div className="mt-3 text-center">
        <button
          type="button"
          className="btn btn-ghost text-info btn-sm"
          onClick={() => void resend(email)}
          disabled={resending}
        >
          {resending ? (
            <span className="loading loading-xs loading-spinner" aria-hidden="true" />
          ) : (
            <PixelIcon icon={iconReload} className="size-4" />
          )}
          {resending ? 'Resending Link...' : "Didn't receive it? Resend link"}
        </button>
      </div>
      <div className="divider my-4 font-pixel text-[0.55rem] text-base-content/60">OR</div>
      <CodeForm email={email} />
    </>
  );
}

/** The 6-digit code from the same mail, for reading the mail on another device. */
function CodeForm({ email }: { email: string }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const { run, pending } = useAction($verifyLoginCode, {
    failureTitle: 'Sign In Failed',
    pendingAfterSuccess: true,
    onSuccess: () => {
      toast(WELCOME_TOAST);
      toastAfterNavigation(WELCOME_TOAST);
      recordLoginMarker();
      window.location.assign('/');
    },
  });

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = z.safeParse(verifyCodeRequestSchema, { email, code });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).code ?? fieldErrors(parsed.error).email);
      field.current?.focus();
      return;
    }
    setError(undefined);
    await run(parsed.data);
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`} className="space-y-3">
      <p id={`${id}-title`} className="text-center text-sm text-base-content/80">
        <strong className="text-base-content">Have a code?</strong> Enter the {LOGIN_CODE_LENGTH}-digit code from the
        email
      </p>
      <TextField
        ref={field}
        id={`${id}-code`}
        label="Login code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="------"
        className="text-center font-pixel text-lg tracking-[0.4em]"
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, LOGIN_CODE_LENGTH))}
        error={error}
      />
      <button type="submit" className="btn-arcade btn-block btn-secondary" disabled={pending}>
        {pending && <span className="loading loading-sm loading-spinner" aria-hidden="true" />}
        {pending ? 'Signing In...' : 'Sign In with Code'}
      </button>
    </form>
  );
}
