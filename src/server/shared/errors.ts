import { MINUTE, plural, SECOND } from '~/lib/format';

/**
 * A failure the client caused or must be told about, with the HTTP status and a message a person
 * understands. Services throw it; endpoints turn it into `{ "error": message }`.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    message: string,
    /** Extra headers for the answer, e.g. `Retry-After`. */
    readonly headers: Record<string, string> = {},
    /** Extra fields for the JSON body, e.g. per-field issues. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new AppError(400, message, {}, details);
export const unauthorized = (message = 'Please sign in first.') => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do that.') => new AppError(403, message);
export const notFound = (message = 'Not found.') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

/** 429 with `Retry-After` in whole seconds; the message says the wait in minutes from two minutes on. */
export function tooManyRequests(retryAfterMs: number, what = 'requests'): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / SECOND));
  const waitMs = seconds * SECOND;
  const wait = waitMs >= 2 * MINUTE ? plural(Math.ceil(waitMs / MINUTE), 'minute') : plural(seconds, 'second');
  return new AppError(429, `Too many ${what}. Please try again in ${wait}.`, { 'Retry-After': String(seconds) });
}
