import { STATUS_CODES } from 'node:http';
import { parseId } from '~/lib/ids';
import * as z from 'zod/mini';
import { AppError, badRequest } from '../shared/errors';

/** Largest JSON body the API reads. */
export const MAX_BODY_BYTES = 16 * 1024;

/**
 * Give a server-rendered page another status, with that status's own reason phrase (left alone,
 * the answer says '404 OK').
 */
export function setPageStatus(response: { status?: number; statusText?: string }, status: number): void {
  response.status = status;
  response.statusText = STATUS_CODES[status] ?? '';
}

/** A JSON answer. */
export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...Object.fromEntries(new Headers(headers)),
    },
  });
}

/** The JSON error answer for `error`; anything unexpected is logged and becomes a plain 500. */
export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) return json({ error: error.message, ...error.details }, error.status, error.headers);
  console.error('Unexpected error:', error);
  return json({ error: 'Something went wrong on our side. Please try again.' }, 500);
}

/** Run an endpoint body, turning thrown errors into JSON answers. */
export async function handle(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    return errorResponse(error);
  }
}

/** Parse `value` with `schema`; a mismatch is a 400 naming the first problem and listing them all. */
export function parseWith<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ field: i.path.join('.') || null, message: i.message }));
  throw badRequest(issues[0]?.message ?? 'The request is not valid.', { issues });
}

/**
 * Read the request's JSON body (at most `maxBytes`, {@link MAX_BODY_BYTES} unless the endpoint
 * takes more) and parse it with `schema`. Wrong content type, oversize, malformed JSON and wrong
 * shapes are all clear 4xx answers.
 */
export async function readJson<S extends z.ZodMiniType>(
  request: Request,
  schema: S,
  maxBytes = MAX_BODY_BYTES,
): Promise<z.output<S>> {
  return (await readJsonBody(request, schema, maxBytes)).value;
}

/** {@link readJson} with the body as it arrived too (`raw`, for signatures and hashes). */
export async function readJsonBody<S extends z.ZodMiniType>(
  request: Request,
  schema: S,
  maxBytes = MAX_BODY_BYTES,
): Promise<{ raw: string; value: z.output<S> }> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type))
    throw new AppError(415, 'Send the request body as JSON (Content-Type: application/json).');
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new AppError(413, 'The request body is too large.');
  const raw = new TextDecoder().decode(await readBytes(request, maxBytes));
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw badRequest('The request body must be a JSON object.');
  return { raw, value: parseWith(schema, value) };
}

/**
 * The request's body as bytes, at most `limit` of them: a larger body (declared or sent) is a 413
 * with `tooLarge` as its message, and reading stops there.
 */
export async function readBytes(
  request: Request,
  limit: number,
  tooLarge = 'The request body is too large.',
): Promise<Buffer> {
  if (Number(request.headers.get('content-length') ?? '0') > limit) throw new AppError(413, tooLarge);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // The client hung up mid-body: nobody is left to answer, and it is no fault of the server's,
      // so one quiet line instead of an error with a stack (README, Accounts).
      console.info(`[arcade] a client hung up while sending ${request.method} ${new URL(request.url).pathname}`);
      throw new AppError(400, 'The request body did not arrive whole.');
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new AppError(413, tooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The answer for a method an endpoint does not offer; export as `ALL` beside the real handlers. */
export function methodNotAllowed(...allowed: string[]) {
  return () => json({ error: `Use ${allowed.join(' or ')} for this address.` }, 405, { allow: allowed.join(', ') });
}

/** A route's numeric id parameter; anything but a positive whole number is a 400. */
export function idParam(value: string | undefined, what = 'user id'): number {
  const id = parseId(value);
  if (id === null) throw new AppError(400, `The ${what} must be a positive whole number.`);
  return id;
}
