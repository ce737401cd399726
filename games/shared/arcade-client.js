/**
 * The reference games' shell: HUD, end screen, run status and sound, over the Game SDK
 * (`../sdk/arcade-sdk.js`), which speaks the protocol with the arcade (root README, "Game API";
 * docs/bring-your-own-game.md). Plain ES module, no dependencies.
 *
 * What the shell adds to the SDK:
 * - Runs. `startRun()` takes the SDK's ticket (prefetched while the ready or end screen shows) or,
 *   with no player or no ticket, a local seed: such a run is played but cannot be saved.
 *   `finishRun()` submits through the SDK and says what happened in #run-status:
 *   "Saved! Best: N" (state 'saved'); retries "Saving your score... (retry n of 3)"; 401 "Your
 *   session expired - press Refresh Game in the arcade"; another 4xx the arcade's message (state
 *   'error'); no player "Sign in to the arcade to save your score". When the retries run out a
 *   "Retry save" button resends the same body. A result refused for an expired token is kept by
 *   the SDK and sent again, once, with the next token: the play page's own refresh hands one over
 *   by message (no reload), Refresh Game by reloading the frame (the SDK's sessionStorage keeps the
 *   result); the status then says what became of it ("Saved! Best: N").
 * - Run state. The SDK tells the play page while a run is in progress (Refresh Game then asks
 *   first); a run that will not be submitted ends with `endRun()`.
 * - Sharing. "Share score" passes 'I scored N in <Game> on Sats Arcade!' to the arcade's
 *   clipboard (the SDK's `share`) and shows "Copied!".
 * - Test hooks (read-only): `document.body.dataset.state` is 'ready' | 'playing' | 'over' |
 *   'saved' | 'error'; #run-status (aria-live polite) holds the last submission text. Each game
 *   also offers `window.__arcadeDebug()`, a snapshot of its state (never changes it).
 * - Accessibility: every action is a real <button>; the canvas has an aria-label; keyboard works.
 */

import { localSeed } from './prng.js';
import { connect, newRunId } from '../sdk/arcade-sdk.js';

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

export const MSG_EXPIRED = 'Your session expired - press Refresh Game in the arcade';
export const MSG_SIGNED_OUT = 'Sign in to the arcade to save your score';
export const MSG_NO_TICKET =
  'This run started without a run ticket from the arcade, so it cannot be saved - play again to save your score';

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
 * The arcade connection (the SDK's) and the shared shell of one game.
 * Expects in the page: #hud-player, #mute, #run-status, #share, #retry-save (optional).
 */
export class Arcade {
  constructor({ gameId, gameName, prefetchTicket = true }) {
    this.gameId = gameId;
    this.gameName = gameName;
    this.ticketFor = null;
    this.sound = new Sound();
    this.lastRun = null;
    this.lastScore = 0;
    this.submitting = false;
    this.setState('ready');
    this.wireShell();
    this.connection = connect({
      gameId,
      prefetch: prefetchTicket,
      onRetry: (attempt, of) => this.setStatus(`Saving your score... (retry ${attempt} of ${of})`, 'busy'),
    });
    this.connection.onPlayer(() => this.showPlayer());
    // A result refused for an expired token, sent again by the SDK with the fresh token (same body).
    this.connection.onResend((outcome) => {
      if (document.body.dataset.state !== 'playing') this.settle(outcome);
    });
  }

  get signedIn() {
    return Boolean(this.connection.player);
  }

  /** Mr Quiz: the server's verdict on an answer (the SDK's `answer`). */
  answer(runId, question, choice, ms) {
    return this.connection.answer(runId, question, choice, ms);
  }

  showPlayer() {
    const el = document.getElementById('hud-player');
    if (!el) return;
    const player = this.connection?.player;
    el.textContent = player?.username ? `Playing as ${player.username}` : player ? 'Signed in' : 'Not signed in';
    el.title = el.textContent;
  }

  /** The read-only status for tests. */
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
    const ticket = await this.connection.startRun();
    this.ticketFor = ticket ? ticket.runId : null;
    this.setState('playing');
    if (ticket) return { ...ticket, local: false };
    return { runId: newRunId(), seed: localSeed(), startedAt: Date.now(), local: true };
  }

  showRetry(show) {
    const retry = document.getElementById('retry-save');
    if (retry) retry.hidden = !show;
  }

  /**
   * End of a run: state 'over', then the submission.
   * run = { runId, score, level?, fish?, achievements?, inputs? }. Resolves to the final state.
   */
  async finishRun(run) {
    this.lastScore = run.score;
    this.setState('over');
    if (!this.signedIn) {
      this.connection.endRun();
      this.setStatus(MSG_SIGNED_OUT, 'info');
      return 'over';
    }
    if (this.ticketFor !== run.runId) {
      this.connection.endRun();
      this.setStatus(MSG_NO_TICKET, 'info');
      return 'over';
    }
    this.lastRun = run;
    return this.submit(run);
  }

  async submit(run) {
    if (this.submitting) return document.body.dataset.state;
    this.submitting = true;
    this.showRetry(false);
    this.setStatus('Saving your score...', 'busy');
    let outcome;
    try {
      outcome = await this.connection.submit(run);
    } finally {
      this.submitting = false;
    }
    return this.settle(outcome);
  }

  /** Say what became of a submission (the shell's own, or one the SDK sent again); the new state. */
  settle(outcome) {
    let text;
    if (outcome.ok) {
      text = Number.isFinite(outcome.best?.score) ? `Saved! Best: ${formatCount(outcome.best.score)}` : 'Saved!';
    } else if (outcome.status === 'expired') {
      text = MSG_EXPIRED;
    } else if (outcome.status === 'unreachable') {
      text = outcome.httpStatus
        ? `The arcade had a problem (${outcome.httpStatus}) - your score is not saved yet.`
        : 'Could not reach the arcade - your score is not saved yet.';
    } else if (outcome.status === 'signed-out') {
      text = MSG_SIGNED_OUT;
    } else {
      text = outcome.error;
    }
    this.setStatus(text, outcome.ok ? 'ok' : 'error');
    const state = outcome.ok ? 'saved' : 'error';
    // Only if the player has not started another run meanwhile.
    if (document.body.dataset.state !== 'playing') this.setState(state);
    if (outcome.status === 'unreachable') this.showRetry(true);
    return state;
  }

  share(button) {
    void this.connection.share(`I scored ${this.lastScore} in ${this.gameName} on Sats Arcade!`);
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
