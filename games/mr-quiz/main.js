import { Arcade, focusSoon, formatCount, showScreen, shuffle } from '../shared/arcade-client.js';
import { PAL, Particles, animate, bandedSky, createPixelCanvas, drawText, pixelTitle, rect } from '../shared/pixel.js';
import { QUESTIONS } from './questions.js';

// The questions come with the run's ticket, fetched when the quiz starts: the server times each
// answer from the moment the questions were sent.
const arcade = new Arcade({ gameId: 'mr-quiz', gameName: 'Mr Quiz', prefetchTicket: false });
const sfx = arcade.sound;
const $ = (id) => document.getElementById(id);
const canvas = $('screen');
const H = 160;
const px = createPixelCanvas(canvas, { height: H, minWidth: 90, maxWidth: 480 });
const ctx = px.ctx;

const ROUNDS = 10;
const SECONDS = 15;
/** Seconds the right answer and why it is right stay on screen (the server's REVEAL_MS: it times the next answer from then). */
const REVEAL_SECONDS = 3.5;
const KEYS = ['A', 'B', 'C', 'D'];

$('ready-title').prepend(pixelTitle('MR QUIZ', { color: PAL.gold, shadow: PAL.pinkDark }));
$('over-title').prepend(pixelTitle('FINAL SCORE', { color: PAL.gold, shadow: PAL.pinkDark }));

// ---------- state ----------
let phase = 'ready'; // ready | question | checking | reveal | over
// { runId, local, questions, index, score, correct, log }. Signed in, the questions are the
// server's (no answer marked: the server says after each answer whether it was right); signed out,
// practice questions from questions.js.
let run = null;
let current = null; // { q, answers (shuffled), correct (index, once known), started }
let starting = false;
let mood = 'idle'; // idle | happy | sad
let moodT = 0;
let talkT = 0;
let lastTime = performance.now();
let lastTick = 0;
let revealTimer = 0;
const confetti = new Particles();

const buttons = [...document.querySelectorAll('.answer')];

/** Practice questions for a run without a ticket (not signed in): the answers are known here. */
function pickQuestions() {
  const pool = shuffle([...QUESTIONS]);
  const picked = [];
  const perTopic = {};
  for (const q of pool) {
    if (picked.length === ROUNDS) break;
    if ((perTopic[q.topic] || 0) >= 2) continue;
    perTopic[q.topic] = (perTopic[q.topic] || 0) + 1;
    picked.push(q);
  }
  for (const q of pool) if (picked.length < ROUNDS && !picked.includes(q)) picked.push(q);
  return shuffle(picked);
}

function hud() {
  $('hud-score').textContent = formatCount(run ? run.score : 0);
  $('hud-level').textContent = run ? run.correct : 0;
  $('hud-q').textContent = `${run ? Math.min(ROUNDS, run.index + 1) : 1}/${ROUNDS}`;
}

async function start() {
  if (starting) return;
  starting = true;
  const ticket = await arcade.startRun();
  starting = false;
  const questions = ticket.local ? pickQuestions() : ticket.questions;
  run = { runId: ticket.runId, local: ticket.local, questions, index: -1, score: 0, correct: 0, log: [] };
  showScreen('screen-quiz');
  sfx.tune(
    [
      [523, 0.08],
      [659, 0.08],
      [784, 0.08],
      [1047, 0.14],
    ],
    { type: 'triangle', vol: 0.12 },
  );
  next();
}

function next() {
  run.index += 1;
  if (run.index >= ROUNDS) return finish();
  const q = run.questions[run.index];
  if (run.local) {
    const order = shuffle([0, 1, 2, 3]);
    current = {
      q,
      answers: order.map((i) => q.answers[i]),
      correct: order.indexOf(0),
      started: performance.now(),
      chosen: null,
    };
  } else {
    current = { q, answers: q.answers, correct: null, started: performance.now(), chosen: null };
  }
  phase = 'question';
  mood = 'idle';
  talkT = 1.4;
  lastTick = SECONDS;
  document.body.dataset.question = String(run.index + 1);
  $('q-count').textContent = `Question ${run.index + 1} of ${ROUNDS}`;
  $('q-topic').textContent = q.topic;
  $('q-text').textContent = q.q;
  const image = $('q-image');
  image.hidden = !q.image;
  if (q.image) image.src = q.image;
  else image.removeAttribute('src');
  image.alt = q.image ? 'The flag to name' : '';
  $('q-feedback').textContent = '';
  $('q-feedback').dataset.kind = '';
  $('q-why').textContent = '';
  buttons.forEach((b, i) => {
    const label = b.querySelector('.label');
    if (q.pictures) label.replaceChildren(picture(current.answers[i], `Flag ${KEYS[i]}`));
    else label.textContent = current.answers[i];
    b.className = 'answer';
    b.disabled = false;
    b.setAttribute('aria-label', q.pictures ? `${KEYS[i]}: flag ${KEYS[i]}` : `${KEYS[i]}: ${current.answers[i]}`);
  });
  $('q-text').focus({ preventScroll: true });
  hud();
  updateTimer(SECONDS);
}

/** An answer that is a picture (a flag's data URI from the ticket). */
function picture(src, alt) {
  const img = document.createElement('img');
  img.src = src;
  img.alt = alt;
  return img;
}

function elapsed() {
  return (performance.now() - current.started) / 1000;
}

function updateTimer(left) {
  const fill = $('timer-fill');
  fill.style.width = `${Math.max(0, (left / SECONDS) * 100)}%`;
  fill.dataset.low = left <= 5 ? 'true' : 'false';
  $('q-time').textContent = `${Math.max(0, Math.ceil(left))}s`;
}

async function answer(i) {
  if (phase !== 'question') return;
  const took = elapsed();
  const left = Math.max(0, SECONDS - took);
  let timedOut = i === null;
  current.chosen = i;
  buttons.forEach((b) => (b.disabled = true));
  let ok;
  let points = 0;
  let why;
  if (run.local) {
    ok = !timedOut && i === current.correct;
    if (ok) points = 100 + Math.round(left * 10);
    why = current.q.why ?? null;
  } else {
    // The server says whether it was right and what it is worth.
    phase = 'checking';
    const verdict = await arcade.answer(run.runId, run.index, i, took * 1000);
    if (!verdict) {
      phase = 'reveal';
      revealTimer = 2.4;
      run.broken = true;
      const fb = $('q-feedback');
      fb.textContent = 'Could not reach the arcade - this quiz cannot be saved';
      fb.dataset.kind = 'error';
      mood = 'sad';
      moodT = 0;
      run.log.push({ q: current.q.q, topic: current.q.topic, ok: false, timedOut, answer: '?', points: 0 });
      return;
    }
    current.correct = verdict.correct;
    ok = verdict.ok;
    points = verdict.points;
    timedOut = verdict.timedOut;
    why = verdict.why ?? null;
  }
  if (ok) {
    run.score += points;
    run.correct += 1;
  }
  run.log.push({
    q: current.q.q,
    topic: current.q.topic,
    ok,
    timedOut,
    answer: current.answers[current.correct],
    pictures: Boolean(current.q.pictures),
    points,
  });
  phase = 'reveal';
  revealTimer = REVEAL_SECONDS;
  $('q-why').textContent = why ?? '';
  buttons.forEach((b, j) => {
    b.disabled = true;
    if (j === current.correct) b.classList.add('correct');
    else if (j === i) b.classList.add('wrong');
  });
  const fb = $('q-feedback');
  const right = current.q.pictures
    ? `flag ${KEYS[current.correct]}`
    : `${KEYS[current.correct]}: ${current.answers[current.correct]}`;
  if (ok) {
    fb.textContent = `Correct! +${formatCount(points)} (${points - 100} time bonus)`;
    fb.dataset.kind = 'ok';
    mood = 'happy';
    confetti.burst(px.W / 2, 30, 40, {
      colors: [PAL.gold, PAL.orange, PAL.green, PAL.cyan, PAL.pink],
      speed: 80,
      life: 1.4,
      gravity: 70,
      size: 1,
    });
    sfx.tune(
      [
        [659, 0.07],
        [880, 0.07],
        [1319, 0.16],
      ],
      { vol: 0.13 },
    );
  } else {
    fb.textContent = timedOut ? `Time's up! The answer was ${right}` : `Wrong! The answer was ${right}`;
    fb.dataset.kind = 'error';
    mood = 'sad';
    sfx.beep(196, 0.3, { type: 'sawtooth', vol: 0.1, to: 110 });
  }
  moodT = 0;
  hud();
}

function finish() {
  phase = 'over';
  current = null;
  document.body.dataset.question = '';
  $('final-score').textContent = formatCount(run.score);
  $('final-details').textContent = `${run.correct} of ${ROUNDS} correct · level ${run.correct}`;
  const verdict =
    run.correct === 10
      ? 'PERFECT! Mr Quiz tips his hat.'
      : run.correct >= 7
        ? 'Big brain energy!'
        : run.correct >= 4
          ? 'Not bad - keep stacking knowledge.'
          : 'Mr Quiz believes in you. Try again!';
  $('final-verdict').textContent = verdict;
  $('final-log').replaceChildren(
    ...run.log.map((l) => {
      const li = document.createElement('li');
      li.className = l.ok ? 'ok' : 'bad';
      const mark = document.createElement('span');
      mark.className = 'mark';
      mark.textContent = l.ok ? '✓' : '✗';
      mark.setAttribute('aria-label', l.ok ? 'correct' : 'wrong');
      const text = document.createElement('span');
      if (l.pictures) text.append(`${l.q} — `, picture(l.answer, 'the right flag'));
      else text.textContent = `${l.q} — ${l.answer}`;
      const pts = document.createElement('span');
      pts.className = 'pts';
      pts.textContent = l.ok ? `+${l.points}` : '0';
      li.append(mark, text, pts);
      return li;
    }),
  );
  showScreen('screen-over');
  focusSoon($('again'));
  mood = run.correct >= 5 ? 'happy' : 'sad';
  moodT = 0;
  if (run.correct >= 7)
    confetti.burst(px.W / 2, 20, 80, {
      colors: [PAL.gold, PAL.orange, PAL.green, PAL.cyan, PAL.pink],
      speed: 110,
      life: 2,
      gravity: 60,
    });
  void arcade.finishRun({ runId: run.runId, score: run.score, level: run.correct });
}

// ---------- input ----------
buttons.forEach((b, i) => b.addEventListener('click', () => answer(i)));
window.addEventListener('keydown', (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (phase === 'question') {
    const k = e.key.toUpperCase();
    let i = ['1', '2', '3', '4'].indexOf(k);
    if (i < 0) i = KEYS.indexOf(k);
    if (i >= 0) {
      e.preventDefault();
      buttons[i].focus({ preventScroll: true });
      answer(i);
    }
  } else if (
    phase === 'ready' &&
    (e.code === 'Space' || e.key === 'Enter') &&
    !(e.target instanceof HTMLButtonElement)
  ) {
    e.preventDefault();
    start();
  }
});
$('play').addEventListener('click', start);
$('again').addEventListener('click', start);

// ---------- drawing: the stage and Mr Quiz ----------
function drawHost(t) {
  const cx = Math.round(px.W / 2);
  const top = 6 + Math.round(Math.sin(t * 2) * 1);
  const ink = PAL.ink;
  const skin = '#f2c09a';
  // hat
  rect(ctx, cx - 7, top, 14, 10, '#1a1430');
  rect(ctx, cx - 7, top + 7, 14, 2, PAL.orange);
  rect(ctx, cx - 11, top + 10, 22, 2, '#1a1430');
  rect(ctx, cx - 5, top + 1, 2, 5, '#3a2f66');
  // face
  rect(ctx, cx - 8, top + 12, 16, 13, skin);
  rect(ctx, cx - 9, top + 15, 1, 5, skin);
  rect(ctx, cx + 8, top + 15, 1, 5, skin);
  // eyes + monocle
  const blink = Math.sin(t * 1.7) > 0.97;
  const eyeY = top + 16;
  if (mood === 'happy') {
    rect(ctx, cx - 6, eyeY, 3, 1, ink);
    rect(ctx, cx + 3, eyeY, 3, 1, ink);
  } else if (!blink) {
    rect(ctx, cx - 5, eyeY - 1, 2, 2, ink);
    rect(ctx, cx + 3, eyeY - 1, 2, 2, ink);
  } else {
    rect(ctx, cx - 6, eyeY, 3, 1, ink);
    rect(ctx, cx + 3, eyeY, 3, 1, ink);
  }
  // brows
  const browY = eyeY - 3 - (mood === 'happy' ? 1 : 0);
  rect(ctx, cx - 6, browY + (mood === 'sad' ? 1 : 0), 3, 1, '#5a3a22');
  rect(ctx, cx + 3, browY, 3, 1, '#5a3a22');
  // monocle (right eye)
  for (const [ox, oy] of [
    [2, -2],
    [3, -2],
    [4, -2],
    [5, -2],
    [1, -1],
    [6, -1],
    [1, 0],
    [6, 0],
    [1, 1],
    [6, 1],
    [2, 2],
    [3, 2],
    [4, 2],
    [5, 2],
  ])
    rect(ctx, cx + ox, eyeY + oy, 1, 1, PAL.gold);
  rect(ctx, cx + 6, eyeY + 3, 1, 6, PAL.gold);
  // moustache + mouth
  const my = top + 20;
  rect(ctx, cx - 5, my, 10, 2, '#5a3a22');
  rect(ctx, cx - 6, my + 1, 2, 1, '#5a3a22');
  rect(ctx, cx + 4, my + 1, 2, 1, '#5a3a22');
  const talking = talkT > 0 && Math.floor(t * 10) % 2 === 0;
  if (mood === 'happy') {
    rect(ctx, cx - 3, my + 2, 6, 2, ink);
    rect(ctx, cx - 2, my + 3, 4, 1, PAL.pink);
  } else if (mood === 'sad') {
    rect(ctx, cx - 2, my + 3, 4, 1, ink);
    rect(ctx, cx - 3, my + 4, 1, 1, ink);
    rect(ctx, cx + 2, my + 4, 1, 1, ink);
    rect(ctx, cx - 8, top + 13, 1, 2, PAL.cyan);
  } else if (talking) {
    rect(ctx, cx - 2, my + 2, 4, 2, ink);
  } else {
    rect(ctx, cx - 2, my + 3, 4, 1, ink);
  }
  // body: suit, bow tie with the Bitcoin orange
  const by = top + 25;
  rect(ctx, cx - 12, by, 24, 20, '#3d2a7a');
  rect(ctx, cx - 4, by, 8, 16, PAL.white);
  rect(ctx, cx - 5, by, 2, 12, '#2a1d5c');
  rect(ctx, cx + 3, by, 2, 12, '#2a1d5c');
  rect(ctx, cx - 5, by + 1, 4, 3, PAL.orange);
  rect(ctx, cx + 1, by + 1, 4, 3, PAL.orange);
  rect(ctx, cx - 1, by + 1, 2, 3, PAL.orangeDark);
  rect(ctx, cx, by + 7, 1, 1, ink);
  rect(ctx, cx, by + 11, 1, 1, ink);
  // arms: one holds a microphone, the other gestures
  const wave = mood === 'happy' ? Math.round(Math.sin(t * 14) * 2) : 0;
  rect(ctx, cx - 16, by + 2, 4, 12, '#3d2a7a');
  rect(ctx, cx - 16, by + 14, 4, 3, skin);
  rect(ctx, cx - 17, by + 8, 2, 8, '#8a8ab0');
  rect(ctx, cx - 18, by + 5, 4, 4, '#c0c0d8');
  rect(ctx, cx + 12, by + 2 - wave, 4, 10, '#3d2a7a');
  rect(ctx, cx + 12, by - 2 - wave, 4, 4, skin);
}

function drawStage(t) {
  const W = px.W;
  bandedSky(ctx, 0, 0, W, H, ['#0e0b26', '#120e2e', '#181038', '#1e1242', '#24144a', '#2a164f']);
  // spotlights
  ctx.fillStyle = 'rgba(255,230,160,0.06)';
  for (let y = 0; y < H; y += 2) {
    const half = 14 + y * 0.4;
    ctx.fillRect(Math.round(W / 2 - half), y, Math.round(half * 2), 2);
  }
  const sway = Math.sin(t * 0.7) * 20;
  ctx.fillStyle = 'rgba(45,226,230,0.05)';
  for (let y = 0; y < H; y += 2) ctx.fillRect(Math.round(y * 0.5 + sway), y, 10 + Math.round(y * 0.2), 2);
  ctx.fillStyle = 'rgba(255,60,142,0.05)';
  for (let y = 0; y < H; y += 2)
    ctx.fillRect(Math.round(W - y * 0.5 - sway - 10 - y * 0.2), y, 10 + Math.round(y * 0.2), 2);
  // curtains
  const cw = Math.max(8, Math.round(W * 0.1));
  for (const side of [0, 1]) {
    for (let i = 0; i < cw; i++) {
      const x = side ? W - 1 - i : i;
      const fold = Math.sin(i * 1.3) > 0.3;
      rect(ctx, x, 0, 1, H, fold ? '#8a1848' : '#b3205e');
    }
  }
  rect(ctx, 0, 0, W, 5, '#8a1848');
  for (let x = 2; x < W; x += 6) rect(ctx, x, 5, 3, 2, '#b3205e');
  // marquee bulbs
  for (let x = 3; x < W; x += 7) {
    const on = (Math.floor(t * 4) + x / 7) % 2 < 1;
    rect(ctx, x, 1, 2, 2, on ? PAL.gold : '#6a5020');
  }
  // stage floor
  rect(ctx, 0, 56, W, 2, '#3a2a70');
  const room = W / 2 - 22 - cw - 6;
  if (room >= 41) {
    const scale = room >= 86 ? 2 : 1;
    drawText(ctx, 'MR QUIZ', cw + 6 + (room - 41 * scale) / 2, 18, { color: PAL.gold, outline: PAL.ink, scale });
    drawText(ctx, 'LIVE!', W - cw - 6 - (room - 29 * scale) / 2, 18, {
      color: Math.floor(t * 2) % 2 ? PAL.pink : PAL.white,
      align: 'right',
      outline: PAL.ink,
      scale,
    });
  }
}

function frame(now) {
  const dt = Math.min(0.1, (now - lastTime) / 1000);
  lastTime = now;
  const t = now / 1000;
  talkT -= dt;
  moodT += dt;
  if (phase === 'question') {
    const left = SECONDS - elapsed();
    updateTimer(left);
    if (left <= 5 && Math.ceil(left) < lastTick) {
      lastTick = Math.ceil(left);
      sfx.beep(880, 0.04, { vol: 0.06 });
    }
    if (left <= 0) answer(null);
  } else if (phase === 'reveal') {
    revealTimer -= dt;
    if (revealTimer <= 0) next();
  }
  if (phase !== 'over' && moodT > 1.6 && phase !== 'reveal') mood = 'idle';
  confetti.update(dt);
  drawStage(t);
  drawHost(t);
  confetti.draw(ctx);
  px.present();
}

/**
 * Read-only snapshot for automated tests: the right answer only in a practice run (signed out);
 * a ticketed run's answers stay on the server.
 */
window.__arcadeDebug = () => ({
  phase,
  index: run ? run.index : -1,
  score: run ? run.score : 0,
  correct: run ? run.correct : 0,
  answer: current && current.correct !== null ? KEYS[current.correct] : null,
});

hud();
showScreen('screen-ready');
$('play').focus({ preventScroll: true });
animate(frame);
