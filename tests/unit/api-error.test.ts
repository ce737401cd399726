import { describe, expect, it } from 'vitest';
import { ApiError, serverMessage } from '~/lib/api';

describe('ApiError', () => {
  it('reads "status: body" as the spec requires', () => {
    const error = new ApiError(429, '{"error":"Too many requests. Try again in 60 seconds."}', 'Too Many Requests');
    expect(error.message).toBe('429: {"error":"Too many requests. Try again in 60 seconds."}');
    expect(serverMessage(error)).toBe('Too many requests. Try again in 60 seconds.');
  });

  it('falls back to the status text when the body is empty', () => {
    const error = new ApiError(502, '', 'Bad Gateway');
    expect(error.message).toBe('502: Bad Gateway');
    expect(serverMessage(error)).toBeUndefined();
  });

  it('has no server message for a body that is not a JSON error', () => {
    expect(serverMessage(new ApiError(500, '<html>oops</html>', 'Internal Server Error'))).toBeUndefined();
    expect(serverMessage(new ApiError(400, '{"message":"Bad shape"}', 'Bad Request'))).toBe('Bad shape');
  });
});
