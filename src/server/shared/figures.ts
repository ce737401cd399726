import type { Db } from '../db';

/**
 * The figures the About page states about the arcade, counted from its own rows when the page is
 * asked for (README, "About"): a figure about the arcade comes from its data or is not given.
 */
export interface ArcadeFigures {
  /** Accounts not deleted (banned players included: they signed up). */
  players: number;
  /** Distinct countries those players play from; an unknown country (`XX`) is none. */
  countries: number;
  /** Tournaments that have ended by `now`. */
  tournamentsHeld: number;
}

export async function countArcadeFigures(db: Db, now = Date.now()): Promise<ArcadeFigures> {
  const [players, tournaments] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('players'),
        eb.fn
          .count<number | string>(eb.case().when('country', '!=', 'XX').then(eb.ref('country')).end())
          .distinct()
          .as('countries'),
      ])
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('tournaments')
      .select((eb) => eb.fn.countAll<number | string>().as('held'))
      .where('end_at', '<=', now)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    players: Number(players.players),
    countries: Number(players.countries),
    tournamentsHeld: Number(tournaments.held),
  };
}
