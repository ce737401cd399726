import { moderationRequestSchema } from '~/lib/schemas/moderation';
import { parseWith, readJson } from './http';

/**
 * The `{reason}` body of a ban or a hidden run: a request without any body is a 400 asking for the
 * reason (not a 415 about JSON), as is a missing, empty or too long one.
 */
export async function readReason(request: Request): Promise<{ reason: string }> {
  const hasBody = Number(request.headers.get('content-length') ?? '0') > 0 || request.headers.has('content-type');
  return hasBody ? readJson(request, moderationRequestSchema) : parseWith(moderationRequestSchema, {});
}
