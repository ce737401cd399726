import { sql, type Kysely } from 'kysely';
import { withId } from './columns';
import type { Dialect } from './dialect';

// Avatars: the collection every player can earn from (achievement rewards and tournament prizes),
// the avatars each player owns, the active one per player, and the "notify me about new games"
// wish. A player's total score per game is kept beside their best, so a profile never sums runs.

/** The avatars the arcade starts with: the five achievement rewards and four tournament prizes. */
const SEED = [
  [
    'bitcoin-collector',
    'Bitcoin Collector',
    'For the player who never leaves a sat behind: all eight REKT! formations collected.',
    'legendary',
    'achievement',
  ],
  [
    'fiat-bird',
    'REKT! Beginner',
    'The fiat bird that learned to fly: 15,000 points in one REKT! run.',
    'common',
    'achievement',
  ],
  [
    'bitcoin-duck',
    'REKT! Pro Player',
    'A duck with diamond wings: 40,000 points in one REKT! run.',
    'rare',
    'achievement',
  ],
  [
    'fiat-clown',
    'REKT! HARDCORE Legend',
    'Laughs last at every money printer: 250,000 points in one REKT! run.',
    'epic',
    'achievement',
  ],
  ['btc-player', 'Tourney Regular', 'Seen at every tournament table: ten tournaments entered.', 'rare', 'achievement'],
  [
    'laser-eyes',
    'Laser Eyes',
    'Tournament champion: sees the next block before it is mined.',
    'legendary',
    'tournament',
  ],
  ['hodl-knight', 'HODL Knight', 'Holds the line through every dip. A tournament podium prize.', 'epic', 'tournament'],
  ['pizza-chef', 'Pizza Day Chef', 'Bakes two pizzas worth 10,000 BTC. A tournament prize.', 'rare', 'tournament'],
  ['sats-miner', 'Sats Miner', 'Digs for sats in every tournament. A prize for taking part.', 'common', 'tournament'],
] as const;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('avatars'), dialect)
    .addColumn('avatar_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('image_url', 'varchar(300)', (c) => c.notNull())
    .addColumn('rarity', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('common')
        .check(sql`rarity in ('common', 'rare', 'epic', 'legendary')`),
    )
    .addColumn('category', 'varchar(12)', (c) =>
      c
        .notNull()
        .defaultTo('achievement')
        .check(sql`category in ('achievement', 'tournament')`),
    )
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  const now = Date.now();
  await db
    .insertInto('avatars' as never)
    .values(
      SEED.map(([avatar_id, name, description, rarity, category]) => ({
        avatar_id,
        name,
        description,
        image_url: `/api/assets/avatars/${avatar_id}.png`,
        rarity,
        category,
        is_active: 1,
        created_at: now,
      })) as never,
    )
    .execute();

  // One row per player and avatar: the primary key makes two claims at once give one avatar.
  await db.schema
    .createTable('player_avatars')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('avatar_id', 'varchar(64)', (c) => c.notNull().references('avatars.avatar_id').onDelete('cascade'))
    /** An achievement card's id (`beginner`) or a tournament's name. */
    .addColumn('source', 'varchar(120)', (c) => c.notNull())
    .addColumn('acquired_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('player_avatars_pk', ['user_id', 'avatar_id'])
    .execute();

  // The active avatar (owned: the service sets it only in the same statement that checks the
  // collection) and when it last changed, the leaderboards' third change feed.
  await db.schema.alterTable('users').addColumn('active_avatar_id', 'varchar(64)').execute();
  await db.schema.alterTable('users').addColumn('avatar_changed_at', 'bigint').execute();
  await db.schema.createIndex('users_avatar_changed').on('users').column('avatar_changed_at').execute();
  await db.schema.alterTable('users').addColumn('notify_new_games_at', 'bigint').execute();

  await db.schema
    .alterTable('game_stats')
    .addColumn('total_score', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update game_stats set total_score = coalesce((select sum(r.score) from runs r where r.user_id = game_stats.user_id and r.game_id = game_stats.game_id), 0)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('game_stats').dropColumn('total_score').execute();
  await db.schema.alterTable('users').dropColumn('notify_new_games_at').execute();
  await db.schema.dropIndex('users_avatar_changed').execute();
  await db.schema.alterTable('users').dropColumn('avatar_changed_at').execute();
  await db.schema.alterTable('users').dropColumn('active_avatar_id').execute();
  await db.schema.dropTable('player_avatars').execute();
  await db.schema.dropTable('avatars').execute();
}
