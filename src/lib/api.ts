import ky, { type Options } from 'ky';
import * as z from 'zod/mini';
import { API_PREFIX, ApiError, REQUEST_TIMEOUT_MS } from './request';

// The API calls whose answers zod checks: everything but the few calls every page makes, which
// `request.ts` makes on plain `fetch` and checks by hand, so that a static page's first load
// carries neither ky nor zod. Errors live in `request.ts`, their messages in `failure.ts`; re-exported here.
export { ApiError } from './request';
export { SOMETHING_WRONG, failureMessage, serverMessage } from './failure';

/** The app's client of the arcade's own API (ky): same origin, credentials included, no retries, a 10 s limit. */
export const api = ky.create({
  prefix: API_PREFIX,
  credentials: 'include',
  retry: 0,
  timeout: REQUEST_TIMEOUT_MS,
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
export async function getJson<S extends z.ZodMiniType>(path: string, schema: S): Promise<z.output<S>> {
  const response = await send(path, { method: 'get' });
  return z.parse(schema, await response.json());
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
  const response = await send(path, {
    method: 'post',
    body: file,
    headers: { 'content-type': file.type || 'application/octet-stream' },
  });
  return z.parse(schema, await response.json());
}
