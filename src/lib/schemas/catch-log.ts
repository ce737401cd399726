import * as z from 'zod/mini';

/** One kind of fish in a player's catch log (`src/server/games/catch-log.ts`). */
export const catchLogSpeciesSchema = z.object({
  name: z.string(),
  /** Where it lives, in the game's metres (the POWER meter's 0-100). */
  depth: z.object({ from: z.number(), to: z.number() }),
  rare: z.boolean(),
  caught: z.boolean(),
  /** How many the player has landed. */
  count: z.number(),
  /** The heaviest one landed (kg), its best quality (1-5 stars) and most points; null if none. */
  heaviest: z.nullable(z.number()),
  bestQuality: z.nullable(z.number()),
  bestPoints: z.nullable(z.number()),
  /** When the first one was landed (the run's time, ISO 8601); null if never. */
  firstCaughtAt: z.nullable(z.string()),
});
export type CatchLogSpecies = z.infer<typeof catchLogSpeciesSchema>;

/** Answer of `GET /api/games/{gameId}/catch-log` (signed in, a fishing game): the player's own log. */
export const catchLogSchema = z.object({
  /** Every kind of fish the game has, in the game's order (shallow and common first, the whale last). */
  species: z.array(catchLogSpeciesSchema),
  /** Kinds landed at least once, of `kinds`. */
  caughtKinds: z.number(),
  kinds: z.number(),
  /** Fish landed in all, on `trips` trips that landed any. */
  fish: z.number(),
  trips: z.number(),
});
export type CatchLog = z.infer<typeof catchLogSchema>;
