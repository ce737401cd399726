import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getDomain, parse } from 'tldts';
import { parseTrustProxy } from './client-address';

/** Everything the server side needs to know about its surroundings. */
export interface Config {
  dataDir: string;
  /** Unset: SQLite in `dataDir`. See `openDatabase`. */
  databaseUrl?: string;
  /** Public origin of the arcade (SITE_URL as browsers write an origin); links in mails start with it. */
  siteUrl: string;
  /** GAMES_ORIGIN: the origin the reference games are served from, never the arcade's own (README, "Settings"). */
  gamesOrigin: string;
  /** The port this process also listens on for the games alone (GAMES_PORT), or undefined: games by Host only. */
  gamesPort?: number;
  /** `smtp://` or `smtps://` URL of the mail server; unset means the development outbox. */
  smtpUrl?: string;
  mailFrom: string;
  productName: string;
  adminUserIds: ReadonlySet<number>;
  /** Request header carrying the visitor's country code (set by a CDN or proxy). */
  countryHeader: string;
  /** How many proxies in front of the server are trusted to append to `X-Forwarded-For` (0: none). */
  trustProxy: number;
  /** Key for HMACs and signatures; generated into the data directory when not given. */
  secretKey: string;
  /** Game API runs one player may submit per minute. */
  runsPerMinute: number;
  /** Bearer token that opens `/metrics`; unset: no metrics are served. */
  metricsToken?: string;
  /** True when `siteUrl` is a loopback address: only then may the outbox print links and codes to the log. */
  loopbackSite: boolean;
  /** Per-game secrets of game servers that sign their results (README, "Fair play"), by gameId. */
  gameSecrets: ReadonlyMap<string, string>;
  /** HSTS_PRELOAD: the Strict-Transport-Security header (https SITE_URL only) carries `preload`. */
  hstsPreload: boolean;
  /** Lightning payouts (README, "Lightning payouts"). */
  payouts: PayoutConfig;
  /** Money in over Lightning (README, "Donations and open books"). */
  donations: DonationConfig;
  /**
   * SERIES_SWEEP_SECONDS (tests, loopback sites only): how often the series sweep runs, in ms;
   * unset: every 30 s (`SERIES_SWEEP_MS`). The next tournament of a series is created two sweeps
   * before its predecessor starts, so this moves that lead too.
   */
  seriesSweepMs?: number;
}

/** How the arcade pays prizes over Lightning. */
export interface PayoutConfig {
  /** NWC_URL: the Nostr Wallet Connect secret (never logged, never shown); unset: no Lightning payouts. */
  nwcUrl?: string;
  /** PAYOUT_AUTOMATIC: processing winners pays every bitcoin prize whose winner has an address. */
  automatic: boolean;
  /** PAYOUT_DAILY_BUDGET_SATS: sats the arcade may pay per UTC day, across all its processes. */
  dailyBudgetSats: number;
  /** PAYOUT_WALLET_TIMEOUT_SECONDS: how long PAY waits for the wallet before answering 'paying'. */
  walletTimeoutMs: number;
  /** How Lightning Addresses are resolved (LUD-16): hosts the players chose. */
  addresses: AddressFetchConfig;
}

/** How the arcade takes donations over Lightning (with NWC_URL set). */
export interface DonationConfig {
  /** DONATION_MIN_SATS and DONATION_MAX_SATS: the bounds of one donation. */
  minSats: number;
  maxSats: number;
  /** DONATION_ADDRESS_NAME: the name of the arcade's Lightning Address, `{name}@{SITE_URL's host}`. */
  addressName: string;
  /**
   * ZAP_SECRET_KEY: the hex Nostr secret key that signs zap receipts (NIP-57); unset: one derived
   * from the server secret (donations/zaps.ts).
   */
  zapSecretKey?: string;
}

/** The rules for requests to a winner's Lightning Address host. */
export interface AddressFetchConfig {
  /** LIGHTNING_ADDRESS_TIMEOUT_SECONDS: per request. */
  timeoutMs: number;
  /** LIGHTNING_ADDRESS_ALLOW_PRIVATE (development): private, loopback and link-local addresses allowed. */
  allowPrivate: boolean;
  /** LIGHTNING_ADDRESS_CONNECT_TO (development, tests): host -> where to connect instead, like curl's --connect-to. */
  connectTo: ReadonlyMap<string, { host: string; port: number }>;
  /** LIGHTNING_ADDRESS_CA_FILE (development, tests): one more certificate authority to trust, PEM. */
  extraCa?: string;
}

/** A setting that is wrong: the arcade refuses to run rather than wait for it to get better. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** True for `localhost` (and `*.localhost`), `127.0.0.0/8` and `::1`: a site only this machine reaches. */
export function isLoopbackOrigin(origin: string): boolean {
  return isLoopbackHost(new URL(origin).hostname);
}

/** {@link isLoopbackOrigin} for a host name or address as `HOST` gives it (`::1` with or without brackets). */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '::1';
}

/**
 * The SITE_URL in force: the one given, else this machine's own address on the port the server
 * listens on (`PORT`; `HOST` when it is a loopback address, else `localhost`), so the links a local
 * arcade mails open that arcade. The build reads it too (astro.config.mjs), with the same settings.
 */
export function siteUrlSetting(settings: Pick<Settings, 'SITE_URL' | 'HOST' | 'PORT'>): string {
  if (settings.SITE_URL) return settings.SITE_URL;
  const host = settings.HOST && isLoopbackHost(settings.HOST) ? settings.HOST.replace(/^\[(.*)\]$/, '$1') : 'localhost';
  return `http://${host.includes(':') ? `[${host}]` : host}:${settings.PORT || '4321'}`;
}

/**
 * The other loopback name of this machine's `hostname`: `127.0.0.1` for `localhost` (or a name
 * under it, or `::1`), `localhost` for an address in `127.0.0.0/8`. A browser keeps cookies by host
 * name, not by port: the games on the other name share no cookie jar with the arcade.
 */
function otherLoopbackName(hostname: string): string {
  return /^127(\.\d{1,3}){3}$/.test(hostname) ? 'localhost' : '127.0.0.1';
}

/**
 * The GAMES_ORIGIN in force: the one given, else, for an arcade on this machine (a loopback SITE_URL,
 * or none), the other loopback name on the next port (`http://127.0.0.1:4322` beside
 * `http://localhost:4321`, `http://localhost:4322` beside `http://127.0.0.1:4321`), so
 * `./arcade start` serves the games from an origin of their own, with a cookie jar of their own
 * (a script on the same host, whatever its port, could set the arcade's cookies), with no setting.
 * A public arcade has no default (undefined): it names its games' host itself (README, "Deploying").
 */
export function gamesOriginSetting(
  settings: Pick<Settings, 'SITE_URL' | 'HOST' | 'PORT' | 'GAMES_ORIGIN'>,
): string | undefined {
  if (settings.GAMES_ORIGIN) return settings.GAMES_ORIGIN;
  let site: URL;
  try {
    site = new URL(siteUrlSetting(settings));
  } catch {
    return undefined;
  }
  if (!isLoopbackHost(site.hostname)) return undefined;
  const port = Number(site.port || (site.protocol === 'https:' ? 443 : 80));
  const host = otherLoopbackName(site.hostname.replace(/^\[(.*)\]$/, '$1'));
  return `${site.protocol}//${host}:${port + 1}`;
}

/**
 * The site of a host name, as browsers scope cookies: its registrable domain by the Public Suffix
 * List (private suffixes such as `github.io` included, as browsers count them; `tldts` keeps the
 * list), else the host itself (an IP address, a name with no known suffix).
 */
export function siteOf(hostname: string): string {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}

/** A games origin on a domain of its own for the arcade at `siteUrl`, for messages: `https://arcade-games.example`. */
function exampleGamesOrigin(siteUrl: string): string {
  const site = parse(new URL(siteUrl).hostname, { allowPrivateDomains: true });
  return site.domainWithoutSuffix && site.publicSuffix
    ? `https://${site.domainWithoutSuffix}-games.${site.publicSuffix}`
    : 'https://arcade-games.example';
}

/**
 * Where the games' own port listens (GAMES_PORT, or the local default): on `host` (HOST, default
 * `localhost`), except that an arcade listening on this machine alone serves its games on the games'
 * own loopback name, both addresses of `localhost` (IPv4 and IPv6, as browsers try either) or the
 * address given, so the default `http://127.0.0.1:4322` beside `http://localhost:4321` (and the
 * other way round) reaches it wherever `localhost` resolves.
 */
export function gamesListenHosts(host: string, gamesOrigin: string): string[] {
  const games = new URL(gamesOrigin).hostname.replace(/^\[(.*)\]$/, '$1');
  if (!isLoopbackHost(host) || !isLoopbackHost(games)) return [host];
  return games === 'localhost' || games.endsWith('.localhost') ? ['127.0.0.1', '::1'] : [games];
}

/**
 * GAMES_ORIGIN checked: an origin (no path), not the arcade's own, and, for a public arcade, on
 * another site (registrable domain) than the arcade's unless ALLOW_SAME_SITE_GAMES says the operator
 * accepts it. A public arcade must name one. Returns it as browsers write an origin.
 */
export function readGamesOrigin(settings: Settings, siteUrl: string): string {
  const given = gamesOriginSetting(settings)?.replace(/\/+$/, '');
  if (!given)
    throw new ConfigError(
      `SITE_URL is ${siteUrl}, a public address, but GAMES_ORIGIN is not set. The reference games run on an origin of their own, never the arcade's, on a domain of their own: set GAMES_ORIGIN, e.g. ${exampleGamesOrigin(siteUrl)} (see the handbook: Operators, "Games on their own origin").`,
    );
  if (!/^https?:\/\/[^/?#@]+$/.test(given))
    throw new ConfigError(`GAMES_ORIGIN must be an origin such as https://arcade-games.example, not "${given}"`);
  const origin = new URL(given).origin;
  if (origin === siteUrl)
    throw new ConfigError(
      `GAMES_ORIGIN is ${origin}, the arcade's own origin: the games must run on another one (another host name or port), or their scripts could act as the player.`,
    );
  const site = siteOf(new URL(siteUrl).hostname);
  if (
    !isLoopbackOrigin(siteUrl) &&
    site === siteOf(new URL(origin).hostname) &&
    !flag('ALLOW_SAME_SITE_GAMES', settings.ALLOW_SAME_SITE_GAMES)
  )
    throw new ConfigError(
      `GAMES_ORIGIN is ${origin}, on the same site (${site}) as the arcade at ${siteUrl}. A script served there can set cookies for all of ${site} (a look-alike of the player's session, a flood that pushes the arcade's own out) and counts as same-site for the browser. ` +
        `Serve the games from a domain of their own, as itch.io serves its games from itch.zone: e.g. GAMES_ORIGIN=${exampleGamesOrigin(siteUrl)} (see the handbook: Operators, "Games on their own origin"). ` +
        'To keep this origin anyway, knowing the risk, set ALLOW_SAME_SITE_GAMES=true.',
    );
  return origin;
}

/**
 * The port the process listens on for the games alone: GAMES_PORT, else the games origin's own port
 * when it is on this machine on another port than PORT (the local default), else none (a proxy
 * passes the games' host name on to PORT and the server tells them apart by Host).
 */
export function readGamesPort(settings: Settings, gamesOrigin: string): number | undefined {
  if (settings.GAMES_PORT) {
    const port = Number(settings.GAMES_PORT);
    if (!/^\d{1,5}$/.test(settings.GAMES_PORT) || port < 1 || port > 65535)
      throw new ConfigError(`GAMES_PORT must be a port number such as 4322, not "${settings.GAMES_PORT}"`);
    if (settings.GAMES_PORT === (settings.PORT || '4321'))
      throw new ConfigError('GAMES_PORT must differ from PORT: the games listen on a port of their own');
    return port;
  }
  const games = new URL(gamesOrigin);
  if (!isLoopbackHost(games.hostname)) return undefined;
  const port = games.port || (games.protocol === 'https:' ? '443' : '80');
  return port === (settings.PORT || '4321') ? undefined : Number(port);
}

/** Settings as they arrive from the environment (names as in `.env.example`). */
export interface Settings {
  HOST?: string;
  PORT?: string;
  DATA_DIR?: string;
  DATABASE_URL?: string;
  SITE_URL?: string;
  GAMES_ORIGIN?: string;
  GAMES_PORT?: string;
  ALLOW_SAME_SITE_GAMES?: string;
  SMTP_URL?: string;
  MAIL_FROM?: string;
  PRODUCT_NAME?: string;
  ADMIN_USER_IDS?: string;
  COUNTRY_HEADER?: string;
  TRUST_PROXY?: string;
  SECRET_KEY?: string;
  RUNS_PER_MINUTE?: string;
  MAIL_OUTBOX?: string;
  METRICS_TOKEN?: string;
  GAME_SECRETS?: string;
  HSTS_PRELOAD?: string;
  NWC_URL?: string;
  PAYOUT_AUTOMATIC?: string;
  PAYOUT_DAILY_BUDGET_SATS?: string;
  PAYOUT_WALLET_TIMEOUT_SECONDS?: string;
  LIGHTNING_ADDRESS_TIMEOUT_SECONDS?: string;
  LIGHTNING_ADDRESS_ALLOW_PRIVATE?: string;
  LIGHTNING_ADDRESS_CONNECT_TO?: string;
  LIGHTNING_ADDRESS_CA_FILE?: string;
  SERIES_SWEEP_SECONDS?: string;
  DONATION_MIN_SATS?: string;
  ZAP_SECRET_KEY?: string;
  DONATION_MAX_SATS?: string;
  DONATION_ADDRESS_NAME?: string;
}

function parseIds(value: string): Set<number> {
  const ids = new Set<number>();
  for (const part of value.split(',')) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const id = Number(trimmed);
    if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`ADMIN_USER_IDS: "${trimmed}" is not a user id`);
    ids.add(id);
  }
  return ids;
}

/**
 * The secret from `SECRET_KEY`, else the one kept in `<dataDir>/secret.key`, else a new random one
 * written there (readable by the owner only) so it survives restarts.
 */
export function loadOrCreateSecret(dataDir: string, given?: string): string {
  if (given) {
    if (given.length < 32) throw new Error('SECRET_KEY must be at least 32 characters');
    return given;
  }
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}

/** `GAME_SECRETS`: `gameId=secret` pairs, comma-separated; each secret at least 32 characters. */
export function parseGameSecrets(value: string | undefined): Map<string, string> {
  const secrets = new Map<string, string>();
  for (const part of (value ?? '').split(',')) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const match = /^([a-z0-9-]+)=(\S+)$/.exec(trimmed);
    if (!match) throw new ConfigError(`GAME_SECRETS: "${trimmed.split('=')[0]}" must be written gameId=secret`);
    if (match[2]!.length < 32)
      throw new ConfigError(`GAME_SECRETS: the secret of "${match[1]}" must be at least 32 characters`);
    secrets.set(match[1]!, match[2]!);
  }
  return secrets;
}

/** A yes-or-no setting: `true`/`1` or `false`/`0`, unset is no. */
function flag(name: string, value: string | undefined): boolean {
  if (!value) return false;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new ConfigError(`${name} must be true or false, not "${value}"`);
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (!value) return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number`);
  return n;
}

/** Every setting the server reads from the environment. */
export const SETTING_NAMES = [
  'HOST',
  'PORT',
  'DATA_DIR',
  'DATABASE_URL',
  'SITE_URL',
  'GAMES_ORIGIN',
  'GAMES_PORT',
  'ALLOW_SAME_SITE_GAMES',
  'SMTP_URL',
  'MAIL_FROM',
  'PRODUCT_NAME',
  'ADMIN_USER_IDS',
  'COUNTRY_HEADER',
  'TRUST_PROXY',
  'SECRET_KEY',
  'RUNS_PER_MINUTE',
  'MAIL_OUTBOX',
  'METRICS_TOKEN',
  'GAME_SECRETS',
  'HSTS_PRELOAD',
  'NWC_URL',
  'PAYOUT_AUTOMATIC',
  'PAYOUT_DAILY_BUDGET_SATS',
  'PAYOUT_WALLET_TIMEOUT_SECONDS',
  'LIGHTNING_ADDRESS_TIMEOUT_SECONDS',
  'LIGHTNING_ADDRESS_ALLOW_PRIVATE',
  'LIGHTNING_ADDRESS_CONNECT_TO',
  'LIGHTNING_ADDRESS_CA_FILE',
  'SERIES_SWEEP_SECONDS',
  'DONATION_MIN_SATS',
  'DONATION_MAX_SATS',
  'DONATION_ADDRESS_NAME',
  'ZAP_SECRET_KEY',
] as const satisfies readonly (keyof Settings)[];

/**
 * Build the configuration from settings, with the safe defaults the README lists. Any wrong
 * setting is a {@link ConfigError} naming it.
 */
export function loadConfig(settings: Settings): Config {
  try {
    return readSettings(settings);
  } catch (error) {
    throw error instanceof ConfigError ? error : new ConfigError((error as Error).message, { cause: error });
  }
}

function readSettings(settings: Settings): Config {
  const dataDir = resolve(settings.DATA_DIR || 'data');
  if (settings.PORT && !/^\d{1,5}$/.test(settings.PORT))
    throw new ConfigError(`PORT must be a port number such as 4321, not "${settings.PORT}"`);
  const givenSite = siteUrlSetting(settings).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+$/.test(givenSite))
    throw new ConfigError(`SITE_URL must be an origin such as https://arcade.example, not "${givenSite}"`);
  // As browsers write it in an Origin header (lower case, no default port): the origin checks compare the two.
  const siteUrl = new URL(givenSite).origin;
  if (settings.SMTP_URL && !/^smtps?:\/\//.test(settings.SMTP_URL))
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  const loopbackSite = isLoopbackOrigin(siteUrl);
  // The outbox is for a machine of one's own: on a public site nobody would get their mail, and a
  // log that prints sign-in links is a log that signs people in (README, Mail).
  if (!settings.SMTP_URL && !loopbackSite && settings.MAIL_OUTBOX !== '1') {
    throw new ConfigError(
      `SITE_URL is ${siteUrl}, a public address, but SMTP_URL is not set, so no player would receive a sign-in mail. ` +
        'Set SMTP_URL to your mail server (see the handbook: Operators, Settings, "Mail"), or MAIL_OUTBOX=1 to keep mails in the development outbox on purpose.',
    );
  }
  if (settings.METRICS_TOKEN && settings.METRICS_TOKEN.length < 16)
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters');
  // A test hook: the e2e server's series sweep runs every few seconds, so a series journey need not
  // wait minutes. A public server never runs with it.
  if (settings.SERIES_SWEEP_SECONDS && !loopbackSite)
    throw new ConfigError(
      `SERIES_SWEEP_SECONDS is for tests on this machine only, and SITE_URL is ${siteUrl}, a public address: unset it.`,
    );
  const productName = settings.PRODUCT_NAME || 'Sats Arcade';
  const gamesOrigin = readGamesOrigin(settings, siteUrl);
  return {
    dataDir,
    databaseUrl: settings.DATABASE_URL || undefined,
    siteUrl,
    gamesOrigin,
    gamesPort: readGamesPort(settings, gamesOrigin),
    smtpUrl: settings.SMTP_URL || undefined,
    mailFrom: settings.MAIL_FROM || `${productName} <no-reply@${new URL(siteUrl).hostname}>`,
    productName,
    adminUserIds: parseIds(settings.ADMIN_USER_IDS ?? '1,2'),
    countryHeader: (settings.COUNTRY_HEADER || 'cf-ipcountry').toLowerCase(),
    trustProxy: parseTrustProxy(settings.TRUST_PROXY),
    secretKey: loadOrCreateSecret(dataDir, settings.SECRET_KEY || undefined),
    runsPerMinute: positiveInt('RUNS_PER_MINUTE', settings.RUNS_PER_MINUTE, 60),
    metricsToken: settings.METRICS_TOKEN || undefined,
    loopbackSite,
    gameSecrets: parseGameSecrets(settings.GAME_SECRETS),
    hstsPreload: flag('HSTS_PRELOAD', settings.HSTS_PRELOAD),
    payouts: readPayoutSettings(settings),
    donations: readDonationSettings(settings),
    seriesSweepMs: settings.SERIES_SWEEP_SECONDS
      ? positiveInt('SERIES_SWEEP_SECONDS', settings.SERIES_SWEEP_SECONDS, 30) * 1000
      : undefined,
  };
}

function readDonationSettings(settings: Settings): DonationConfig {
  const minSats = positiveInt('DONATION_MIN_SATS', settings.DONATION_MIN_SATS, 10);
  const maxSats = positiveInt('DONATION_MAX_SATS', settings.DONATION_MAX_SATS, 1_000_000);
  if (maxSats < minSats)
    throw new ConfigError(`DONATION_MAX_SATS (${maxSats}) must not be below DONATION_MIN_SATS (${minSats})`);
  const addressName = (settings.DONATION_ADDRESS_NAME || 'tips').trim().toLowerCase();
  // LUD-16: the name part of an address is a-z0-9-_. only.
  if (!/^[a-z0-9._-]{1,64}$/.test(addressName))
    throw new ConfigError(
      `DONATION_ADDRESS_NAME must be letters, digits, '-', '_' or '.' (LUD-16), such as tips, not "${addressName}"`,
    );
  const zapSecretKey = settings.ZAP_SECRET_KEY?.trim().toLowerCase() || undefined;
  // Never echo the value: it is a secret key.
  if (zapSecretKey && !/^[0-9a-f]{64}$/.test(zapSecretKey))
    throw new ConfigError(
      'ZAP_SECRET_KEY must be a Nostr secret key as 64 hexadecimal digits (the value is not shown here)',
    );
  return { minSats, maxSats, addressName, zapSecretKey };
}

/** The daily payout budget when PAYOUT_DAILY_BUDGET_SATS is unset. */
export const DEFAULT_DAILY_BUDGET_SATS = 500_000;

function readPayoutSettings(settings: Settings): PayoutConfig {
  const nwcUrl = settings.NWC_URL?.trim() || undefined;
  // Never echo the value: it holds the wallet's secret.
  if (nwcUrl && !/^nostr\+walletconnect:\/\/[0-9a-f]{64}\?/i.test(nwcUrl))
    throw new ConfigError(
      'NWC_URL must be a Nostr Wallet Connect URL: nostr+walletconnect://<wallet pubkey>?relay=wss://...&secret=... (the value is not shown here, as it holds a secret)',
    );
  if (nwcUrl && !/[?&]secret=[0-9a-f]{64}(&|$)/i.test(nwcUrl))
    throw new ConfigError('NWC_URL has no secret=<64 hex digits> part (the value is not shown here)');
  if (nwcUrl && !/[?&]relay=/.test(nwcUrl)) throw new ConfigError('NWC_URL names no relay (relay=wss://...)');
  const connectTo = new Map<string, { host: string; port: number }>();
  for (const part of (settings.LIGHTNING_ADDRESS_CONNECT_TO ?? '').split(',')) {
    if (!part.trim()) continue;
    const match = /^([a-z0-9.-]+)=([a-z0-9.-]+|\[[0-9a-f:]+\]):(\d{1,5})$/i.exec(part.trim());
    if (!match)
      throw new ConfigError(
        `LIGHTNING_ADDRESS_CONNECT_TO: "${part.trim()}" is not host=address:port, e.g. wallet.test=127.0.0.1:8443`,
      );
    connectTo.set(match[1].toLowerCase(), { host: match[2].replace(/^\[|\]$/g, ''), port: Number(match[3]) });
  }
  let extraCa: string | undefined;
  if (settings.LIGHTNING_ADDRESS_CA_FILE) {
    try {
      extraCa = readFileSync(settings.LIGHTNING_ADDRESS_CA_FILE, 'utf8');
    } catch (error) {
      throw new ConfigError(
        `LIGHTNING_ADDRESS_CA_FILE: cannot read ${settings.LIGHTNING_ADDRESS_CA_FILE} (${(error as Error).message})`,
      );
    }
  }
  return {
    nwcUrl,
    automatic: flag('PAYOUT_AUTOMATIC', settings.PAYOUT_AUTOMATIC),
    dailyBudgetSats: positiveInt(
      'PAYOUT_DAILY_BUDGET_SATS',
      settings.PAYOUT_DAILY_BUDGET_SATS,
      DEFAULT_DAILY_BUDGET_SATS,
    ),
    walletTimeoutMs: positiveInt('PAYOUT_WALLET_TIMEOUT_SECONDS', settings.PAYOUT_WALLET_TIMEOUT_SECONDS, 30) * 1000,
    addresses: {
      timeoutMs: positiveInt('LIGHTNING_ADDRESS_TIMEOUT_SECONDS', settings.LIGHTNING_ADDRESS_TIMEOUT_SECONDS, 5) * 1000,
      allowPrivate: flag('LIGHTNING_ADDRESS_ALLOW_PRIVATE', settings.LIGHTNING_ADDRESS_ALLOW_PRIVATE),
      connectTo,
      extraCa,
    },
  };
}

/**
 * The prerendered pages carry the SITE_URL they were built with (canonical links, link previews,
 * the play page's allowed frames). A public server serving another address says so at start, so a
 * build made without its SITE_URL never goes unnoticed (local and test servers stay quiet).
 */
export function warnOnOtherBuildSite(
  siteUrl: string,
  loopbackSite: boolean,
  builtFor: string | undefined,
  warn = console.warn,
): void {
  if (!builtFor || loopbackSite) return;
  const built = new URL(builtFor).origin;
  if (built === new URL(siteUrl).origin) return;
  warn(
    `[arcade] warning: SITE_URL is ${siteUrl}, but the pages were built for ${built}: their canonical links, link previews and the play page's allowed frames name ${built}. Build again with SITE_URL=${siteUrl} (./arcade start builds with it).`,
  );
}
