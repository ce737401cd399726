/**
 * The response headers of the arcade's static files, in one place so the static server, the
 * middleware (on-demand answers) and the tests agree. Pure: no file system, no Node APIs.
 */
import type { AstroUserConfig } from 'astro';
import { GAME_FRAME_FEATURES } from '~/lib/play-frame';

type CspConfig = Exclude<NonNullable<NonNullable<AstroUserConfig['security']>['csp']>, boolean>;
/** One directive of Astro's `security.csp.directives` ("img-src 'self' data:"). */
export type CspDirective = NonNullable<CspConfig['directives']>[number];

/** What the security headers depend on: the running arcade's settings and what the build framed. */
export interface SecuritySettings {
  /** SITE_URL: an https one adds Strict-Transport-Security. */
  siteUrl: string;
  /** HSTS_PRELOAD: the HSTS header asks to be on the browsers' preload list. */
  hstsPreload: boolean;
  /** The origins the play page may frame ({@link frameSources}), the games' origin the running one. */
  frameSources: readonly string[];
  /**
   * The games' origin the build wrote into the pages' CSP and the running one (GAMES_ORIGIN, read at
   * run time): a page rendered per request gets its policy from the build's settings and has the one
   * replaced by the other ({@link cspWithGamesOrigin}), as the prerendered pages have at start.
   */
  gamesOrigin?: { built: string; running: string };
}

/**
 * Powerful features the arcade never uses, refused to its pages and every frame in them: a page
 * that is made to run someone else's script still cannot ask for the camera or a payment. Every
 * name is one Chromium knows (an unknown one is an error in the console).
 */
const DENIED_FEATURES = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'clipboard-read',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

/**
 * The Permissions-Policy: the features the play page's frame hands the games
 * ({@link GAME_FRAME_FEATURES}) stay allowed for the arcade and the origins it frames (a frame gets
 * a feature only when the page's own policy allows it for the frame's origin); the rest are denied.
 */
export function permissionsPolicy(frameSources: readonly string[]): string {
  const allowList = ['self', ...frameSources.filter((s) => s !== "'self'").map((origin) => `"${origin}"`)].join(' ');
  return [...GAME_FRAME_FEATURES.map((f) => `${f}=(${allowList})`), ...DENIED_FEATURES.map((f) => `${f}=()`)].join(
    ', ',
  );
}

/** One year, what the HSTS preload list asks for. */
const HSTS_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * Security headers every answer carries, static or on-demand, in one list for the static server,
 * the middleware and the tests:
 * - `Strict-Transport-Security` when SITE_URL is https (TLS ends at the proxy in front, so only
 *   SITE_URL says the arcade is served over it): a year, subdomains too, `preload` on request;
 * - `Cross-Origin-Opener-Policy: same-origin`: another site's window never holds a reference to an
 *   arcade tab. The cross-tab sign-in is unaffected: its opener, when there is one, is an arcade
 *   page of the same origin, and the channel and the storage event are not windows;
 * - `Cross-Origin-Resource-Policy: same-origin` (pictures: see {@link resourcePolicyFor});
 * - `X-Frame-Options: DENY` (the reference games, on their own origin, drop it: their CSP's
 *   `frame-ancestors` names the arcade, which X-Frame-Options cannot).
 */
export function securityHeadersFor(settings: SecuritySettings): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': permissionsPolicy(settings.frameSources),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  };
  if (new URL(settings.siteUrl).protocol === 'https:') {
    headers['strict-transport-security'] =
      `max-age=${HSTS_MAX_AGE}; includeSubDomains${settings.hstsPreload ? '; preload' : ''}`;
  }
  return headers;
}

/**
 * `Cross-Origin-Resource-Policy` of an answer: pictures (the artwork, avatars, tournament images)
 * hold nothing private and may be shown on other sites' pages (a game on its own host drawing the
 * player's avatar, a link shared in a chat); everything else only on the arcade's own.
 */
export function resourcePolicyFor(contentType: string | null | undefined): 'cross-origin' | 'same-origin' {
  return contentType?.startsWith('image/') ? 'cross-origin' : 'same-origin';
}

/**
 * The reference games (`games/`) are served at this prefix on the games' own origin (GAMES_ORIGIN),
 * never on the arcade's, and framed by the arcade's /play page.
 */
export const REFERENCE_GAMES_PREFIX = '/arcade-games/';

/** Where the build puts hashed file names (Astro's `build.assets`): safe to cache for a year. */
export const HASHED_ASSETS_PREFIX = '/_astro/';

/**
 * CSP directives every arcade page carries besides the `script-src` and `style-src` Astro computes
 * (hashes of its own inline scripts and styles). `frameSources` are the origins the /play page may
 * frame (see {@link frameSources}): the games' origin and the catalogue's other hosts, exactly,
 * never the arcade's own.
 */
export function pageDirectives(frameSources: readonly string[]): CspDirective[] {
  return [
    "default-src 'self'",
    // the donation QR code is an inline SVG data URI
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${frameSources.length ? frameSources.join(' ') : "'none'"}` as const,
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ];
}

/**
 * The reference games' policy, on the games' origin: their own files only, inline styles (their
 * pages carry a `<style>` element), no inline scripts; they call the Game API on the arcade's origin
 * alone and only the arcade's pages may frame them. Both origins exactly, never a wildcard.
 */
export function referenceGameCsp(arcadeOrigin: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src ${arcadeOrigin}`,
    `frame-ancestors ${arcadeOrigin}`,
    "base-uri 'self'",
    "form-action 'none'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * The origins of catalogue game URLs, for the play page's `frame-src`. A site-relative URL is a
 * reference game, served from the games' origin (`gamesOrigin`); a URL that does not parse is left out.
 */
export function frameSources(gameUrls: readonly string[], site: string, gamesOrigin: string): string[] {
  const sources = new Set<string>();
  for (const raw of gameUrls) {
    let url: URL;
    try {
      url = new URL(raw, /^[a-z]+:|^\/\//i.test(raw) ? site : `${gamesOrigin}/`);
    } catch {
      continue;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') continue;
    sources.add(url.origin);
  }
  return [...sources].sort();
}

/**
 * The frame sources with the games' origin the build knew (`built`) replaced by the one the
 * running server has (`running`): GAMES_ORIGIN is read at run time, like SITE_URL, while the
 * prerendered pages' policies are written at build time.
 */
export function withGamesOrigin(sources: readonly string[], built: string, running: string): string[] {
  return [...new Set(sources.map((source) => (source === built ? running : source)))].sort();
}

/** A page's CSP with the games' origin of its `frame-src` moved from `built` to `running` ({@link withGamesOrigin}). */
export function cspWithGamesOrigin(csp: string, built: string, running: string): string {
  if (built === running) return csp;
  return csp
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => {
      const [name, ...values] = directive.split(/\s+/);
      return name === 'frame-src' ? ['frame-src', ...withGamesOrigin(values, built, running)].join(' ') : directive;
    })
    .join('; ');
}

/**
 * `Cache-Control` of a static file: hashed assets never change under their name; everything else
 * (pages, images in `public/`, the reference games) may be kept but must be revalidated.
 */
export function cacheControlFor(pathname: string): string {
  return pathname.startsWith(HASHED_ASSETS_PREFIX)
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=0, must-revalidate';
}

/** The content codings a request accepts, best first, among those the files were compressed with. */
export function preferredEncodings(acceptEncoding: string | undefined): Array<'br' | 'gzip'> {
  if (!acceptEncoding) return [];
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const quality = q ? Number(q.slice(2)) : 1;
    accepted.set(name.trim(), Number.isFinite(quality) ? quality : 0);
  }
  const qualityOf = (coding: string) => accepted.get(coding) ?? (accepted.has('*') ? accepted.get('*')! : 0);
  return (['br', 'gzip'] as const).filter((c) => qualityOf(c) > 0).sort((a, b) => qualityOf(b) - qualityOf(a));
}
