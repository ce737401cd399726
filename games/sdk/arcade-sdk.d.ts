// Types of the Sats Arcade Game SDK (arcade-sdk.js), made from its JSDoc by `npm run sdk:types`: do not edit.
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
export function validOrigin(value: unknown): string | null;
/**
 * The arcade's origin from the game's own configuration: `configured` when given (it must be an
 * origin), else the page's `<meta name="arcade-origin">` when it holds one, else the game's own
 * origin. Never the `?arcade=` query parameter.
 * @param {string} [configured]
 * @returns {string}
 */
export function resolveArcadeOrigin(configured?: string): string;
/**
 * A message from the arcade, or null to ignore it: from the parent window, its exact origin, with
 * this frame's nonce.
 * @param {{ origin: string, source: unknown, data: unknown }} event
 * @param {string} origin the arcade's origin
 * @param {string} nonce this frame's nonce
 * @param {unknown} [parent] the parent window (the game's `window.parent`)
 * @returns {Record<string, unknown> | null}
 */
export function acceptArcadeMessage(
  event: {
    origin: string;
    source: unknown;
    data: unknown;
  },
  origin: string,
  nonce: string,
  parent?: unknown,
): Record<string, unknown> | null;
/**
 * A new random id (a v4 UUID): for a run of a game without tickets, or one played signed out.
 * @returns {string}
 */
export function newRunId(): string;
/**
 * Connect the game to the arcade: says ARCADE_READY to the play page and takes the player's token
 * when it arrives. One connection per page.
 * @param {ConnectOptions} options
 * @returns {ArcadeConnection}
 */
export function connect(options: ConnectOptions): ArcadeConnection;
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
export const VERSION: '1.1.0';
/**
 * The connection of one game to the arcade. Make it with {@link connect}.
 */
export class ArcadeConnection {
  /** @param {ConnectOptions} options */
  constructor({ gameId, arcadeOrigin, prefetch, onRetry }: ConnectOptions);
  /** The game's id in the arcade's catalogue. */
  gameId: string;
  /** The arcade's exact origin: where messages and API calls go. */
  arcadeOrigin: string;
  /** This frame's nonce (empty when the game is not played in the arcade's frame). */
  nonce: string;
  /** True when the game runs in a frame (the arcade's play page). */
  framed: boolean;
  /** @private @type {Player | null} */
  private currentPlayer;
  /** @private @type {Set<(player: Player | null) => void>} */
  private listeners;
  /** @private @type {{ promise: Promise<Ticket & { token: string } | null>, at: number } | null} */
  private nextTicket;
  /** @private */
  private prefetch;
  /** @private */
  private onRetry;
  /** @private True between startRun and the run's end (its result settled, or endRun). */
  private running;
  /** @private @type {Set<(outcome: SubmitOutcome, runId: string) => void>} */
  private resendListeners;
  /** @private The sessionStorage key of the results kept to send again. */
  private keptKey;
  /** @private @type {Map<string, KeptResult>} by body */
  private kept;
  /** @private @type {Map<string, string>} body → the token it was last sent again with */
  private resentWith;
  /** @private */
  private resending;
  /** @private */
  private wrongOriginSaid;
  /**
   * @param {MessageEvent} event
   * @private
   */
  private onMessage;
  /** The player the game plays for, or null when signed out (or not given yet). */
  get player(): Player | null;
  /**
   * Be told of the player now, and again each time the arcade hands over a token: on load, and
   * with each fresh token the play page sends by message (every 20 minutes, without a reload).
   * Returns a function that stops it.
   * @param {(player: Player | null) => void} listener
   * @returns {() => void}
   */
  onPlayer(listener: (player: Player | null) => void): () => void;
  /**
   * The player once the arcade has said who plays, or null when it has not within `timeoutMs`
   * (a signed-out visitor, or the game opened on its own).
   * @param {number} [timeoutMs]
   * @returns {Promise<Player | null>}
   */
  whenPlayer(timeoutMs?: number): Promise<Player | null>;
  /**
   * A token from the parent window on another origin than the configured arcade's is ignored, and
   * said once in the console with the fix (else the game just never gets a player).
   * @param {MessageEvent} event
   * @private
   */
  private sayWrongOrigin;
  /**
   * Tell the play page whether a run is in progress (it then asks before Refresh Game reloads it).
   * @param {boolean} running
   * @private
   */
  private setRunning;
  /**
   * Say the run in progress is over without a result to submit (abandoned, or not saveable):
   * the play page then reloads the game on Refresh Game without asking. {@link submit} and
   * {@link submitSigned} say it themselves once the result is settled.
   */
  endRun(): void;
  /**
   * Be told what became of each result the SDK kept (refused for an expired token) and sent again
   * by itself with a fresh token: once per fresh token, until it is saved or refused. Returns a
   * function that stops it.
   * @param {(outcome: SubmitOutcome, runId: string) => void} listener
   * @returns {() => void}
   */
  onResend(listener: (outcome: SubmitOutcome, runId: string) => void): () => void;
  /**
   * The results kept in the tab's sessionStorage (a reload of the frame keeps them).
   * @returns {Map<string, KeptResult>}
   * @private
   */
  private readKept;
  /** @private */
  private writeKept;
  /**
   * Send the kept results again, each once with the current token (the server never counts a
   * `runId` twice, so a result another path saved meanwhile is answered 200, not stored again).
   * @private
   */
  private resendKept;
  /**
   * Post a message to the arcade (its exact origin, with the frame's nonce).
   * @param {Record<string, unknown>} message
   * @private
   */
  private post;
  /**
   * A Game API call with the player's token.
   * @param {string} path
   * @param {RequestInit} [init]
   * @private
   */
  private call;
  /**
   * Ask the arcade for a new run ticket now.
   * @returns {Promise<Ticket & { token: string } | null>}
   * @private
   */
  private fetchTicket;
  /**
   * Fetch the next run's ticket in the background now (the `prefetch` option does it by itself),
   * so the next {@link startRun} answers at once.
   */
  prefetchRun(): void;
  /**
   * Start a run: its ticket, or null when there is no player or the arcade gave none (the run can
   * then be played but not saved). Takes the prefetched ticket when it is fresh and the player's.
   * Tells the play page a run is in progress until its result is settled (or {@link endRun}).
   * @returns {Promise<Ticket | null>}
   */
  startRun(): Promise<Ticket | null>;
  /**
   * Submit a finished run (its score, and what the game reports beyond it). Network errors and
   * 5xx are retried 3 times (0.5 s, 1 s, 2 s) with the same body, and the arcade never counts a
   * run twice, so sending the same run again is always safe. A result refused for an expired
   * token is kept and sent again with the next token ({@link onResend}).
   * @param {RunResult} result
   * @returns {Promise<SubmitOutcome>}
   */
  submit(result: RunResult): Promise<SubmitOutcome>;
  /**
   * Submit a run your game's own server decided and signed (see {@link SignedResult}); stored as
   * verified. The body goes as it was signed, byte for byte.
   * @param {SignedResult} signed
   * @returns {Promise<SubmitOutcome>}
   */
  submitSigned({ body, signature }: SignedResult): Promise<SubmitOutcome>;
  /**
   * @param {string} body
   * @param {string | null} signature
   * @returns {Promise<SubmitOutcome>}
   * @private
   */
  private send;
  /**
   * @param {string} body
   * @param {string | null} signature
   * @returns {Promise<SubmitOutcome>}
   * @private
   */
  private sendOnce;
  /**
   * Mr Quiz: send the answer to question `question` of the run; the server's verdict, or null
   * when it could not be had.
   * @param {string} runId
   * @param {number} question
   * @param {number | null} choice
   * @param {number} ms how long the player took
   * @returns {Promise<AnswerVerdict | null>}
   */
  answer(runId: string, question: number, choice: number | null, ms: number): Promise<AnswerVerdict | null>;
  /**
   * Who the arcade says the current token belongs to (`GET /api/games/token-info?gameId=`), or null
   * without a player or a valid token. A game's server makes the same call to check a player.
   * @returns {Promise<TokenInfo | null>}
   */
  tokenInfo(): Promise<TokenInfo | null>;
  /**
   * Ask the arcade to copy `text` to the player's clipboard (a frame may not always write it);
   * played on its own, the game writes it itself. Resolves to true when it was passed on.
   * @param {string} text at most 2,000 characters
   * @returns {Promise<boolean>}
   */
  share(text: string): Promise<boolean>;
  /** Stop listening to the arcade. */
  close(): void;
}
/**
 * A result refused for an expired token, kept to send again with the next token.
 */
export type KeptResult = {
  /**
   * the exact body sent
   */
  body: string;
  /**
   * its X-Arcade-Signature, if signed
   */
  signature: string | null;
  /**
   * the player it was played for
   */
  username: string;
};
/**
 * The signed-in player a game plays for: the arcade's username and the game token (a bearer JWT
 * that lives 30 minutes). Every 20 minutes the play page hands the frame a fresh token by message,
 * without a reload: {@link ArcadeConnection.onPlayer} is told each time. Refresh Game, the player's
 * own choice, reloads the frame with a fresh one.
 */
export type Player = {
  username: string;
  token: string;
};
/**
 * One of Mr Quiz's questions as its ticket carries it (without the answer).
 */
export type TicketQuestion = {
  topic: string;
  /**
   * the question
   */
  q: string;
  /**
   * in the order to show them; data URIs of pictures when `pictures`
   */
  answers: string[];
  /**
   * a picture the question shows (a flag), as a data URI that names nothing
   */
  image?: string | undefined;
  /**
   * the answers are pictures, not words
   */
  pictures?: true | undefined;
};
/**
 * A run ticket (README, "Fair play"): the run's id and seed, issued by the arcade when the run
 * starts. The browser knows `seed`: draw a run's random choices from it when the arcade (or your
 * server) replays the run from it, never the choices your server judges against (they are drawn
 * on your server).
 */
export type Ticket = {
  /**
   * the id to submit the run under (an opaque string)
   */
  runId: string;
  /**
   * a 32-bit unsigned integer
   */
  seed: number;
  /**
   * when the arcade issued it, in ms since 1970
   */
  startedAt: number;
  /**
   * Mr Quiz only
   */
  questions?: TicketQuestion[] | undefined;
};
/**
 * One fish of a fishing run.
 */
export type Fish = {
  name: string;
  points: number;
  /**
   * kilograms
   */
  weight: number;
  /**
   * 1 to 5
   */
  quality: number;
};
/**
 * A finished run as the game reports it: `POST /api/games/{gameId}/runs`. Whole numbers >= 0.
 */
export type RunResult = {
  /**
   * the ticket's `runId`
   */
  runId: string;
  score: number;
  level?: number | undefined;
  /**
   * fishing only
   */
  fish?: Fish[] | undefined;
  /**
   * REKT! only: its formations
   */
  achievements?: Record<string, boolean> | undefined;
  /**
   * the input log of a game the arcade replays
   */
  inputs?: unknown[] | undefined;
};
/**
 * A result the game's own server made and signed with the game's secret (README, "Fair play",
 * "Signed by the game's own server"): the exact JSON body it signed and its `X-Arcade-Signature`
 * header, `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. The body names the player
 * (`userId`, from token-info). The arcade stores such a run as verified.
 */
export type SignedResult = {
  body: string;
  signature: string;
};
/**
 * A run as the arcade stored it.
 */
export type StoredRun = {
  runId: string;
  gameId: string;
  score: number;
  level: number | null;
  fishCaught: number;
  createdAt: string;
  /**
   * true when the arcade replayed it or the game's server signed it
   */
  verified: boolean;
};
/**
 * The player's best single run in the game, after this one.
 */
export type Best = {
  score: number;
  level: number | null;
  fishCaught: number;
  totalPlays: number;
  reachedAt: string;
};
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
 */
export type SubmitOutcome =
  | {
      ok: true;
      status: 'saved';
      httpStatus: number;
      run: StoredRun | null;
      best: Best | null;
    }
  | {
      ok: false;
      status: 'signed-out' | 'expired' | 'refused' | 'unreachable';
      httpStatus: number;
      error: string;
    };
/**
 * What the arcade says about a token: `GET /api/games/token-info?gameId=…`. A token opens the game
 * it was issued for alone: asked with another game's id (or from another game's origin), the answer is 403.
 */
export type TokenInfo = {
  userId: number;
  username: string;
  /**
   * the game the token was issued for
   */
  gameId: string;
  expiresAt: string;
};
/**
 * Mr Quiz: the server's verdict on one answer.
 */
export type AnswerVerdict = {
  /**
   * the right answer's index
   */
  correct: number;
  /**
   * whether the answer was right (and in time)
   */
  ok: boolean;
  points: number;
  timedOut: boolean;
  /**
   * one line on why the right answer is right (null where the server has none)
   */
  why: string | null;
};
export type ConnectOptions = {
  /**
   * the game's id in the arcade's catalogue
   */
  gameId: string;
  /**
   * the arcade's exact origin, `https://arcade.example`; else the
   * page's `<meta name="arcade-origin">`, else the game's own origin (said as an error in the
   * console: a game is never served from the arcade's origin)
   */
  arcadeOrigin?: string | undefined;
  /**
   * fetch the next run's ticket ahead (default true): when the player
   * arrives or changes, and as each run starts, so {@link ArcadeConnection.startRun} answers at once
   */
  prefetch?: boolean | undefined;
  /**
   * told before each retry of a submission
   */
  onRetry?: ((attempt: number, of: number) => void) | undefined;
};
