/**
 * The browser's calls to the arcade's own API, on plain `fetch`: same origin, credentials included,
 * JSON asked for, no retries, a 10 s limit. Every page loads this (the header asks who is signed
 * in), so it carries no schema library: `api.ts` adds zod's checks for the calls that need them.
 */

/** Where the API lives; paths below are relative to it (`auth/me`). */
export const API_PREFIX = '/api/';
/** A call that has not answered after this long fails. */
export const REQUEST_TIMEOUT_MS = 10_000;

/**
 * A non-OK answer of the arcade's API. Its message follows the spec's shared request behaviour:
 * the status code, a colon, then the response body text (or the status text when the body is empty).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }
}

/** Call `path` under {@link API_PREFIX}, with `body` as JSON when given; a non-OK answer throws an {@link ApiError}. */
export async function request(
  path: string,
  method: 'get' | 'post' | 'put' | 'delete' = 'get',
  body?: unknown,
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${API_PREFIX}${path}`, {
    method: method.toUpperCase(),
    credentials: 'include',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, text, response.statusText);
  }
  return response;
}

/**
 * GET a JSON answer and hand it to `check`, which returns it typed or throws: for the calls every
 * page makes (the current user, a game's play count), checked without a schema library.
 */
export async function getChecked<T>(path: string, check: (answer: unknown) => T): Promise<T> {
  return check(await (await request(path)).json());
}

/** An answer that is not what the API promises (the message names the call). */
export function unexpectedAnswer(path: string): Error {
  return new Error(`Unexpected answer from ${API_PREFIX}${path}`);
}
