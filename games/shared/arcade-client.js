/**
 * Sats Arcade client: the protocol every game speaks with the arcade, plus the shared shell
 * (HUD, end screen, sound). Plain ES module, no dependencies.
 *
 * THE ARCADE PROTOCOL
 *
 * 1. Origin. The reference games run on an origin of their own (GAMES_ORIGIN), never the
 *    arcade's. The arcade origin comes from the game's own configuration: the page's
 *    `<meta name="arcade-origin" content="https://arcade.example">` (the games' server writes it
 *    in), checked to be an http(s) origin and nothing more, else `location.origin`. The `arcade`
 *    query parameter the play page adds is never trusted: anyone can frame a game with any value in
 *    it, and the game would then send its token and runs there.
 * 2. Handshake. The play page puts a per-frame nonce in the URL's fragment (`#nonce=…`); the game
 *    reads it and echoes it in every message it posts, and accepts only messages that carry it. On
 *    load the game posts `{ type: 'ARCADE_READY', gameId, nonce }` to `window.parent` with
 *    targetOrigin = the arcade origin (never '*'). It accepts a `message` event ONLY when
 *    `event.origin === arcadeOrigin && event.source === window.parent && data.nonce === nonce`.
 *    `{ type: 'ARCADE_TOKEN', token, username, nonce }` hands over the game token (a JWT string) and the
 *    player's name ("Playing as {username}" in the HUD). A newer ARCADE_TOKEN replaces the old
 *    token (the arcade refreshes it). Fallback when no message arrives: the `token` (and
 *    `username`) parameters of the URL's fragment (`#token=…&username=…`), never its query, so the
 *    token reaches no server log or Referer; the game removes the fragment once read.
 * 3. Run tickets (README, "Fair play"). Each run starts with a ticket from
 *      POST {arcadeOrigin}/api/games/{gameId}/runs/start   (Authorization: Bearer <token>)
 *    -> { runId, seed, startedAt, questions? }. The seed drives every random choice of the run
 *    (shared/prng.js), so the server can replay it. Games that can, fetch the next ticket while the
 *    player is on the ready or end screen, so PLAY starts at once. No token (or no ticket): the run
 *    is played with a local seed and cannot be saved.
 * 4. Results. At the end of each run:
 *      POST {arcadeOrigin}/api/games/{gameId}/runs
 *      Authorization: Bearer <token>
 *      Content-Type: application/json
 *      { runId, score, level?, fish?, achievements?, inputs? }
 *    runId = the ticket's (a retry of the same run resends the very same body);
 *    score and level are whole numbers >= 0;
 *    fish (fishing only) = [{ name, points, weight (kg), quality (1-5) }];
 *    achievements (REKT only) = every formation name -> true when completed in this run;
 *    inputs = the run's input log, which the server replays (REKT, fishing). Mr Quiz sends each
 *    answer as it is given (POST …/runs/{runId}/answers) and the server scores them.
 *    Answer 201/200 `{ run, best: { score, ... } }` -> "Saved! Best: N" (state 'saved').
 *    Network error or 5xx -> up to 3 retries with backoff (0.5 s, 1 s, 2 s), same runId.
 *    401 -> "Your session expired - press Refresh Game in the arcade" (state 'error').
 *    Other 4xx -> the JSON `error` message (state 'error').
 *    No token at all -> nothing is sent; "Sign in to the arcade to save your score". A run played
 *    without a ticket (no token when it started) cannot be saved and says so. When the retries run out (or
 *    after a 401, once a fresh token has arrived) a "Retry save" button resends the same body.
 * 5. Sharing. "Share score" posts `{ type: 'COPY_TO_CLIPBOARD', text: 'I scored N in <Game> on
 *    Sats Arcade!', nonce }` to window.parent (targetOrigin = arcade origin) and shows "Copied!".
 *    Stand-alone (no parent frame) the game writes the clipboard itself.
 * 6. Test hooks (read-only): `document.body.dataset.state` is 'ready' | 'playing' | 'over' |
 *    'saved' | 'error'; the element #run-status (aria-live polite) holds the last submission text.
 *    Each game also offers `window.__arcadeDebug()`, a snapshot of its state (never changes it).
 * 7. Accessibility: every action is a real <button>; the canvas has an aria-label; keyboard works.
 */

import { localSeed } from './prng.js';

// The frame's nonce, and the fallback token and name, arrive in the fragment: read them once, then
// drop the fragment.
// (Outside a browser, as in the unit tests, there is no fragment.)
const handedOver = new URLSearchParams(globalThis.location?.hash.slice(1) ?? '');
if (handedOver.has('token') || handedOver.has('nonce'))
  history.replaceState(null, '', location.pathname + location.search);
/** This frame's nonce (protocol step 2), echoed in every message; empty when played on its own. */
const frameNonce = handedOver.get('nonce') || '';

/**
 * An origin as a game may be configured with: `https://host[:port]` or `http://…`, exactly an
 * origin (no path, query, fragment or credentials), written as browsers write it; else null.
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

/** The arcade's origin (protocol step 1): the game's own configuration, never its query string. */
export function arcadeOrigin() {
  const configured = document.querySelector('meta[name="arcade-origin"]')?.getAttribute('content');
  return validOrigin(configured) ?? location.origin;
}

/**
 * A message from the arcade (protocol step 2), or null to ignore it: from the parent window, its
 * exact origin, with this frame's nonce.
 */
export function acceptArcadeMessage(event, origin, nonce, parent = globalThis.window?.parent) {
  if (event.origin !== origin || event.source !== parent || parent === globalThis.window) return null;
  const data = event.data;
  if (!data || typeof data !== 'object' || !nonce || data.nonce !== nonce) return null;
  return data;
}

/** crypto.randomUUID where available (secure contexts), else a v4 UUID from getRandomValues. */
export function newRunId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The `username` claim of a JWT, if it has one (display only, never trusted). */
function usernameFromJwt(token) {
  try {
    const part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(decodeURIComponent(escape(atob(part))));
    return typeof claims.username === 'string' ? claims.username : '';
  } catch {
    return '';
  }
}

const store = {
  get(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(key, value);
    } catch {
      /* storage blocked: keep it in memory only */
    }
  },
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const RETRY_DELAYS_MS = [500, 1000, 2000];
export const MSG_EXPIRED = 'Your session expired - press Refresh Game in the arcade';
export const MSG_SIGNED_OUT = 'Sign in to the arcade to save your score';
export const MSG_NO_TICKET =
  'This run started without a run ticket from the arcade, so it cannot be saved - play again to save your score';
/** A prefetched ticket older than this is dropped for a fresh one (tickets serve a run for 2 hours). */
const TICKET_FRESH_MS = 60 * 60 * 1000;

/**
 * Tiny WebAudio synth. Silent until the first user input (browsers block audio before it) and
 * whenever the player mutes it.
 */
class Sound {
  constructor() {
    this.ctx = null;
    this.muted = store.get('sats-arcade-muted') === '1';
    this.unlocked = false;
  }
  unlock() {
    if (this.unlocked) return;
    this.unlocked = true;
    try {
      const AC = window.AudioContext || window.webkitAudioContext;
      if (AC) this.ctx = new AC();
    } catch {
      this.ctx = null;
    }
  }
  setMuted(muted) {
    this.muted = muted;
    store.set('sats-arcade-muted', muted ? '1' : '0');
  }
  /** One beep: frequency (Hz), duration (s), options { type, vol, to (slide target Hz), delay (s) }. */
  beep(freq, dur = 0.08, { type = 'square', vol = 0.12, to = 0, delay = 0 } = {}) {
    const ctx = this.ctx;
    if (!ctx || this.muted) return;
    if (ctx.state === 'suspended') ctx.resume().catch(() => {});
    const t0 = ctx.currentTime + delay;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, t0);
    if (to) osc.frequency.exponentialRampToValueAtTime(Math.max(20, to), t0 + dur);
    gain.gain.setValueAtTime(0.0001, t0);
    gain.gain.exponentialRampToValueAtTime(vol * 0.3 + 0.0001, t0 + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t0);
    osc.stop(t0 + dur + 0.02);
  }
  /** A little tune: [[freq, dur], ...] played one after the other. */
  tune(notes, opts = {}) {
    let delay = 0;
    for (const [freq, dur] of notes) {
      if (freq) this.beep(freq, dur * 0.95, { ...opts, delay });
      delay += dur;
    }
  }
  /** A short noise burst (splash, crash). */
  noise(dur = 0.2, vol = 0.15) {
    const ctx = this.ctx;
    if (!ctx || this.muted) return;
    const len = Math.floor(ctx.sampleRate * dur);
    const buf = ctx.createBuffer(1, len, ctx.sampleRate);
    const data = buf.getChannelData(0);
    for (let i = 0; i < len; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / len);
    const src = ctx.createBufferSource();
    const gain = ctx.createGain();
    gain.gain.value = vol * 0.3;
    src.buffer = buf;
    src.connect(gain).connect(ctx.destination);
    src.start();
  }
}

/**
 * The arcade connection and shared shell of one game.
 * Expects in the page: #hud-player, #mute, #run-status, #share, #retry-save (optional).
 */
export class Arcade {
  constructor({ gameId, gameName, prefetchTicket = true }) {
    this.gameId = gameId;
    this.gameName = gameName;
    this.prefetch = prefetchTicket;
    /** The next run's ticket, being fetched or ready: { promise, at }. */
    this.nextTicket = null;
    this.ticketFor = null;
    this.origin = arcadeOrigin();
    this.token = handedOver.get('token') || '';
    this.username = handedOver.get('username') || (this.token ? usernameFromJwt(this.token) : '');
    this.sound = new Sound();
    this.lastRun = null;
    this.lastScore = 0;
    this.submitting = false;
    this.expired = false;

    window.addEventListener('message', (event) => this.onMessage(event));
    this.wireShell();
    this.showPlayer();
    this.setState('ready');
    if (this.token && this.prefetch) this.prefetchTicket();
    if (window.parent !== window) {
      try {
        window.parent.postMessage({ type: 'ARCADE_READY', gameId, nonce: frameNonce }, this.origin);
      } catch {
        /* no reachable parent: stand-alone */
      }
    }
  }

  onMessage(event) {
    const data = acceptArcadeMessage(event, this.origin, frameNonce);
    if (!data || data.type !== 'ARCADE_TOKEN') return;
    if (typeof data.token !== 'string' || !data.token) return;
    const changed = data.token !== this.token;
    this.token = data.token;
    this.username =
      typeof data.username === 'string' && data.username ? data.username : usernameFromJwt(data.token) || this.username;
    this.showPlayer();
    // Tickets are the player's: one fetched with another token is dropped.
    if (changed && this.prefetch) this.prefetchTicket();
    // A run refused for an expired token can be saved again with the fresh one (same runId).
    if (this.expired && this.lastRun && !this.submitting) this.showRetry(true);
  }

  /** Ask for a run ticket (protocol step 3): the ticket, or null when none could be had. */
  async fetchTicket() {
    const token = this.token;
    if (!token) return null;
    try {
      const res = await fetch(`${this.origin}/api/games/${encodeURIComponent(this.gameId)}/runs/start`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
      });
      if (res.status !== 201) return null;
      const ticket = await res.json();
      return { ...ticket, startedAt: Date.parse(ticket.startedAt), token };
    } catch {
      return null;
    }
  }

  prefetchTicket() {
    this.nextTicket = { promise: this.fetchTicket(), at: Date.now() };
  }

  /** The ticket for the run that starts now: the prefetched one if fresh, else a new one; null without. */
  async takeTicket() {
    if (!this.token) return null;
    let next = this.nextTicket;
    this.nextTicket = null;
    if (!next || Date.now() - next.at > TICKET_FRESH_MS) next = { promise: this.fetchTicket(), at: Date.now() };
    let ticket = await next.promise;
    // Fetched with a token since replaced, or failed: one more try with the current token.
    if (!ticket || ticket.token !== this.token) ticket = await this.fetchTicket();
    return ticket;
  }

  /**
   * Mr Quiz (protocol step 4): send the answer to question `question` of the run; the server's
   * verdict `{ correct, ok, points, timedOut }`, or null when it could not be had.
   */
  async answer(runId, question, choice, ms) {
    if (!this.token) return null;
    for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
      if (attempt > 0) await sleep(RETRY_DELAYS_MS[attempt - 1]);
      try {
        const res = await fetch(
          `${this.origin}/api/games/${encodeURIComponent(this.gameId)}/runs/${encodeURIComponent(runId)}/answers`,
          {
            method: 'POST',
            headers: { Authorization: `Bearer ${this.token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ question, choice, ms: Math.max(0, Math.round(ms)) }),
          },
        );
        if (res.ok) return await res.json();
        if (res.status < 500) return null;
      } catch {
        /* try again */
      }
    }
    return null;
  }

  get signedIn() {
    return Boolean(this.token);
  }

  showPlayer() {
    const el = document.getElementById('hud-player');
    if (!el) return;
    el.textContent = this.username ? `Playing as ${this.username}` : this.token ? 'Signed in' : 'Not signed in';
    el.title = el.textContent;
  }

  /** Protocol step 5: the read-only status for tests. */
  setState(state) {
    document.body.dataset.state = state;
  }

  setStatus(text, kind = '') {
    const el = document.getElementById('run-status');
    if (!el) return;
    el.textContent = text;
    el.dataset.kind = kind;
  }

  wireShell() {
    const mute = document.getElementById('mute');
    const paintMute = () => {
      if (!mute) return;
      mute.setAttribute('aria-pressed', String(this.sound.muted));
      mute.textContent = this.sound.muted ? '♪ OFF' : '♪ ON';
      mute.setAttribute('aria-label', 'Mute sound');
    };
    paintMute();
    mute?.addEventListener('click', (e) => {
      this.sound.unlock();
      this.sound.setMuted(!this.sound.muted);
      paintMute();
      if (!this.sound.muted) this.sound.beep(880, 0.06);
      e.currentTarget.blur();
    });
    const unlock = () => this.sound.unlock();
    window.addEventListener('pointerdown', unlock, { capture: true });
    window.addEventListener('keydown', unlock, { capture: true });

    document.getElementById('share')?.addEventListener('click', (e) => this.share(e.currentTarget));
    document.getElementById('retry-save')?.addEventListener('click', () => {
      if (this.lastRun) void this.submit(this.lastRun);
    });
  }

  /**
   * Start of a run: its ticket `{ runId, seed, startedAt, questions?, local }` (local: played
   * without a ticket, not saved), state 'playing'. The next run's ticket is fetched meanwhile.
   */
  async startRun() {
    this.lastRun = null;
    this.setStatus('');
    this.showRetry(false);
    const share = document.getElementById('share');
    if (share) share.textContent = 'Share score';
    const ticket = await this.takeTicket();
    if (this.prefetch && this.token) this.prefetchTicket();
    this.ticketFor = ticket ? ticket.runId : null;
    this.setState('playing');
    if (ticket)
      return {
        runId: ticket.runId,
        seed: ticket.seed,
        startedAt: ticket.startedAt,
        questions: ticket.questions,
        local: false,
      };
    return { runId: newRunId(), seed: localSeed(), startedAt: Date.now(), local: true };
  }

  showRetry(show) {
    const retry = document.getElementById('retry-save');
    if (retry) retry.hidden = !show;
  }

  /**
   * End of a run: state 'over', then the submission (protocol step 4).
   * run = { runId, score, level?, fish?, achievements?, inputs? }. Resolves to the final state.
   */
  async finishRun(run) {
    this.lastScore = run.score;
    this.setState('over');
    const body = { runId: run.runId, score: Math.max(0, Math.floor(run.score)) };
    if (run.level !== undefined) body.level = Math.max(0, Math.floor(run.level));
    if (run.fish) body.fish = run.fish;
    if (run.achievements) body.achievements = run.achievements;
    if (run.inputs) body.inputs = run.inputs;
    if (!this.signedIn) {
      this.setStatus(MSG_SIGNED_OUT, 'info');
      return 'over';
    }
    if (this.ticketFor !== run.runId) {
      this.setStatus(MSG_NO_TICKET, 'info');
      return 'over';
    }
    this.lastRun = body;
    return this.submit(body);
  }

  async submit(body) {
    if (this.submitting) return document.body.dataset.state;
    this.submitting = true;
    this.showRetry(false);
    this.setStatus('Saving your score...', 'busy');
    const url = `${this.origin}/api/games/${encodeURIComponent(this.gameId)}/runs`;
    let outcome = null;
    for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
      if (attempt > 0) {
        this.setStatus(`Saving your score... (retry ${attempt} of ${RETRY_DELAYS_MS.length})`, 'busy');
        await sleep(RETRY_DELAYS_MS[attempt - 1]);
      }
      let res;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { Authorization: `Bearer ${this.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      } catch {
        outcome = { retry: true, text: 'Could not reach the arcade - your score is not saved yet.' };
        continue;
      }
      const data = await res.json().catch(() => null);
      if (res.status === 200 || res.status === 201) {
        const best = data?.best?.score;
        this.expired = false;
        outcome = { ok: true, text: Number.isFinite(best) ? `Saved! Best: ${formatCount(best)}` : 'Saved!' };
        break;
      }
      if (res.status >= 500) {
        outcome = { retry: true, text: `The arcade had a problem (${res.status}) - your score is not saved yet.` };
        continue;
      }
      if (res.status === 401) {
        this.expired = true;
        outcome = { text: MSG_EXPIRED };
        break;
      }
      const message =
        data && typeof data.error === 'string' && data.error
          ? data.error
          : `The arcade refused the score (${res.status}).`;
      outcome = { text: message };
      break;
    }
    this.submitting = false;
    this.setStatus(outcome.text, outcome.ok ? 'ok' : 'error');
    const state = outcome.ok ? 'saved' : 'error';
    // Only if the player has not started another run meanwhile.
    if (document.body.dataset.state !== 'playing') this.setState(state);
    if (outcome.retry) this.showRetry(true);
    return state;
  }

  /** Protocol step 4. */
  share(button) {
    const text = `I scored ${this.lastScore} in ${this.gameName} on Sats Arcade!`;
    if (window.parent !== window) {
      try {
        window.parent.postMessage({ type: 'COPY_TO_CLIPBOARD', text, nonce: frameNonce }, this.origin);
      } catch {
        /* ignore */
      }
    } else {
      navigator.clipboard?.writeText(text).catch(() => {});
    }
    if (button) button.textContent = 'Copied!';
    this.sound.beep(1320, 0.07);
  }
}

/** Shuffle in place (Fisher-Yates). */
const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const ONE_DECIMAL = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A whole number as the arcade writes it (en-US grouping): 12,345. */
export function formatCount(value) {
  return COUNT.format(value);
}

/** A number with one decimal as the arcade writes it: 1,234.5. */
export function formatOneDecimal(value) {
  return ONE_DECIMAL.format(value);
}

export function shuffle(list, rng = Math.random) {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

/** Show one overlay screen (by id) and hide the others with class "screen". */
export function showScreen(id) {
  for (const el of document.querySelectorAll('.screen')) el.hidden = el.id !== id;
}

/** Focus a button a moment later, so a held key from play does not press it. */
export function focusSoon(el, ms = 450) {
  if (!el) return;
  el.disabled = true;
  setTimeout(() => {
    el.disabled = false;
    el.focus({ preventScroll: true });
  }, ms);
}
