import * as z from 'zod/mini';

// The rules for free text sent to the API, one for names (one line) and one for longer text
// (descriptions, reports, notes), so every field refuses the same characters with the same words,
// on both databases alike: PostgreSQL cannot store NUL at all (a 500), SQLite stored it.

/**
 * Characters a name never needs and that can disguise it: control characters (NUL, line breaks)
 * and the marks that reverse or isolate text direction (U+202E makes "cup.gnp" read "cup.png").
 * Emoji sequences (zero-width joiners, variation selectors) stay allowed.
 */
export const HIDDEN_CHARACTERS = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** Control characters but tab and line breaks: what text of several lines never needs. */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** A name's check: `field` (as the message names it, e.g. 'The name') holds no hidden characters. */
export const oneLineText = (field: string) =>
  z.refine<string>(
    (value) => !HIDDEN_CHARACTERS.test(value),
    `${field} cannot hold control characters or text-direction marks`,
  );

/** Longer text's check: `field` holds no control characters; line breaks and tabs are fine. */
export const manyLinesText = (field: string) =>
  z.refine<string>(
    (value) => !CONTROL_CHARACTERS.test(value),
    `${field} cannot hold control characters such as NUL (line breaks and tabs are fine)`,
  );
