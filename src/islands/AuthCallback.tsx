import { $landing, answerQuestion, type LandingState } from '~/features/account/magic-link-landing';
import { useHydratedStore } from '~/ui/useHydratedStore';

const VERIFYING: LandingState = { step: 'verifying' };

/**
 * The magic-link landing's look: 'Signing you in...' while the link is checked, or 'Continue as
 * <username>?' for a link asked for in another browser. The page's script runs the sign-in itself
 * (features/account/magic-link-landing.ts), so it goes on before and without this island.
 */
export default function AuthCallback() {
  const landing = useHydratedStore($landing, VERIFYING);

  if (landing.step === 'question') {
    return (
      <section
        aria-labelledby="confirm-sign-in"
        className="panel mx-auto mt-16 flex max-w-lg flex-col items-center gap-5 p-8 text-center sm:p-12"
      >
        <h1 id="confirm-sign-in" className="pixel-heading text-lg break-all sm:text-xl">
          Continue as {landing.username}?
        </h1>
        <p className="text-base-content/80">
          This sign-in link was asked for in another browser. Continue only if you asked for it and {landing.username}{' '}
          is your account.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <button
            type="button"
            className="btn-arcade btn-primary"
            disabled={landing.answering}
            onClick={() => void answerQuestion(true)}
          >
            Continue
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={landing.answering}
            onClick={() => void answerQuestion(false)}
          >
            Cancel
          </button>
        </div>
      </section>
    );
  }

  return (
    <section
      role="status"
      className="panel mx-auto mt-16 flex max-w-lg flex-col items-center gap-5 p-8 text-center sm:p-12"
    >
      <span className="loading loading-lg loading-spinner text-primary" aria-hidden="true" />
      <h1 className="pixel-heading text-lg sm:text-xl">Signing you in...</h1>
      <p className="text-base-content/80">Please wait while we verify your magic link.</p>
    </section>
  );
}
