// @ts-check
/**
 * Sats Arcade Game SDK: the browser side of the Game API, for any game the arcade frames.
 *
 * One plain ES module without dependencies (types in `arcade-sdk.d.ts` next to it, made from this
 * file's JSDoc by `npm run sdk:types`). Its version follows semver: {@link VERSION}. The guide is
 * docs/bring-your-own-game.md; the root README's "Game API" is the protocol it speaks.
 *
 * ```js
 * import { connect } from './arcade-sdk.js';
 * const arcade = connect({ gameId: 'my-game', arcadeOrigin: 'https://arcade.example' });
 * arcade.onPlayer((player) => hud.textContent = player ? `Playing as ${player.username}` : 'Not signed in');
 * const ticket = await arcade.startRun();           // { runId, seed, startedAt } or null
 * // … play, drawing every random choice from ticket.seed …
 * if (ticket) {
 *   // … play …
 *   const outcome = await arcade.submit({ runId: ticket.runId, score: 4200, level: 3 });
 *   if (outcome.ok && outcome.best) console.log(`Best: ${outcome.best.score}`);
 * }
 * ```
 *
 * Security rules the SDK keeps for you:
 * - The arcade's origin comes from the game's own configuration (the `arcadeOrigin` option, else
 *   `<meta name="arcade-origin">`, else the game's own origin), never from the `?arcade=` hint the
 *   play page adds: anyone can frame a game with any value there.
 * - Messages go to the arcade's exact origin (never `'*'`), carry the frame's nonce (from the
 *   URL's fragment, `#nonce=…`), and are taken only from the parent window, from that origin, with
 *   that nonce.
 * - The fallback token (`#token=…&username=…`, for a game that did not say ARCADE_READY in time)
 *   is read from the fragment once and the fragment removed, so it reaches no history or Referer.
 */

/** The SDK's version (semver): a new major version changes something a game relies on. */
export const VERSION = '1.1.0';

/**
 * The signed-in player a game plays for: the arcade's username and the game token (a bearer JWT
 * that lives 30 minutes). Every 20 minutes the play page hands the frame a fresh token by message,
 * without a reload: {@link ArcadeConnection.onPlayer} is told each time. Refresh Game, the player's
 * own choice, reloads the frame with a fresh one.
 * @typedef {object} Player
 * @property {string} username
 * @property {string} token
 */

/**
 * One of Mr Quiz's questions as its ticket carries it (without the answer).
 * @typedef {object} TicketQuestion
 * @property {string} topic
 * @property {string} q the question
 * @property {string[]} answers in the order to show them; data URIs of pictures when `pictures`
 * @property {string} [image] a picture the question shows (a flag), as a data URI that names nothing
 * @property {true} [pictures] the answers are pictures, not words
 */

/**
 * A run ticket (README, "Fair play"): the run's id and seed, issued by the arcade when the run
 * starts. The browser knows `seed`: draw a run's random choices from it when the arcade (or your
 * server) replays the run from it, never the choices your server judges against (they are drawn
 * on your server).
 * @typedef {object} Ticket
 * @property {string} runId the id to submit the run under (an opaque string)
 * @property {number} seed a 32-bit unsigned integer
 * @property {number} startedAt when the arcade issued it, in ms since 1970
 * @property {TicketQuestion[]} [questions] Mr Quiz only
 */

/**
 * One fish of a fishing run.
 * @typedef {object} Fish
 * @property {string} name
 * @property {number} points
 * @property {number} weight kilograms
 * @property {number} quality 1 to 5
 */

/**
 * A finished run as the game reports it: `POST /api/games/{gameId}/runs`. Whole numbers >= 0.
 * @typedef {object} RunResult
 * @property {string} runId the ticket's `runId`
 * @property {number} score
 * @property {number} [level]
 * @property {Fish[]} [fish] fishing only
 * @property {Record<string, boolean>} [achievements] REKT! only: its formations
 * @property {unknown[]} [inputs] the input log of a game the arcade replays
 */

/**
 * A result the game's own server made and signed with the game's secret (README, "Fair play",
 * "Signed by the game's own server"): the exact JSON body it signed and its `X-Arcade-Signature`
 * header, `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. The body names the player
 * (`userId`, from token-info). The arcade stores such a run as verified.
 * @typedef {object} SignedResult
 * @property {string} body
 * @property {string} signature
 */

/**
 * A run as the arcade stored it.
 * @typedef {object} StoredRun
 * @property {string} runId
 * @property {string} gameId
 * @property {number} score
 * @property {number | null} level
 * @property {number} fishCaught
 * @property {string} createdAt
 * @property {boolean} verified true when the arcade replayed it or the game's server signed it
 */

/**
 * The player's best single run in the game, after this one.
 * @typedef {object} Best
 * @property {number} score
 * @property {number | null} level
 * @property {number} fishCaught
 * @property {number} totalPlays
 * @property {string} reachedAt
 */

/**
 * What became of a submission.
 * - `saved`: stored (201) or stored before with the very same body (200); `run` and `best` are
 *   null only when the arcade's answer could not be read;
 * - `signed-out`: there is no player, nothing was sent;
 * - `expired`: the token was refused (401). The SDK keeps the result (in memory and in
 *   sessionStorage, which a reload keeps) and sends it again by itself, once, with the next token
 *   the arcade hands over (the play page's refresh, or Refresh Game's reload):
 *   {@link ArcadeConnection.onResend} says what became of it;
 * - `refused`: any other 4xx, a signed run's bad signature too, with the arcade's message;
 * - `unreachable`: network errors or 5xx after every retry: send the same run again later.
 * @typedef {{ ok: true, status: 'saved', httpStatus: number, run: StoredRun | null, best: Best | null }
 *   | { ok: false, status: 'signed-out' | 'expired' | 'refused' | 'unreachable', httpStatus: number, error: string }} SubmitOutcome
 */

/**
 * What the arcade says about a token: `GET /api/games/token-info?gameId=…`. A token opens the game
 * it was issued for alone: asked with another game's id (or from another game's origin), the answer is 403.
 * @typedef {object} TokenInfo
 * @property {number} userId
 * @property {string} username
 * @property {string} gameId the game the token was issued for
 * @property {string} expiresAt
 */

/**
 * Mr Quiz: the server's verdict on one answer.
 * @typedef {object} AnswerVerdict
 * @property {number} correct the right answer's index
 * @property {boolean} ok whether the answer was right (and in time)
 * @property {number} points
 * @property {boolean} timedOut
 * @property {string | null} why one line on why the right answer is right (null where the server has none)
 */

/**
 * @typedef {object} ConnectOptions
 * @property {string} gameId the game's id in the arcade's catalogue
 * @property {string} [arcadeOrigin] the arcade's exact origin, `https://arcade.example`; else the
 *   page's `<meta name="arcade-origin">`, else the game's own origin (said as an error in the
 *   console: a game is never served from the arcade's origin)
 * @property {boolean} [prefetch] fetch the next run's ticket ahead (default true): when the player
 *   arrives or changes, and as each run starts, so {@link ArcadeConnection.startRun} answers at once
 * @property {(attempt: number, of: number) => void} [onRetry] told before each retry of a submission
 */

/** Retries of a submission or an answer after a network error or a 5xx, with these waits. */
const RETRY_DELAYS_MS = [500, 1000, 2000];
/** A prefetched ticket older than this is dropped for a fresh one (tickets serve a run for 2 hours). */
const TICKET_FRESH_MS = 60 * 60 * 1000;
/** At most this many results refused for an expired token are kept to send again. */
const MAX_KEPT = 20;

/**
 * A result refused for an expired token, kept to send again with the next token.
 * @typedef {object} KeptResult
 * @property {string} body the exact body sent
 * @property {string | null} signature its X-Arcade-Signature, if signed
 * @property {string} username the player it was played for
 */

/**
 * An origin as a game may be configured with: `https://host[:port]` or `http://…`, exactly an
 * origin (no path, query, fragment or credentials), written as browsers write it; else null.
 * @param {unknown} value
 * @returns {string | null}
 */
export function validOrigin(value) {
  if (typeof value !== 'string' || !/^https?:\/\/[^/?#@\s]+\/?$/i.test(value)) return null;
  try {
    const url = new URL(value);
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}

/**
 * The arcade's origin from the game's own configuration: `configured` when given (it must be an
 * origin), else the page's `<meta name="arcade-origin">` when it holds one, else the game's own
 * origin. Never the `?arcade=` query parameter.
 * @param {string} [configured]
 * @returns {string}
 */
export function resolveArcadeOrigin(configured) {
  if (configured !== undefined) {
    const origin = validOrigin(configured);
    if (!origin)
      throw new TypeError(`arcadeOrigin must be an origin such as https://arcade.example, not "${configured}"`);
    return origin;
  }
  const meta = globalThis.document?.querySelector('meta[name="arcade-origin"]')?.getAttribute('content');
  const origin = validOrigin(meta);
  if (origin) return origin;
  // Silently taking the game's own origin left a studio with startRun() answering null and no clue.
  console.error(
    `Sats Arcade SDK: no arcade origin is configured (no arcadeOrigin option, no <meta name="arcade-origin">), ` +
      `so the SDK talks to this page's own origin, ${globalThis.location.origin}, and takes no token from the arcade: ` +
      `startRun() will answer null. Fix: connect({ gameId, arcadeOrigin: 'https://your-arcade.example' }), or ` +
      `<meta name="arcade-origin" content="https://your-arcade.example"> in the page.`,
  );
  return globalThis.location.origin;
}

/**
 * A message from the arcade, or null to ignore it: from the parent window, its exact origin, with
 * this frame's nonce.
 * @param {{ origin: string, source: unknown, data: unknown }} event
 * @param {string} origin the arcade's origin
 * @param {string} nonce this frame's nonce
 * @param {unknown} [parent] the parent window (the game's `window.parent`)
 * @returns {Record<string, unknown> | null}
 */
export function acceptArcadeMessage(event, origin, nonce, parent = globalThis.window?.parent) {
  if (event.origin !== origin || event.source !== parent || parent === globalThis.window) return null;
  const data = /** @type {Record<string, unknown> | null} */ (event.data);
  if (!data || typeof data !== 'object' || !nonce || data.nonce !== nonce) return null;
  return data;
}

/**
 * A new random id (a v4 UUID): for a run of a game without tickets, or one played signed out.
 * @returns {string}
 */
export function newRunId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The `username` claim of a JWT, if it has one (for display only, never trusted).
 * @param {string} token
 * @returns {string}
 */
function usernameFromJwt(token) {
  try {
    const part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(part), (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims.username === 'string' ? claims.username : '';
  } catch {
    return '';
  }
}

/** @type {URLSearchParams | null} */
let fragment = null;
/**
 * What the play page put in the URL's fragment (nonce, fallback token and name), read once; the
 * fragment is then removed, so the token stays in no history entry.
 * @returns {URLSearchParams}
 */
function handedOver() {
  if (fragment) return fragment;
  fragment = new URLSearchParams(globalThis.location?.hash.slice(1) ?? '');
  if (fragment.has('token') || fragment.has('nonce'))
    history.replaceState(history.state, '', location.pathname + location.search);
  return fragment;
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The tab's sessionStorage, or null where the frame may not use it (a sandbox without
 * allow-same-origin, storage blocked).
 * @returns {Storage | null}
 */
function tabStorage() {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * The run id a result's body names, for {@link ArcadeConnection.onResend}.
 * @param {string} body
 * @returns {string}
 */
function runIdOf(body) {
  try {
    const runId = JSON.parse(body)?.runId;
    return typeof runId === 'string' ? runId : '';
  } catch {
    return '';
  }
}

/**
 * The connection of one game to the arcade. Make it with {@link connect}.
 */
export class ArcadeConnection {
  /** @param {ConnectOptions} options */
  constructor({ gameId, arcadeOrigin, prefetch = true, onRetry }) {
    if (!/^[a-z0-9-]+$/.test(gameId ?? ''))
      throw new TypeError(`gameId must be the catalogue's id (a-z, 0-9, -), not "${gameId}"`);
    /** The game's id in the arcade's catalogue. */
    this.gameId = gameId;
    /** The arcade's exact origin: where messages and API calls go. */
    this.arcadeOrigin = resolveArcadeOrigin(arcadeOrigin);
    const given = handedOver();
    /** This frame's nonce (empty when the game is not played in the arcade's frame). */
    this.nonce = given.get('nonce') || '';
    /** True when the game runs in a frame (the arcade's play page). */
    this.framed = globalThis.window !== undefined && window.parent !== window;
    /** @private @type {Player | null} */
    this.currentPlayer = null;
    /** @private @type {Set<(player: Player | null) => void>} */
    this.listeners = new Set();
    /** @private @type {{ promise: Promise<Ticket & { token: string } | null>, at: number } | null} */
    this.nextTicket = null;
    /** @private */
    this.prefetch = prefetch;
    /** @private */
    this.onRetry = onRetry;
    /** @private True between startRun and the run's end (its result settled, or endRun). */
    this.running = false;
    /** @private @type {Set<(outcome: SubmitOutcome, runId: string) => void>} */
    this.resendListeners = new Set();
    /** @private The sessionStorage key of the results kept to send again. */
    this.keptKey = `sats-arcade-sdk:kept:${gameId}`;
    /** @private @type {Map<string, KeptResult>} by body */
    this.kept = this.readKept();
    /** @private @type {Map<string, string>} body → the token it was last sent again with */
    this.resentWith = new Map();
    /** @private */
    this.resending = false;
    /** @private */
    this.wrongOriginSaid = false;
    const token = given.get('token') || '';
    if (token) this.currentPlayer = { token, username: given.get('username') || usernameFromJwt(token) };
    if (this.currentPlayer && prefetch) this.prefetchRun();
    if (this.currentPlayer) void this.resendKept();
    this.onMessage = this.onMessage.bind(this);
    if (globalThis.window !== undefined) {
      window.addEventListener('message', this.onMessage);
      if (this.framed) this.post({ type: 'ARCADE_READY', gameId });
    }
  }

  /** The player the game plays for, or null when signed out (or not given yet). */
  get player() {
    return this.currentPlayer;
  }

  /**
   * Be told of the player now, and again each time the arcade hands over a token: on load, and
   * with each fresh token the play page sends by message (every 20 minutes, without a reload).
   * Returns a function that stops it.
   * @param {(player: Player | null) => void} listener
   * @returns {() => void}
   */
  onPlayer(listener) {
    this.listeners.add(listener);
    listener(this.currentPlayer);
    return () => this.listeners.delete(listener);
  }

  /**
   * The player once the arcade has said who plays, or null when it has not within `timeoutMs`
   * (a signed-out visitor, or the game opened on its own).
   * @param {number} [timeoutMs]
   * @returns {Promise<Player | null>}
   */
  whenPlayer(timeoutMs = 5000) {
    if (this.currentPlayer) return Promise.resolve(this.currentPlayer);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        stop();
        resolve(null);
      }, timeoutMs);
      const stop = this.onPlayer((player) => {
        if (!player) return;
        clearTimeout(timer);
        stop();
        resolve(player);
      });
    });
  }

  /**
   * @param {MessageEvent} event
   * @private
   */
  onMessage(event) {
    this.sayWrongOrigin(event);
    const data = acceptArcadeMessage(event, this.arcadeOrigin, this.nonce);
    if (!data || data.type !== 'ARCADE_TOKEN' || typeof data.token !== 'string' || !data.token) return;
    const token = data.token;
    const username =
      typeof data.username === 'string' && data.username
        ? data.username
        : usernameFromJwt(token) || this.currentPlayer?.username || '';
    const changed = token !== this.currentPlayer?.token;
    this.currentPlayer = { token, username };
    // Tickets are the player's: one fetched with another token is dropped for a new one.
    if (changed && (this.prefetch || this.nextTicket)) this.prefetchRun();
    for (const listener of this.listeners) listener(this.currentPlayer);
    if (changed) void this.resendKept();
  }

  /**
   * A token from the parent window on another origin than the configured arcade's is ignored, and
   * said once in the console with the fix (else the game just never gets a player).
   * @param {MessageEvent} event
   * @private
   */
  sayWrongOrigin(event) {
    if (this.wrongOriginSaid || event.origin === this.arcadeOrigin) return;
    if (globalThis.window === undefined || event.source !== window.parent || window.parent === window) return;
    const data = /** @type {{ type?: unknown } | null} */ (event.data);
    if (!data || typeof data !== 'object' || data.type !== 'ARCADE_TOKEN') return;
    this.wrongOriginSaid = true;
    console.error(
      `Sats Arcade SDK: the page framing this game, on ${event.origin}, sent a player token, but this game ` +
        `expects the arcade at ${this.arcadeOrigin}: the token was ignored. If ${event.origin} is your arcade, set ` +
        `connect({ arcadeOrigin }) or <meta name="arcade-origin"> to it.`,
    );
  }

  /**
   * Tell the play page whether a run is in progress (it then asks before Refresh Game reloads it).
   * @param {boolean} running
   * @private
   */
  setRunning(running) {
    if (this.running === running) return;
    this.running = running;
    if (this.framed) this.post({ type: 'ARCADE_RUN', running });
  }

  /**
   * Say the run in progress is over without a result to submit (abandoned, or not saveable):
   * the play page then reloads the game on Refresh Game without asking. {@link submit} and
   * {@link submitSigned} say it themselves once the result is settled.
   */
  endRun() {
    this.setRunning(false);
  }

  /**
   * Be told what became of each result the SDK kept (refused for an expired token) and sent again
   * by itself with a fresh token: once per fresh token, until it is saved or refused. Returns a
   * function that stops it.
   * @param {(outcome: SubmitOutcome, runId: string) => void} listener
   * @returns {() => void}
   */
  onResend(listener) {
    this.resendListeners.add(listener);
    return () => this.resendListeners.delete(listener);
  }

  /**
   * The results kept in the tab's sessionStorage (a reload of the frame keeps them).
   * @returns {Map<string, KeptResult>}
   * @private
   */
  readKept() {
    /** @type {Map<string, KeptResult>} */
    const kept = new Map();
    try {
      const list = JSON.parse(tabStorage()?.getItem(this.keptKey) ?? '[]');
      if (Array.isArray(list))
        for (const item of list)
          if (item && typeof item.body === 'string' && typeof item.username === 'string')
            kept.set(item.body, {
              body: item.body,
              signature: typeof item.signature === 'string' ? item.signature : null,
              username: item.username,
            });
    } catch {
      /* unreadable: nothing kept */
    }
    return kept;
  }

  /** @private */
  writeKept() {
    try {
      const storage = tabStorage();
      if (this.kept.size === 0) storage?.removeItem(this.keptKey);
      else storage?.setItem(this.keptKey, JSON.stringify([...this.kept.values()]));
    } catch {
      /* storage full or blocked: kept in memory only */
    }
  }

  /**
   * Send the kept results again, each once with the current token (the server never counts a
   * `runId` twice, so a result another path saved meanwhile is answered 200, not stored again).
   * @private
   */
  async resendKept() {
    if (this.resending) return;
    this.resending = true;
    try {
      for (;;) {
        const player = this.currentPlayer;
        const due = [...this.kept.values()].find(
          (kept) => player && kept.username === player.username && this.resentWith.get(kept.body) !== player.token,
        );
        if (!player || !due) return;
        this.resentWith.set(due.body, player.token);
        const outcome = await this.send(due.body, due.signature);
        for (const listener of this.resendListeners) listener(outcome, runIdOf(due.body));
      }
    } finally {
      this.resending = false;
    }
  }

  /**
   * Post a message to the arcade (its exact origin, with the frame's nonce).
   * @param {Record<string, unknown>} message
   * @private
   */
  post(message) {
    try {
      window.parent.postMessage({ ...message, nonce: this.nonce }, this.arcadeOrigin);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * A Game API call with the player's token.
   * @param {string} path
   * @param {RequestInit} [init]
   * @private
   */
  call(path, init = {}) {
    const headers = new Headers(init.headers);
    if (this.currentPlayer) headers.set('Authorization', `Bearer ${this.currentPlayer.token}`);
    return fetch(`${this.arcadeOrigin}/api/games${path}`, { ...init, headers });
  }

  /**
   * Ask the arcade for a new run ticket now.
   * @returns {Promise<Ticket & { token: string } | null>}
   * @private
   */
  async fetchTicket() {
    const token = this.currentPlayer?.token;
    if (!token) return null;
    try {
      const res = await this.call(`/${encodeURIComponent(this.gameId)}/runs/start`, { method: 'POST' });
      if (res.status !== 201) return null;
      const ticket = await res.json();
      return { ...ticket, startedAt: Date.parse(ticket.startedAt), token };
    } catch {
      return null;
    }
  }

  /**
   * Fetch the next run's ticket in the background now (the `prefetch` option does it by itself),
   * so the next {@link startRun} answers at once.
   */
  prefetchRun() {
    this.nextTicket = { promise: this.fetchTicket(), at: Date.now() };
  }

  /**
   * Start a run: its ticket, or null when there is no player or the arcade gave none (the run can
   * then be played but not saved). Takes the prefetched ticket when it is fresh and the player's.
   * Tells the play page a run is in progress until its result is settled (or {@link endRun}).
   * @returns {Promise<Ticket | null>}
   */
  async startRun() {
    this.setRunning(true);
    if (!this.currentPlayer) return null;
    let next = this.nextTicket;
    this.nextTicket = null;
    if (!next || Date.now() - next.at > TICKET_FRESH_MS) next = { promise: this.fetchTicket(), at: Date.now() };
    let ticket = await next.promise;
    // Fetched with a token since replaced, or failed: one more try with the current token.
    if (!ticket || ticket.token !== this.currentPlayer?.token) ticket = await this.fetchTicket();
    if (this.prefetch) this.prefetchRun();
    if (!ticket) return null;
    const { token: _token, ...own } = ticket;
    return own;
  }

  /**
   * Submit a finished run (its score, and what the game reports beyond it). Network errors and
   * 5xx are retried 3 times (0.5 s, 1 s, 2 s) with the same body, and the arcade never counts a
   * run twice, so sending the same run again is always safe. A result refused for an expired
   * token is kept and sent again with the next token ({@link onResend}).
   * @param {RunResult} result
   * @returns {Promise<SubmitOutcome>}
   */
  submit(result) {
    /** @type {Record<string, unknown>} */
    const body = { runId: result.runId, score: Math.max(0, Math.floor(result.score)) };
    if (result.level !== undefined) body.level = Math.max(0, Math.floor(result.level));
    if (result.fish) body.fish = result.fish;
    if (result.achievements) body.achievements = result.achievements;
    if (result.inputs) body.inputs = result.inputs;
    return this.send(JSON.stringify(body), null);
  }

  /**
   * Submit a run your game's own server decided and signed (see {@link SignedResult}); stored as
   * verified. The body goes as it was signed, byte for byte.
   * @param {SignedResult} signed
   * @returns {Promise<SubmitOutcome>}
   */
  submitSigned({ body, signature }) {
    return this.send(body, signature);
  }

  /**
   * @param {string} body
   * @param {string | null} signature
   * @returns {Promise<SubmitOutcome>}
   * @private
   */
  async send(body, signature) {
    const outcome = await this.sendOnce(body, signature);
    if (outcome.status === 'expired' && this.currentPlayer) {
      // Kept to send again with the next token (a reload of the frame keeps it too).
      this.kept.set(body, { body, signature, username: this.currentPlayer.username });
      while (this.kept.size > MAX_KEPT) this.kept.delete(/** @type {string} */ (this.kept.keys().next().value));
      this.writeKept();
    } else if ((outcome.status === 'saved' || outcome.status === 'refused') && this.kept.delete(body)) {
      this.writeKept();
    }
    // A result still unreachable is the player's to send again (Retry save): the run is not over yet.
    if (outcome.status !== 'unreachable') this.setRunning(false);
    return outcome;
  }

  /**
   * @param {string} body
   * @param {string | null} signature
   * @returns {Promise<SubmitOutcome>}
   * @private
   */
  async sendOnce(body, signature) {
    if (!this.currentPlayer)
      return { ok: false, status: 'signed-out', httpStatus: 0, error: 'Sign in to the arcade to save your score' };
    /** @type {SubmitOutcome} */
    let outcome = { ok: false, status: 'unreachable', httpStatus: 0, error: 'Could not reach the arcade.' };
    for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
      if (attempt > 0) {
        this.onRetry?.(attempt, RETRY_DELAYS_MS.length);
        await sleep(RETRY_DELAYS_MS[attempt - 1]);
      }
      /** @type {Record<string, string>} */
      const headers = { 'Content-Type': 'application/json' };
      if (signature) headers['X-Arcade-Signature'] = signature;
      let res;
      try {
        res = await this.call(`/${encodeURIComponent(this.gameId)}/runs`, { method: 'POST', headers, body });
      } catch {
        outcome = { ok: false, status: 'unreachable', httpStatus: 0, error: 'Could not reach the arcade.' };
        continue;
      }
      const data = await res.json().catch(() => null);
      if (res.status === 200 || res.status === 201)
        return { ok: true, status: 'saved', httpStatus: res.status, run: data?.run ?? null, best: data?.best ?? null };
      if (res.status >= 500) {
        outcome = {
          ok: false,
          status: 'unreachable',
          httpStatus: res.status,
          error: `The arcade had a problem (${res.status}).`,
        };
        continue;
      }
      const error =
        data && typeof data.error === 'string' && data.error
          ? data.error
          : `The arcade refused the score (${res.status}).`;
      // A signed run's 401 may be its signature's (stale, wrong, or no secret for the game): only a
      // token the arcade no longer takes makes it 'expired'.
      const expired = res.status === 401 && (!signature || (await this.tokenInfo()) === null);
      return { ok: false, status: expired ? 'expired' : 'refused', httpStatus: res.status, error };
    }
    return outcome;
  }

  /**
   * Mr Quiz: send the answer to question `question` of the run; the server's verdict, or null
   * when it could not be had.
   * @param {string} runId
   * @param {number} question
   * @param {number | null} choice
   * @param {number} ms how long the player took
   * @returns {Promise<AnswerVerdict | null>}
   */
  async answer(runId, question, choice, ms) {
    if (!this.currentPlayer) return null;
    const path = `/${encodeURIComponent(this.gameId)}/runs/${encodeURIComponent(runId)}/answers`;
    for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
      if (attempt > 0) await sleep(RETRY_DELAYS_MS[attempt - 1]);
      try {
        const res = await this.call(path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ question, choice, ms: Math.max(0, Math.round(ms)) }),
        });
        if (res.ok) return await res.json();
        if (res.status < 500) return null;
      } catch {
        /* try again */
      }
    }
    return null;
  }

  /**
   * Who the arcade says the current token belongs to (`GET /api/games/token-info?gameId=`), or null
   * without a player or a valid token. A game's server makes the same call to check a player.
   * @returns {Promise<TokenInfo | null>}
   */
  async tokenInfo() {
    if (!this.currentPlayer) return null;
    try {
      const res = await this.call(`/token-info?gameId=${encodeURIComponent(this.gameId)}`);
      return res.ok ? await res.json() : null;
    } catch {
      return null;
    }
  }

  /**
   * Ask the arcade to copy `text` to the player's clipboard (a frame may not always write it);
   * played on its own, the game writes it itself. Resolves to true when it was passed on.
   * @param {string} text at most 2,000 characters
   * @returns {Promise<boolean>}
   */
  async share(text) {
    if (this.framed) return this.post({ type: 'COPY_TO_CLIPBOARD', text });
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      return false;
    }
  }

  /** Stop listening to the arcade. */
  close() {
    if (globalThis.window !== undefined) window.removeEventListener('message', this.onMessage);
    this.listeners.clear();
  }
}

/**
 * Connect the game to the arcade: says ARCADE_READY to the play page and takes the player's token
 * when it arrives. One connection per page.
 * @param {ConnectOptions} options
 * @returns {ArcadeConnection}
 */
export function connect(options) {
  return new ArcadeConnection(options);
}
