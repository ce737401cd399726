// @ts-check
// Hello Sats in the browser: the whole loop of a game on the Sats Arcade through the Game SDK
// (docs/bring-your-own-game.md). The SDK's types check this file (`npm run check`).
//
// The game's own server (server.mjs) holds the jar and judges the guesses, so the score is decided
// where the player cannot touch it; it signs the result, and the SDK hands it to the arcade, which
// stores the run as verified.
import { connect } from '../../games/sdk/arcade-sdk.js';

/** @typedef {import('../../games/sdk/arcade-sdk.js').SignedResult} SignedResult */
/** @typedef {import('../../games/sdk/arcade-sdk.js').Player} Player */

/**
 * What the game's server answers a guess.
 * @typedef {object} GuessAnswer
 * @property {'higher' | 'lower' | 'right'} hint
 * @property {number} guessesLeft
 * @property {boolean} done
 * @property {number} [sats] the jar, told once the round is over
 * @property {SignedResult} [result] the signed result, once the round is over
 */

/** @param {string} id */
function element(id) {
  const found = document.getElementById(id);
  if (!found) throw new Error(`#${id} is missing`);
  return found;
}

const playerLine = element('player');
const startButton = /** @type {HTMLButtonElement} */ (element('start'));
const guessForm = /** @type {HTMLFormElement} */ (element('guess-form'));
const guessInput = /** @type {HTMLInputElement} */ (element('guess'));
const hintLine = element('hint');
const statusLine = element('status');

// 1. Connect: the arcade's origin comes from <meta name="arcade-origin">, which server.mjs writes.
const arcade = connect({ gameId: 'hello-sats' });
const arcadeOrigin = document.querySelector('meta[name="arcade-origin"]')?.getAttribute('content') ?? '';

// 2. Who is playing: told now and whenever the arcade sends a fresh token.
arcade.onPlayer((player) => {
  playerLine.textContent = player
    ? `Playing as ${player.username}`
    : 'Not signed in: play from the arcade to save your score';
});

// 5. A result refused for an expired token is kept by the SDK and sent again with the next token.
arcade.onResend((outcome) => {
  if (outcome.ok) {
    say(
      `Saved${outcome.run?.verified ? ' and verified' : ''}!${outcome.best ? ` Best: ${outcome.best.score}` : ''}`,
      'ok',
    );
    document.body.dataset.state = 'saved';
  } else say(outcome.error, 'error');
});

/** The round being played: the ticket's run id. */
let runId = '';

/**
 * @param {string} text
 * @param {'' | 'ok' | 'error'} [kind]
 */
function say(text, kind = '') {
  statusLine.textContent = text;
  statusLine.dataset.kind = kind;
}

/**
 * A call to the game's own server, with the player's game token (it asks the arcade who that is).
 * @param {string} path
 * @param {object} body
 */
async function callGameServer(path, body) {
  const player = arcade.player;
  if (!player) throw new Error('Sign in to the arcade to play Hello Sats.');
  const response = await fetch(path, {
    method: 'POST',
    // which arcade to ask about the token, for a server that serves several (server.mjs)
    headers: {
      Authorization: `Bearer ${player.token}`,
      'Content-Type': 'application/json',
      'X-Arcade-Origin': arcadeOrigin,
    },
    body: JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok)
    throw new Error(typeof data.error === 'string' ? data.error : `The game's server said ${response.status}.`);
  return data;
}

startButton.addEventListener('click', async () => {
  startButton.disabled = true;
  hintLine.textContent = '';
  say('');
  try {
    // 3. Start a run: the arcade's ticket names it.
    if (!arcade.player) throw new Error('Sign in to the arcade to play Hello Sats.');
    const ticket = await arcade.startRun();
    if (!ticket) throw new Error('The arcade gave no run ticket just now: try again in a moment.');
    runId = ticket.runId;
    await callGameServer('/api/rounds', { runId });
    document.body.dataset.state = 'playing';
    startButton.hidden = true;
    guessForm.hidden = false;
    hintLine.textContent = 'The jar is filled. Your guess?';
    guessInput.focus();
  } catch (error) {
    say(error instanceof Error ? error.message : String(error), 'error');
  } finally {
    startButton.disabled = false;
  }
});

guessForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const guess = Number(guessInput.value);
  guessInput.value = '';
  try {
    /** @type {GuessAnswer} */
    const answer = await callGameServer(`/api/rounds/${encodeURIComponent(runId)}/guesses`, { guess });
    if (!answer.done) {
      hintLine.textContent = `${answer.hint === 'higher' ? 'More' : 'Fewer'} than ${guess}. ${answer.guessesLeft} left.`;
      guessInput.focus();
      return;
    }
    guessForm.hidden = true;
    startButton.hidden = false;
    startButton.textContent = 'Play again';
    hintLine.textContent =
      answer.hint === 'right'
        ? `Right! The jar holds ${answer.sats} sats.`
        : `Out of guesses: the jar held ${answer.sats} sats.`;
    if (!answer.result) {
      // a round without a result to submit: the arcade may reload the game without asking again
      arcade.endRun();
      return;
    }
    // 4. Submit the result the game's server signed: the arcade stores it as verified.
    document.body.dataset.state = 'over';
    say('Saving your score…');
    const outcome = await arcade.submitSigned(answer.result);
    if (outcome.ok) {
      const best = outcome.best ? ` Best: ${outcome.best.score}` : '';
      say(`Saved${outcome.run?.verified ? ' and verified' : ''}!${best}`, 'ok');
      document.body.dataset.state = 'saved';
    } else {
      say(outcome.error, 'error');
      document.body.dataset.state = 'error';
    }
  } catch (error) {
    say(error instanceof Error ? error.message : String(error), 'error');
  }
});
