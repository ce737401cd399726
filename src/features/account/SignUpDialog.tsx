import { useId, useRef, useState, type SubmitEvent, type RefObject } from 'react';
import * as z from 'zod/mini';
import { $register, fieldErrors } from '~/lib/stores/sign-in';
import { registerRequestSchema } from '~/lib/schemas/auth';
import { closeAuthDialog, openAuthDialog } from '~/lib/stores/auth-dialog';
import { toast } from '~/lib/stores/toast';
import { ArcadeDialog } from '~/ui/ArcadeDialog';
import { useAuthDialog } from './useAuthDialog';
import { EmailField, TextField } from '~/ui/TextField';
import { useAction } from '~/ui/useAction';
import { coin as iconCoin } from '~/ui/pixel-icons';

interface Props {
  /** The product name from the site settings, for the welcome toast. */
  productName: string;
}

/** The sign-up dialog: JOIN THE ARCADE, opened by Get Started and CREATE ACCOUNT. */
export default function SignUpDialog({ productName }: Props) {
  const { resetKey: formKey, firstField, titleId, dialogProps } = useAuthDialog('sign-up');

  return (
    <ArcadeDialog {...dialogProps} icon={iconCoin}>
      <h2 id={titleId} className="pixel-heading text-center text-base leading-relaxed sm:text-lg">
        JOIN THE ARCADE
      </h2>
      <p id={`${titleId}-intro`} className="mt-3 text-center text-base-content/80">
        Pick a player name. We email you a magic link - no password needed.
      </p>
      <SignUpForm key={formKey} productName={productName} firstField={firstField} />
    </ArcadeDialog>
  );
}

function SignUpForm({ productName, firstField }: Props & { firstField: RefObject<HTMLInputElement | null> }) {
  const id = useId();
  const [values, setValues] = useState({ username: '', email: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const emailField = useRef<HTMLInputElement>(null);
  const { run, pending } = useAction($register, {
    failureTitle: 'Registration Failed',
    pendingAfterSuccess: true,
    onSuccess: () => {
      toast({
        title: `Welcome to ${productName}!`,
        description: 'Check your email for a magic link to sign in and start playing.',
        variant: 'success',
      });
      closeAuthDialog();
    },
  });

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = z.safeParse(registerRequestSchema, values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      (found.username ? firstField : emailField).current?.focus();
      return;
    }
    setErrors({});
    await run(parsed.data);
  }

  return (
    <form noValidate onSubmit={submit} className="mt-6 space-y-5">
      <TextField
        ref={firstField}
        id={`${id}-username`}
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="satoshi_21"
        value={values.username}
        onChange={(e) => setValues((v) => ({ ...v, username: e.target.value }))}
        error={errors.username}
      />
      <EmailField
        ref={emailField}
        id={`${id}-email`}
        value={values.email}
        onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
        error={errors.email}
      />
      <button type="submit" className="btn-arcade btn-block btn-lg btn-primary" disabled={pending}>
        {pending && <span className="loading loading-sm loading-spinner" aria-hidden="true" />}
        {pending ? 'CREATING ACCOUNT...' : 'CREATE ACCOUNT'}
      </button>
      <p className="text-center text-sm text-base-content/80">
        Already a player?{' '}
        <button
          type="button"
          className="link font-pixel text-[0.6rem] link-primary no-underline hover:underline"
          onClick={() => openAuthDialog('sign-in')}
        >
          SIGN IN INSTEAD
        </button>
      </p>
    </form>
  );
}
