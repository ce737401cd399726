import type { ToastInput } from './stores/toast';

/** The play page's address for a game: `/play?url=…&name=…`. */
export function playHref(url: string, name: string): string {
  const query = new URLSearchParams({ url, name });
  return `/play?${query.toString()}`;
}

/** The destructive toast a signed-out visitor gets when pressing a play button. */
export function signUpRequiredToast(gameName: string): ToastInput {
  return {
    title: 'Sign Up Required',
    description: `Please sign up or log in to play ${gameName} and access the arcade.`,
    variant: 'destructive',
  };
}
