/// <reference types="astro/client" />

/**
 * The origins the play page may frame, as the build found them in the catalogue (astro.config.mjs
 * defines it): the pages' `frame-src` and the Permissions-Policy name the same ones.
 */
declare const __ARCADE_FRAME_SOURCES__: readonly string[];
/** The games' origin (GAMES_ORIGIN) the build framed; the server moves it to the running one. */
declare const __ARCADE_BUILT_GAMES_ORIGIN__: string;

declare namespace App {
  interface Locals {
    /** The signed-in user of this request, when the session cookie is valid. */
    user: import('./server/db/schema').UserRow | null;
    /** The raw session token from the cookie (for sign-out). */
    sessionToken: string | null;
    /** The public reference of that session (game tokens carry it). */
    sessionRef: string | null;
    /**
     * Waits until the connection has taken what the answer wrote so far (the built server's entry
     * gives it; unset under `astro dev`): long streamed answers await it between pieces.
     */
    responseDrained?: () => Promise<void>;
  }
}

declare namespace Astro {
  interface ClientDirectives {
    /**
     * Hydrate once the page has shown its first content; with "visible", after that once on screen
     * (`src/client/paint-directive.ts`).
     */
    'client:paint'?: boolean | 'visible';
  }
}
