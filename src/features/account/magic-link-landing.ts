import { atom } from 'nanostores';
import { failureMessage } from '~/lib/api';
import { REDIRECT_AFTER_LOGIN_MS } from '~/lib/cross-tab';
import { announceLogin } from '~/lib/cross-tab-announce';
import { runMutation } from '~/lib/query-wait';
import { toast, toastAfterNavigation } from '~/lib/stores/toast';
import { $verifyMagicLink, WELCOME_TOAST } from '~/lib/stores/verify-link';

/**
 * The magic-link landing (`/auth/callback?token=...`): verifies the link once, then
 * goes home. A link asked for in another browser asks 'Continue as <username>?' first, so nobody is
 * signed in to someone else's account by a link slipped to them.
 *
 * The page's own script starts it while the page is still being parsed ({@link startLanding}), so
 * a player who opens the mail's link waits for one request, not for React: the `AuthCallback`
 * island only draws {@link $landing} (and asks the question), whenever it has hydrated. On a busy
 * phone or a slow machine hydration can come seconds after the first paint.
 */

/** What the landing shows: the spec's 'Signing you in...', or the question, being answered or not. */
export type LandingState =
  { step: 'verifying' } | { step: 'question'; token: string; username: string; answering: boolean };

export const $landing = atom<LandingState>({ step: 'verifying' });

// Module-level: a magic link is single use, so a second start (a second script, a remount) would
// spend nothing but report the link as already used.
let started = false;

/** Starts the sign-in with the page's `token` query parameter, once per page. */
export function startLanding() {
  if (started) return;
  started = true;
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
  void finishSignIn(token, false);
}

/** The player's answer to 'Continue as <username>?': sign in, or leave with nothing spent. */
export async function answerQuestion(goOn: boolean) {
  const state = $landing.get();
  if (state.step !== 'question' || state.answering) return;
  $landing.set({ ...state, answering: true });
  if (goOn) await finishSignIn(state.token, true);
  else leave();
}

function leave() {
  // replace(): Back must not return to a link that is already spent.
  window.location.replace('/');
}

async function finishSignIn(token: string, confirm: boolean) {
  // Not the one way to act (useAction): a failure here is kept for the next page, not shown here.
  const outcome = await runMutation($verifyMagicLink, { token, confirm });
  if (outcome.status !== 'done') {
    toastAfterNavigation({
      title: 'Sign In Failed',
      description: failureMessage(
        outcome.status === 'failed' ? outcome.error : undefined,
        'The login link has expired or is invalid. Please try signing in again.',
      ),
      variant: 'destructive',
    });
    leave();
    return;
  }
  if ('confirm' in outcome.result) {
    $landing.set({ step: 'question', token, username: outcome.result.confirm.username, answering: false });
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
