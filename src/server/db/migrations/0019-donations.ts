import type { Kysely } from 'kysely';
import { withId } from './columns';
import type { Dialect } from './dialect';

// Money in (README, "Donations and open books"): one row per invoice the arcade's wallet made for a
// donor (the Donate page, its Lightning Address, a zap), credited once: `state` moves open -> paid by
// one conditional update, whoever notices first (a notification, the watcher's lookup, the page's poll).

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('donations'), dialect)
    /** Hex payment hash of the invoice: one donation per invoice, across every process. */
    .addColumn('payment_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invoice', 'text', (c) => c.notNull())
    /** 'page' (Donate page), 'address' (the arcade's Lightning Address), 'zap' (NIP-57). */
    .addColumn('source', 'text', (c) => c.notNull())
    /** The sats the invoice asks for. */
    .addColumn('requested_sats', 'bigint', (c) => c.notNull())
    /** What the wallet says it received (millisatoshis), once paid. */
    .addColumn('received_msat', 'bigint')
    /** The donor's chosen name and message (plain text, length-limited); null: anonymous, none. */
    .addColumn('name', 'text')
    .addColumn('message', 'text')
    /** Earmarked for this tournament's prize pool; null: the arcade. */
    .addColumn('tournament_id', 'integer', (c) => c.references('tournaments.id').onDelete('set null'))
    /** 'open' (waiting), 'paid' (credited), 'expired' (expired unpaid: never credited). */
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    /** When the wallet was last asked about it (the watcher and the page's poll share the asking). */
    .addColumn('checked_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_at', 'bigint')
    /** The preimage the wallet revealed: SHA-256 of it is the payment hash. */
    .addColumn('preimage', 'text')
    /** Moderation: the name and message hidden from the books by an administrator. */
    .addColumn('hidden_at', 'bigint')
    /** A zap's request event (NIP-57 kind 9734, JSON) and the receipt published for it. */
    .addColumn('zap_request', 'text')
    .addColumn('zap_receipt_id', 'text')
    .execute();
  await db.schema.createIndex('donations_state').on('donations').columns(['state', 'expires_at']).execute();
  await db.schema.createIndex('donations_paid').on('donations').columns(['paid_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('donations').execute();
}
