import { computed } from 'nanostores';
import { FRESH, KEEP_CURRENT_USER, createQuery, firstOf, mutateCache } from '../query';
import { ApiError, getChecked, unexpectedAnswer } from '../request';
import type { MeResponse, User } from '../schemas/user';

/** Who is using this tab: still being asked, nobody, or a signed-in player. */
export type Session = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; user: User };

export const ME_KEY = 'auth/me';

/**
 * `GET /api/auth/me`: the signed-in player, or `null` for a visitor who is signed out (the server
 * answers `{ user: null }`; a 401, from an older server, means the same). Never retried.
 */
async function fetchMe(): Promise<MeResponse | null> {
  try {
    const user = await getChecked(ME_KEY, readMeAnswer);
    return user ? { user } : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * The user of a `GET /api/auth/me` answer, or null: the same rules as `meAnswerSchema`
 * (`schemas/user.ts`), checked by hand so that no page needs zod to know who is signed in
 * (`tests/unit/session-answer.test.ts` holds the two together).
 */
export function readMeAnswer(answer: unknown): User | null {
  const user = (answer as { user?: unknown } | null)?.user;
  if (user === null) return null;
  if (!user || typeof user !== 'object') throw unexpectedAnswer(ME_KEY);
  const { id, username, email, isAdmin = false, avatarImage } = user as Record<string, unknown>;
  const valid =
    typeof id === 'number' &&
    Number.isSafeInteger(id) &&
    id > 0 &&
    typeof username === 'string' &&
    typeof email === 'string' &&
    typeof isAdmin === 'boolean' &&
    (avatarImage == null || typeof avatarImage === 'string');
  if (!valid) throw unexpectedAnswer(ME_KEY);
  return avatarImage === undefined ? { id, username, email, isAdmin } : { id, username, email, isAdmin, avatarImage };
}

export const $me = createQuery<MeResponse | null>(ME_KEY, fetchMe, {
  freshMs: FRESH.currentUser,
  keepMs: KEEP_CURRENT_USER,
  onError: (error) => console.warn('Could not load the current user:', error),
});

/**
 * The current user as the islands see it. Prerendered pages are built in the loading state and ask
 * once in the browser. Without an answer (a failed call) the page behaves as signed out; the server
 * still guards every action.
 */
export const $session = computed($me, ({ data, error }): Session => {
  if (data) return { status: 'signed-in', user: data.user };
  if (data === null || error !== undefined) return { status: 'signed-out' };
  return { status: 'loading' };
});

/** The session once it is known (waits while it loads). */
export const settledSession = () =>
  firstOf($session, (session) => (session.status === 'loading' ? undefined : { value: session }));

/** The server said this browser is signed in as `user` (a magic link or code was just verified). */
export const setSignedIn = (user: User) => mutateCache(ME_KEY, { user });

/** The server answered 401: the session ended since the page asked who is signed in. */
export const setSignedOut = () => mutateCache(ME_KEY, null);
