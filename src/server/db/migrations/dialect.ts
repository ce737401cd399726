/** The database a migration runs on, for the few differences that matter (see `columns.ts`). */
export type Dialect = 'sqlite' | 'postgres';
