import type { Kysely } from 'kysely';

// Prizes paid over Lightning by the arcade (README, "Lightning payouts"). A bitcoin prize's payout
// is a state kept with the prize: null (never tried) -> paying (claimed by one request; the invoice
// and its payment hash stored before the wallet is asked) -> sent (the preimage stored, checked
// against the hash) or failed (provably unpaid, with the reason; it may be tried again). The daily
// budget is one row per UTC day, reserved before the wallet is asked, in every process at once.

const COLUMNS: [
  name: string,
  type: 'varchar(10)' | 'varchar(32)' | 'varchar(64)' | 'varchar(16)' | 'varchar(300)' | 'text' | 'bigint',
][] = [
  ['payout_state', 'varchar(10)'],
  ['payout_claim', 'varchar(32)'],
  ['payout_invoice', 'text'],
  ['payout_hash', 'varchar(64)'],
  ['payout_preimage', 'varchar(64)'],
  ['payout_error', 'varchar(300)'],
  ['payout_started_at', 'bigint'],
  ['payout_expires_at', 'bigint'],
  ['payout_paid_at', 'bigint'],
  ['payout_budget_day', 'varchar(16)'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, type] of COLUMNS) await db.schema.alterTable('prize_awards').addColumn(name, type).execute();
  // The recovery sweep looks for prizes left paying (a crash, a timeout, another process).
  await db.schema.createIndex('prize_awards_payout_state').on('prize_awards').column('payout_state').execute();
  // A payment hash is paid for one prize only.
  await db.schema.createIndex('prize_awards_payout_hash').on('prize_awards').column('payout_hash').unique().execute();
  await db.schema
    .createTable('payout_budget')
    /** The UTC day, `YYYY-MM-DD`. */
    .addColumn('day', 'varchar(16)', (c) => c.primaryKey())
    /** Sats reserved for payments asked of the wallet that day and not proven failed. */
    .addColumn('reserved_sats', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payout_budget').execute();
  await db.schema.dropIndex('prize_awards_payout_hash').execute();
  await db.schema.dropIndex('prize_awards_payout_state').execute();
  for (const [name] of [...COLUMNS].reverse()) await db.schema.alterTable('prize_awards').dropColumn(name).execute();
}
