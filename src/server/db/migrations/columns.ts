import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from './dialect';

/**
 * Add an auto-incrementing integer primary key `id`: the one column the two databases spell
 * differently (`serial` on PostgreSQL, `integer … autoincrement` on SQLite).
 */
export function withId<TB extends string>(
  table: CreateTableBuilder<TB>,
  dialect: Dialect,
): CreateTableBuilder<TB, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
