import { useEffect, useState } from 'react';
import { failureMessage } from '../lib/api';
import { $verifyMagicLink, WELCOME_TOAST } from '../lib/stores/verify-link';
import { REDIRECT_AFTER_LOGIN_MS } from '../lib/cross-tab';
import { announceLogin } from '../lib/cross-tab-announce';
import { runMutation } from '../lib/query-wait';
import { toast, toastAfterNavigation } from '../lib/stores/toast';

// Module-level, not a ref: a magic link is single use, so a second run (React StrictMode's double
// effects, a remount) would spend nothing but report the link as already used.
let started = false;

/** A link opened in a browser that did not ask for it: whose account it would sign in to. */
interface Question {
  token: string;
  username: string;
}

/**
 * The magic-link landing: verifies the link once, then goes home. A link asked for in another
 * browser asks 'Continue as <username>?' first, so nobody is signed in to someone else's account
 * by a link slipped to them.
 */
export default function AuthCallback() {
  const [question, setQuestion] = useState<Question | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (started) return;
    started = true;
    void startSignIn(setQuestion);
  }, []);

  if (question) {
    const answer = async (goOn: boolean) => {
      if (busy) return;
      setBusy(true);
      if (goOn) await finishSignIn(question.token, true, setQuestion);
      else leave();
    };
    return (
      <section aria-labelledby="confirm-sign-in" className="panel mx-auto mt-16 flex max-w-lg flex-col items-center gap-5 p-8 text-center sm:p-12">
        <h1 id="confirm-sign-in" className="pixel-heading text-lg break-all sm:text-xl">
          Continue as {question.username}?
        </h1>
        <p className="text-base-content/80">
          This sign-in link was asked for in another browser. Continue only if you asked for it and {question.username} is your account.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <button type="button" className="btn-arcade btn-primary" disabled={busy} onClick={() => void answer(true)}>
            Continue
          </button>
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => void answer(false)}>
            Cancel
          </button>
        </div>
      </section>
    );
  }

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

async function startSignIn(ask: (question: Question) => void) {
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
  await finishSignIn(token, false, ask);
}

async function finishSignIn(token: string, confirm: boolean, ask: (question: Question) => void) {
  // Not the one way to act (useAction): a failure here is kept for the next page, not shown here.
  const outcome = await runMutation($verifyMagicLink, { token, confirm });
  if (outcome.status !== 'done') {
    toastAfterNavigation({
      title: 'Sign In Failed',
      description: failureMessage(outcome.status === 'failed' ? outcome.error : undefined, 'The login link has expired or is invalid. Please try signing in again.'),
      variant: 'destructive',
    });
    leave();
    return;
  }
  if ('confirm' in outcome.result) {
    ask({ token, username: outcome.result.confirm.username });
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
