import * as z from 'zod/mini';
import { request } from './request';

// The API calls whose answers zod checks (everything but the few calls every page makes, which
// `request.ts` checks by hand). Errors and messages live in `request.ts`; re-exported here.
export { ApiError, SOMETHING_WRONG, failureMessage } from './request';

/** GET a JSON resource and parse it with `schema`; a non-OK answer throws an {@link ApiError}. */
export async function getJson<S extends z.ZodMiniType>(path: string, schema: S): Promise<z.output<S>> {
  const response = await request(path);
  return z.parse(schema, await response.json());
}

/** Send a JSON body with a state-changing method and parse the answer with `schema`. */
export async function sendJson<S extends z.ZodMiniType>(
  method: 'post' | 'put' | 'delete',
  path: string,
  body: unknown,
  schema: S,
): Promise<z.output<S>> {
  const response = await request(path, method, body);
  return z.parse(schema, await response.json());
}
