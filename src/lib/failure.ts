import { ApiError } from './request';

/**
 * The words of a failed call for the player: the server's own message, else a fallback. Apart from
 * `request.ts` (which every page loads) because only actions and forms need them: they load with a
 * player's account menu or with the dialogs and tools that act (astro.config.mjs, `player`).
 */

/** The fallback text of a failed action whose server sent no message. */
export const SOMETHING_WRONG = 'Something went wrong. Please try again.';

/** The human message of an error answer's JSON body (`{ "error": "..." }`), when the server sent one. */
export function serverMessage(error: ApiError): string | undefined {
  try {
    const parsed: unknown = JSON.parse(error.body);
    if (parsed && typeof parsed === 'object') {
      const { error: text, message } = parsed as Record<string, unknown>;
      if (typeof text === 'string' && text) return text;
      if (typeof message === 'string' && message) return message;
    }
  } catch {
    // not JSON: there is no separate server message
  }
  return undefined;
}

/** The server's human message for a failed call, or `fallback` (network errors, non-JSON bodies). */
export function failureMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && serverMessage(error)) || fallback;
}
