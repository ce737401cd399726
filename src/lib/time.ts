// Time units in their own module (re-exported by `format.ts`): the data layer every page loads
// needs them, but not the formatters.

/** Time units in milliseconds: `15 * MINUTE`, `30 * DAY`. */
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
