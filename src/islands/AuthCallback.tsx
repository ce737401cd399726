import { useEffect } from 'react';
import { failureMessage } from '../lib/api';
import { $verifyMagicLink, WELCOME_TOAST } from '../lib/stores/verify-link';
import { REDIRECT_AFTER_LOGIN_MS, announceLogin } from '../lib/cross-tab';
import { runMutation } from '../lib/query';
import { toast, toastAfterNavigation } from '../lib/stores/toast';

// Module-level, not a ref: a magic link is single use, so a second run (React StrictMode's double
// effects, a remount) would spend nothing but report the link as already used.
let started = false;

/** The magic-link landing: verifies the link once, then goes home. */
export default function AuthCallback() {
  useEffect(() => {
    if (started) return;
    started = true;
    void completeSignIn();
  }, []);

  return (
    <section role="status" className="panel mx-auto mt-16 flex max-w-lg flex-col items-center gap-5 p-8 text-center sm:p-12">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <h1 className="pixel-heading text-lg sm:text-xl">Signing you in...</h1>
      <p className="text-base-content/80">Please wait while we verify your magic link.</p>
    </section>
  );
}

function leave() {
  // replace(): Back must not return to a link that is already spent.
  window.location.replace('/');
}

async function completeSignIn() {
  const token = new URLSearchParams(window.location.search).get('token');
  // The token has done its job once read: keep it out of the history and of later referrers.
  window.history.replaceState(null, '', window.location.pathname);
  if (!token) {
    toastAfterNavigation({
      title: 'Invalid Login Link',
      description: 'The login link is missing or invalid. Please try signing in again.',
      variant: 'destructive',
    });
    leave();
    return;
  }

  // Not the one way to act (useAction): a failure here is kept for the next page, not shown here.
  const outcome = await runMutation($verifyMagicLink, token);
  if (outcome.status !== 'done') {
    toastAfterNavigation({
      title: 'Sign In Failed',
      description: failureMessage(outcome.status === 'failed' ? outcome.error : undefined, 'The login link has expired or is invalid. Please try signing in again.'),
      variant: 'destructive',
    });
    leave();
    return;
  }

  // Telling other tabs is a courtesy: it must not keep this tab from finishing the sign-in.
  await announceLogin().catch(() => undefined);
  toast(WELCOME_TOAST);
  setTimeout(() => {
    toastAfterNavigation(WELCOME_TOAST);
    leave();
  }, REDIRECT_AFTER_LOGIN_MS);
}
