import { SECOND } from '~/lib/format';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db';
import { RankedSet, type Ranked } from './ranked-set';

/** A player's place in one game's order, shared by the global and the country order. */
export interface RankedPlayer extends Ranked {
  country: string;
  /** Level and fish of the best run, for the own-rank answer. */
  level: number | null;
  fishCaught: number;
}

/** A player's best as the database holds it (in a game, or in a tournament). */
export interface BestRow {
  user_id: number;
  best_score: number;
  best_reached_at: number;
  best_level: number | null;
  best_fish_count: number;
  country: string;
}

/** A player's best in a game. */
interface GameBestRow extends BestRow {
  game_id: string;
}

/** A player's best in a tournament. */
interface EntryRow extends BestRow {
  tournament_id: number;
}

function playerOf(row: BestRow): RankedPlayer {
  return {
    id: row.user_id,
    score: row.best_score,
    at: row.best_reached_at,
    country: row.country,
    level: row.best_level,
    fishCaught: row.best_fish_count,
  };
}

/** Answered pages kept per game; the least recently used goes first. */
export const CACHED_PAGES = 500;

/** One game's (or tournament's) orders: everyone, and per country. */
export class GameRanking {
  readonly players = new Map<number, RankedPlayer>();
  global = new RankedSet<RankedPlayer>();
  readonly countries = new Map<string, RankedSet<RankedPlayer>>();
  /** Goes up with every change of order or of what a row shows (answers cached by version). */
  version = 0;
  /** Answered pages by `country|page|limit`, each with the version it was built from. */
  readonly pages = new LRUCache<string, { version: number; value: unknown }>({ max: CACHED_PAGES });

  /** Build from players already in rank order. */
  static fromSorted(sorted: RankedPlayer[]): GameRanking {
    const ranking = new GameRanking();
    ranking.global = RankedSet.fromSorted(sorted);
    const byCountry = new Map<string, RankedPlayer[]>();
    for (const player of sorted) {
      ranking.players.set(player.id, player);
      let list = byCountry.get(player.country);
      if (!list) byCountry.set(player.country, (list = []));
      list.push(player);
    }
    for (const [country, list] of byCountry) ranking.countries.set(country, RankedSet.fromSorted(list));
    return ranking;
  }

  /** Put a player where their current best (and country) places them. */
  upsert(row: BestRow): void {
    const player = this.players.get(row.user_id);
    if (player) {
      if (player.score === row.best_score && player.at === row.best_reached_at && player.country === row.country)
        return;
      this.global.delete(player);
      const previous = this.countries.get(player.country);
      previous?.delete(player);
      if (previous?.size === 0) this.countries.delete(player.country);
      Object.assign(player, playerOf(row));
      this.place(player);
    } else {
      const created = playerOf(row);
      this.players.set(created.id, created);
      this.place(created);
    }
    this.version++;
  }

  /** Take a player off this order (banned, deleted, or no best left here); false when they were not on it. */
  remove(userId: number): boolean {
    const player = this.players.get(userId);
    if (!player) return false;
    this.players.delete(userId);
    this.global.delete(player);
    const set = this.countries.get(player.country);
    set?.delete(player);
    if (set?.size === 0) this.countries.delete(player.country);
    this.version++;
    return true;
  }

  /** The order of `scope`: everyone, or the players of one country (empty when it has none). */
  order(country?: string): RankedSet<RankedPlayer> | undefined {
    return country === undefined ? this.global : this.countries.get(country);
  }

  private place(player: RankedPlayer): void {
    this.global.insert(player);
    let set = this.countries.get(player.country);
    if (!set) this.countries.set(player.country, (set = new RankedSet()));
    set.insert(player);
  }
}

/** Players remembered by {@link Rankings.touch} between two looks. */
const MAX_TOUCHED = 500;

/** How often a read looks for changes other processes made (ms). */
export const SYNC_INTERVAL_MS = SECOND;
/**
 * How far back each look reaches past the previous one (ms): covers clocks a little apart between
 * servers and transactions that commit a moment after they took their time.
 */
export const SYNC_OVERLAP_MS = 5 * SECOND;

/**
 * Every game's leaderboard order, kept in memory and answered in O(log n), derived from the
 * database (which stays the only source of truth). Loaded once, then kept current by reading what
 * changed: bests reached and countries changed since the last look (at most every
 * {@link SYNC_INTERVAL_MS}), plus the players this process was told about with {@link touch}, which
 * are read at once. Several server processes over one PostgreSQL therefore agree within about a
 * second.
 */
export class Rankings {
  private games = new Map<string, GameRanking>();
  /** Each tournament's order: its players' bests inside its window. */
  private tournaments = new Map<number, GameRanking>();
  /** Tournaments whose entries were rebuilt (an admin changed the window or game): read afresh at next use. */
  private staleTournaments = new Set<number>();
  private loaded: Promise<void> | null = null;
  private syncing: Promise<void> | null = null;
  /** Wall time at which the last completed look started. */
  private syncedFrom = 0;
  private lastLook = 0;
  private touched = new Set<number>();
  /** Players whose shown details (the active avatar) changed here since the last look. */
  private shown = new Set<number>();
  /** Players whose standing or whose runs an administrator changed here since the last look. */
  private standing = new Set<number>();
  /** A change was made here since the last look. */
  private dirty = false;

  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Note that a player's best or country changed here: the next read takes it into account. Past
   * {@link MAX_TOUCHED} players (a busy server nobody reads leaderboards from) the change feed,
   * which sees every best reached since the last look, covers them.
   */
  touch(userId: number): void {
    if (this.touched.size < MAX_TOUCHED) this.touched.add(userId);
    this.dirty = true;
  }

  /**
   * Note that what a player's row shows changed (their active avatar) without their place: the
   * next read drops the answered pages of every game they are ranked in. Changes made by other
   * processes arrive through the change feed on `users.avatar_changed_at` within a second.
   */
  touchShown(userId: number): void {
    if (this.shown.size < MAX_TOUCHED) this.shown.add(userId);
    this.dirty = true;
  }

  /**
   * Note that a player's standing changed here (banned, unbanned, deleted: moderation/standing.ts)
   * or that a run of theirs was hidden or restored: the next read takes them off every game and
   * tournament order and puts back what the database holds for them (nothing while they are off
   * the boards; their bests, possibly lower or older than before, otherwise). Other processes learn
   * it from the change feed on `users.standing_changed_at` within a second. Never forgotten, however
   * many: a ban must take effect.
   */
  touchStanding(userId: number): void {
    this.standing.add(userId);
    this.dirty = true;
  }

  /** Load the orders (once) and bring them up to date; call before every read. */
  async current(): Promise<void> {
    this.loaded ??= this.load().catch((error: unknown) => {
      this.loaded = null;
      throw error;
    });
    await this.loaded;
    // Twice at most: a look already under way may have started before this caller's own touch.
    for (let round = 0; round < 2; round++) {
      if (!this.dirty && this.clock() - this.lastLook < SYNC_INTERVAL_MS) return;
      this.syncing ??= this.sync().finally(() => {
        this.syncing = null;
      });
      await this.syncing;
    }
  }

  /** One game's orders (empty when nobody has played it). */
  game(gameId: string): GameRanking {
    let ranking = this.games.get(gameId);
    if (!ranking) this.games.set(gameId, (ranking = new GameRanking()));
    return ranking;
  }

  /**
   * One tournament's order (empty before anyone entered). Call after {@link current}; a tournament
   * whose entries were rebuilt is read afresh here.
   */
  async tournament(tournamentId: number): Promise<GameRanking> {
    if (this.staleTournaments.delete(tournamentId)) {
      const rows = await this.entryRows()
        .where('e.tournament_id', '=', tournamentId)
        .orderBy('e.best_score', 'desc')
        .orderBy('e.best_reached_at')
        .orderBy('e.user_id')
        .execute();
      this.tournaments.set(tournamentId, GameRanking.fromSorted(rows.map(playerOf)));
    }
    let ranking = this.tournaments.get(tournamentId);
    if (!ranking) this.tournaments.set(tournamentId, (ranking = new GameRanking()));
    return ranking;
  }

  /** A tournament's players (0 before anyone entered); call after {@link current}. */
  async participants(tournamentId: number): Promise<number> {
    return (await this.tournament(tournamentId)).players.size;
  }

  /**
   * Note that a tournament's entries were rebuilt or removed here (its window or game changed, or it
   * was deleted): its order is read afresh at its next use. Other processes learn it from the
   * tournaments' `updated_at` change feed.
   */
  forgetTournament(tournamentId: number): void {
    this.tournaments.delete(tournamentId);
    this.staleTournaments.add(tournamentId);
  }

  /** Players held per game (metrics). */
  sizes(): [string, number][] {
    return [...this.games].map(([gameId, ranking]) => [gameId, ranking.players.size]);
  }

  /** Country codes that have ranked players in any game. */
  countryCodes(): Set<string> {
    const codes = new Set<string>();
    for (const ranking of this.games.values())
      for (const [code, set] of ranking.countries) if (set.size > 0) codes.add(code);
    return codes;
  }

  private bestRows() {
    return this.db
      .selectFrom('game_stats as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select([
        's.game_id',
        's.user_id',
        's.best_score',
        's.best_reached_at',
        's.best_level',
        's.best_fish_count',
        'u.country',
      ])
      .where('u.banned_at', 'is', null)
      .where('u.deleted_at', 'is', null);
  }

  private entryRows() {
    return this.db
      .selectFrom('tournament_entries as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select([
        'e.tournament_id',
        'e.user_id',
        'e.best_score',
        'e.best_reached_at',
        'e.best_level',
        'e.best_fish_count',
        'u.country',
      ])
      .where('u.banned_at', 'is', null)
      .where('u.deleted_at', 'is', null);
  }

  private async load(): Promise<void> {
    const started = this.clock();
    this.touched.clear();
    this.standing.clear();
    this.dirty = false;
    // Streamed in rank order, so a million players never sit in memory twice.
    const rows = this.bestRows()
      .orderBy('s.game_id')
      .orderBy('s.best_score', 'desc')
      .orderBy('s.best_reached_at')
      .orderBy('s.user_id')
      .stream(10_000);
    const games = new Map<string, RankedPlayer[]>();
    for await (const row of rows) {
      let list = games.get(row.game_id);
      if (!list) games.set(row.game_id, (list = []));
      list.push(playerOf(row));
    }
    this.games = new Map([...games].map(([gameId, sorted]) => [gameId, GameRanking.fromSorted(sorted)]));
    const entries = this.entryRows()
      .orderBy('e.tournament_id')
      .orderBy('e.best_score', 'desc')
      .orderBy('e.best_reached_at')
      .orderBy('e.user_id')
      .stream(10_000);
    const tournaments = new Map<number, RankedPlayer[]>();
    for await (const row of entries) {
      let list = tournaments.get(row.tournament_id);
      if (!list) tournaments.set(row.tournament_id, (list = []));
      list.push(playerOf(row));
    }
    this.tournaments = new Map([...tournaments].map(([id, sorted]) => [id, GameRanking.fromSorted(sorted)]));
    this.staleTournaments.clear();
    this.syncedFrom = started;
    this.lastLook = started;
  }

  private async sync(): Promise<void> {
    const started = this.clock();
    const touched = [...this.touched];
    const shown = [...this.shown];
    const toldStanding = [...this.standing];
    this.touched.clear();
    this.shown.clear();
    this.standing.clear();
    this.dirty = false;
    const since = this.syncedFrom - SYNC_OVERLAP_MS;
    try {
      // Players whose standing (or hidden runs) changed, here or elsewhere (the feed), read in full in
      // the same round trip: their ids (to take them off where they have no row any more) and rows.
      const changedStanding = this.db.selectFrom('users').select('id').where('standing_changed_at', '>', since);
      const [
        reached,
        moved,
        told,
        restyled,
        entered,
        toldEntries,
        edited,
        standingFeed,
        standingBests,
        standingEntries,
      ] = await Promise.all([
        this.bestRows().where('s.best_reached_at', '>', since).execute(),
        this.bestRows().where('u.country_changed_at', '>', since).execute(),
        touched.length
          ? this.bestRows().where('s.user_id', 'in', touched).execute()
          : Promise.resolve([] as GameBestRow[]),
        this.db.selectFrom('users').select('id').where('avatar_changed_at', '>', since).execute(),
        this.entryRows().where('e.best_reached_at', '>', since).execute(),
        touched.length
          ? this.entryRows().where('e.user_id', 'in', touched).execute()
          : Promise.resolve([] as EntryRow[]),
        this.db.selectFrom('tournaments').select('id').where('updated_at', '>', since).execute(),
        changedStanding.execute(),
        this.bestRows()
          .where((eb) =>
            eb.or([
              eb('s.user_id', 'in', changedStanding),
              ...(toldStanding.length ? [eb('s.user_id', 'in', toldStanding)] : []),
            ]),
          )
          .execute(),
        this.entryRows()
          .where((eb) =>
            eb.or([
              eb('e.user_id', 'in', changedStanding),
              ...(toldStanding.length ? [eb('e.user_id', 'in', toldStanding)] : []),
            ]),
          )
          .execute(),
      ]);
      const standingIds = [...new Set([...toldStanding, ...standingFeed.map((row) => row.id)])];
      for (const row of [...reached, ...moved, ...told]) this.game(row.game_id).upsert(row);
      // A tournament edited elsewhere may have had its entries rebuilt: read it afresh at next use.
      for (const { id } of edited) this.forgetTournament(id);
      for (const row of [...entered, ...toldEntries]) {
        if (this.staleTournaments.has(row.tournament_id)) continue;
        let ranking = this.tournaments.get(row.tournament_id);
        if (!ranking) this.tournaments.set(row.tournament_id, (ranking = new GameRanking()));
        ranking.upsert(row);
      }
      this.restand(standingIds, standingBests, standingEntries);
      // A new avatar moves nobody, but the pages that show the player must be built again.
      const restyledIds = new Set([...shown, ...restyled.map((row) => row.id)]);
      if (restyledIds.size > 0) {
        for (const ranking of [...this.games.values(), ...this.tournaments.values()]) {
          for (const id of restyledIds) {
            if (ranking.players.has(id)) {
              ranking.version++;
              break;
            }
          }
        }
      }
      this.syncedFrom = started;
    } catch (error) {
      for (const id of touched) this.touched.add(id);
      for (const id of shown) this.shown.add(id);
      for (const id of toldStanding) this.standing.add(id);
      this.dirty = true;
      throw error;
    } finally {
      this.lastLook = started;
    }
  }

  /**
   * Make the orders hold exactly what the database holds for `ids`: each player's rows as read
   * (none while they are off the boards), and nobody where they have no row any more (banned,
   * deleted, or their only run there hidden). An order whose players did not change keeps its
   * version, so its answered pages stay.
   */
  private restand(ids: number[], bests: GameBestRow[], entries: EntryRow[]): void {
    if (ids.length === 0) return;
    const keep = (rows: BestRow[], key: (row: BestRow) => string) => new Set(rows.map(key));
    const gameKeys = keep(bests, (row) => `${(row as GameBestRow).game_id}|${row.user_id}`);
    const entryKeys = keep(entries, (row) => `${(row as EntryRow).tournament_id}|${row.user_id}`);
    for (const [gameId, ranking] of this.games)
      for (const id of ids) if (!gameKeys.has(`${gameId}|${id}`)) ranking.remove(id);
    for (const [tournamentId, ranking] of this.tournaments)
      for (const id of ids) if (!entryKeys.has(`${tournamentId}|${id}`)) ranking.remove(id);
    for (const row of bests) this.game(row.game_id).upsert(row);
    for (const row of entries) {
      if (this.staleTournaments.has(row.tournament_id)) continue;
      let ranking = this.tournaments.get(row.tournament_id);
      if (!ranking) this.tournaments.set(row.tournament_id, (ranking = new GameRanking()));
      ranking.upsert(row);
    }
  }
}
