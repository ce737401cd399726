import type { UserRow } from '../db/schema';
import { unauthorized } from '../shared/errors';

/**
 * The signed-in player of this request (the session step of the middleware put them in `locals`);
 * a 401 with `message` when nobody is signed in.
 */
export function requireUser(locals: App.Locals, message?: string): UserRow {
  if (!locals.user) throw unauthorized(message);
  return locals.user;
}
