import * as z from 'zod/mini';
import { userSchema } from './user';

// The signed-in player's own calls (settings, sign-out): kept apart from the sign-up and sign-in
// schemas so that pages which only sign out never load those.

/** A country: ISO 3166-1 alpha-2 code, or `XX` when unknown. */
export const countryCodeSchema = z.string('Choose a country').check(
  z.trim(),
  // Two Latin letters before upper-casing: 'ß' would otherwise become 'SS' (South Sudan).
  z.regex(/^[A-Za-z]{2}$/, 'Choose a country'),
  z.toUpperCase(),
);

/** Answer of `GET /api/account` and `PUT /api/account`. */
export const accountResponseSchema = z.object({
  user: userSchema,
  country: z.string(),
  memberSince: z.string(),
  activeSessions: z.number(),
  /** The player asked to hear about new games (the dashboard's NOTIFY ME). */
  notifyNewGames: z.boolean(),
  /** Where the player takes Lightning payments (tournament prizes), or null. */
  lightningAddress: z.optional(z.nullable(z.string())),
});
export type AccountResponse = z.infer<typeof accountResponseSchema>;

/** Body of `PUT /api/account`. */
export const updateAccountRequestSchema = z.object({ country: countryCodeSchema });

/** Answer of `POST /api/account/sign-out-everywhere`. */
export const signOutEverywhereResponseSchema = z.object({ success: z.boolean(), revoked: z.number() });

/** Body of `PUT /api/account/notify-new-games`: record the wish (true) or take it back (false). */
export const notifyNewGamesRequestSchema = z.object({ wanted: z.boolean('wanted must be true or false') });

/** Answer of `PUT /api/account/notify-new-games`. */
export const notifyNewGamesResponseSchema = z.object({ notifyNewGames: z.boolean(), message: z.string() });
export type NotifyNewGamesResponse = z.infer<typeof notifyNewGamesResponseSchema>;

/** A Lightning Address (LUD-16): `name@domain`, the name of `a-z0-9-_.+`, the domain a host name with a dot. */
export const LIGHTNING_ADDRESS =
  /^[a-z0-9._+-]{1,64}@(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/**
 * Body of `PUT /api/account/lightning-address`: the address (trimmed and lower-cased), or null or
 * '' to remove it.
 */
export const lightningAddressRequestSchema = z.object({
  lightningAddress: z.nullable(
    z.string('lightningAddress must be text or null').check(
      z.trim(),
      z.toLowerCase(),
      z.maxLength(320, 'A Lightning Address can be at most 320 characters'),
      z.refine(
        (value) => value === '' || LIGHTNING_ADDRESS.test(value),
        'Enter a Lightning Address like name@wallet.com',
      ),
    ),
  ),
});

/** Answer of `PUT /api/account/lightning-address`. */
export const lightningAddressResponseSchema = z.object({
  lightningAddress: z.nullable(z.string()),
  message: z.string(),
});
