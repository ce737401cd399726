/** The largest id the database holds: its id columns are 32-bit integers (PostgreSQL `serial`). */
export const MAX_ID = 2 ** 31 - 1;

/**
 * An id as an address writes it (a tournament's, a player's, a prize's): digits without a leading
 * zero, from 1 to {@link MAX_ID}. Anything else (empty, 0, '007', 'abc', "1'", an id past the
 * database's integer range) is null: no row can have it.
 */
export function parseId(text: string | null | undefined): number | null {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}
