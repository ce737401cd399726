import ky, { type Options } from 'ky';
import * as z from 'zod/mini';

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

  /** The human message of a JSON error body (`{ "error": "..." }`), when the server sent one. */
  get serverMessage(): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed && typeof parsed === 'object') {
        const { error, message } = parsed as Record<string, unknown>;
        if (typeof error === 'string' && error) return error;
        if (typeof message === 'string' && message) return message;
      }
    } catch {
      // not JSON: there is no separate server message
    }
    return undefined;
  }
}

/** The browser's client of the arcade's own API: same-origin, credentials included, no retries. */
export const api = ky.create({
  prefix: '/api/',
  credentials: 'include',
  retry: 0,
  throwHttpErrors: false,
  headers: { accept: 'application/json' },
});

async function send(path: string, options: Options): Promise<Response> {
  const response = await api(path, options);
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    throw new ApiError(response.status, body, response.statusText);
  }
  return response;
}

/** GET a JSON resource and parse it with `schema`; a non-OK answer throws an {@link ApiError}. */
export async function getJson<S extends z.ZodMiniType>(path: string, schema: S, options: Options = {}): Promise<z.output<S>> {
  const response = await send(path, { ...options, method: 'get' });
  return z.parse(schema, await response.json());
}

/**
 * GET a JSON resource, answering `null` for 401 instead of throwing: the spec's variant for calls
 * whose signed-out answer is a normal state (the current user).
 */
export async function getJsonOrNullOn401<S extends z.ZodMiniType>(path: string, schema: S): Promise<z.output<S> | null> {
  try {
    return await getJson(path, schema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Send a JSON body with a state-changing method and parse the answer with `schema`. */
export async function sendJson<S extends z.ZodMiniType>(
  method: 'post' | 'put' | 'delete',
  path: string,
  body: unknown,
  schema: S,
): Promise<z.output<S>> {
  const response = await send(path, { method, json: body });
  return z.parse(schema, await response.json());
}

/** POST a file as the request body (its type as Content-Type) and parse the JSON answer with `schema`. */
export async function sendFile<S extends z.ZodMiniType>(path: string, file: Blob, schema: S): Promise<z.output<S>> {
  const response = await send(path, { method: 'post', body: file, headers: { 'content-type': file.type || 'application/octet-stream' } });
  return z.parse(schema, await response.json());
}

/** The fallback text of a failed action whose server sent no message. */
export const SOMETHING_WRONG = 'Something went wrong. Please try again.';

/** The server's human message for a failed call, or `fallback` (network errors, non-JSON bodies). */
export function failureMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}
