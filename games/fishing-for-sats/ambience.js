/**
 * Fishing for Sats! ambience, made in the browser with WebAudio (no recordings to ship or license):
 * - the sea at night: waves of filtered noise rising and falling, under the sound toggle (♪) with
 *   the game's effects;
 * - a lofi loop: soft seventh chords, a round bass, a lazy swung beat, a few melody notes and vinyl
 *   crackle, under its own music toggle (♫).
 * Music is on by default on a first visit with a mouse and off on a touch screen (a phone in a
 * quiet room); each choice is remembered. Nothing plays before the player's first input (browsers
 * forbid it) or while the page is hidden.
 */

const MUSIC_KEY = 'sats-arcade-fishing-music';
const BPM = 72;
const EIGHTH = 60 / BPM / 2;
/** Fmaj7, Em7, Dm7, Cmaj7: one bar each (MIDI note numbers). */
const CHORDS = [
  [53, 57, 60, 64],
  [52, 55, 59, 62],
  [50, 53, 57, 60],
  [48, 52, 55, 59],
];
/** C major pentatonic, an octave up: the melody's notes. */
const MELODY = [72, 74, 76, 79, 81, 84];
const LOOK_AHEAD_S = 0.4;
const WAVES_VOLUME = 0.16;
const MUSIC_VOLUME = 0.5;

const hz = (midi) => 440 * 2 ** ((midi - 69) / 12);

function readChoice() {
  try {
    return localStorage.getItem(MUSIC_KEY);
  } catch {
    return null;
  }
}

function saveChoice(on) {
  try {
    localStorage.setItem(MUSIC_KEY, on ? '1' : '0');
  } catch {
    /* storage blocked: the choice lasts for this visit */
  }
}

/** A buffer of noise: white, or brown (deep, like surf) when `brown`. */
function noiseBuffer(ctx, seconds, brown = false) {
  const buffer = ctx.createBuffer(1, Math.floor(ctx.sampleRate * seconds), ctx.sampleRate);
  const data = buffer.getChannelData(0);
  let last = 0;
  for (let i = 0; i < data.length; i++) {
    const white = Math.random() * 2 - 1;
    if (brown) {
      last = (last + 0.02 * white) / 1.02;
      data[i] = last * 3.5;
    } else data[i] = white;
  }
  return buffer;
}

/** Vinyl crackle: a second of silence with sparse clicks, looped. */
function crackleBuffer(ctx) {
  const buffer = ctx.createBuffer(1, ctx.sampleRate * 2, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) if (Math.random() < 0.0004) data[i] = (Math.random() * 2 - 1) * 0.8;
  return buffer;
}

/**
 * Start the ambience of `sound` (the arcade's synth, whose context exists after the first input).
 * `musicButton` is the ♫ toggle. Returns a read-only snapshot function for tests.
 */
export function createAmbience(sound, musicButton) {
  const stored = readChoice();
  const touch = window.matchMedia?.('(pointer: coarse)').matches ?? false;
  let musicOn = stored === null ? !touch : stored === '1';
  let graph = null;
  let nextEighth = 0;
  let eighth = 0;
  let scheduled = 0;

  function paint() {
    if (!musicButton) return;
    musicButton.textContent = musicOn ? '♫ ON' : '♫ OFF';
    musicButton.setAttribute('aria-pressed', String(musicOn));
    musicButton.setAttribute('aria-label', 'Music');
  }

  function build(ctx) {
    const music = ctx.createGain();
    music.gain.value = 0;
    const warm = ctx.createBiquadFilter();
    warm.type = 'lowpass';
    warm.frequency.value = 1100;
    warm.connect(music).connect(ctx.destination);

    const crackle = ctx.createBufferSource();
    crackle.buffer = crackleBuffer(ctx);
    crackle.loop = true;
    const crackleGain = ctx.createGain();
    crackleGain.gain.value = 0.05;
    crackle.connect(crackleGain).connect(music);
    crackle.start();

    // Waves: deep noise through a low filter, its loudness swelling every eight seconds or so.
    const sea = ctx.createGain();
    sea.gain.value = 0;
    const surf = ctx.createBufferSource();
    surf.buffer = noiseBuffer(ctx, 4, true);
    surf.loop = true;
    const low = ctx.createBiquadFilter();
    low.type = 'lowpass';
    low.frequency.value = 520;
    const swell = ctx.createGain();
    swell.gain.value = 0.6;
    const lfo = ctx.createOscillator();
    lfo.frequency.value = 0.12;
    const depth = ctx.createGain();
    depth.gain.value = 0.4;
    lfo.connect(depth).connect(swell.gain);
    surf.connect(low).connect(swell).connect(sea).connect(ctx.destination);
    surf.start();
    lfo.start();

    return { ctx, music, warm, sea, hiss: noiseBuffer(ctx, 0.5) };
  }

  function voice(g, type, freq, at, length, volume, destination = g.warm) {
    const osc = g.ctx.createOscillator();
    const gain = g.ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, at);
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(volume, at + Math.min(0.08, length / 3));
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    osc.connect(gain).connect(destination);
    osc.start(at);
    osc.stop(at + length + 0.05);
    scheduled++;
  }

  function hit(g, at, length, volume, type, frequency) {
    const src = g.ctx.createBufferSource();
    src.buffer = g.hiss;
    const filter = g.ctx.createBiquadFilter();
    filter.type = type;
    filter.frequency.value = frequency;
    const gain = g.ctx.createGain();
    gain.gain.setValueAtTime(volume, at);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    src.connect(filter).connect(gain).connect(g.music);
    src.start(at);
    src.stop(at + length + 0.02);
    scheduled++;
  }

  function kick(g, at) {
    const osc = g.ctx.createOscillator();
    const gain = g.ctx.createGain();
    osc.frequency.setValueAtTime(110, at);
    osc.frequency.exponentialRampToValueAtTime(42, at + 0.14);
    gain.gain.setValueAtTime(0.45, at);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.22);
    osc.connect(gain).connect(g.music);
    osc.start(at);
    osc.stop(at + 0.25);
    scheduled++;
  }

  /** One eighth note of the loop, at `at` (seconds on the audio clock). */
  function play(g, n, at) {
    const inBar = n % 8;
    const chord = CHORDS[Math.floor(n / 8) % CHORDS.length];
    // Swing: the off-beat eighths come a little late.
    const t = inBar % 2 ? at + EIGHTH * 0.18 : at;
    if (inBar === 0) {
      for (const note of chord) voice(g, 'triangle', hz(note), t, EIGHTH * 8.5, 0.05);
      voice(g, 'sine', hz(chord[0] - 12), t, EIGHTH * 3, 0.22, g.music);
    }
    if (inBar === 5) voice(g, 'sine', hz(chord[0] - 12), t, EIGHTH * 2.5, 0.16, g.music);
    if (inBar === 0 || inBar === 3 || inBar === 4) kick(g, t);
    if (inBar === 2 || inBar === 6) hit(g, t, 0.14, 0.09, 'bandpass', 1800);
    hit(g, t, 0.03, inBar % 2 ? 0.02 : 0.035, 'highpass', 7000);
    if (inBar % 2 === 0 && Math.random() < 0.3) {
      const note = MELODY[Math.floor(Math.random() * MELODY.length)];
      voice(g, 'sine', hz(note), t, EIGHTH * 1.6, 0.035);
    }
  }

  function tick() {
    const ctx = sound.ctx;
    if (!ctx) return;
    graph ??= build(ctx);
    const now = ctx.currentTime;
    const audible = !document.hidden;
    const seaLevel = audible && !sound.muted ? WAVES_VOLUME : 0;
    const musicLevel = audible && musicOn ? MUSIC_VOLUME : 0;
    graph.sea.gain.setTargetAtTime(seaLevel, now, 0.4);
    graph.music.gain.setTargetAtTime(musicLevel, now, 0.3);
    if (!musicLevel || ctx.state !== 'running') {
      nextEighth = 0;
      return;
    }
    if (nextEighth < now) nextEighth = now + 0.05;
    while (nextEighth < now + LOOK_AHEAD_S) {
      play(graph, eighth++, nextEighth);
      nextEighth += EIGHTH;
    }
  }

  musicButton?.addEventListener('click', (e) => {
    sound.unlock();
    musicOn = !musicOn;
    saveChoice(musicOn);
    paint();
    if (sound.ctx?.state === 'suspended') sound.ctx.resume().catch(() => {});
    tick();
    e.currentTarget.blur();
  });
  const wake = () => {
    if (sound.ctx?.state === 'suspended') sound.ctx.resume().catch(() => {});
  };
  window.addEventListener('pointerdown', wake);
  window.addEventListener('keydown', wake);
  paint();
  setInterval(tick, 100);

  return () => ({
    music: musicOn,
    sea: !sound.muted,
    running: sound.ctx?.state ?? 'none',
    scheduled,
    musicLevel: graph ? graph.music.gain.value : 0,
  });
}
