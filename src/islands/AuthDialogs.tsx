import { lazy, Suspense, useEffect, useState } from 'react';
import { $authDialog } from '~/lib/stores/auth-dialog';
import { useHydratedStore } from '~/ui/useHydratedStore';

// The dialogs' code (forms, validation, sign-in calls) loads when a dialog first opens, not with
// every page: most visits never open one.
const SignInDialog = lazy(() => import('~/features/account/SignInDialog'));
const SignUpDialog = lazy(() => import('~/features/account/SignUpDialog'));

/**
 * The sign-up and sign-in dialogs, opened by Get Started, Sign In and the hero's buttons through
 * `$authDialog`. Once loaded a dialog stays mounted, so it opens at once the next time.
 */
export default function AuthDialogs({ productName }: { productName: string }) {
  const open = useHydratedStore($authDialog, null);
  const [loaded, setLoaded] = useState({ signIn: false, signUp: false });

  useEffect(() => {
    if (open === 'sign-in') setLoaded((l) => (l.signIn ? l : { ...l, signIn: true }));
    if (open === 'sign-up') setLoaded((l) => (l.signUp ? l : { ...l, signUp: true }));
  }, [open]);

  return (
    <Suspense fallback={null}>
      {loaded.signUp && <SignUpDialog productName={productName} />}
      {loaded.signIn && <SignInDialog />}
    </Suspense>
  );
}
