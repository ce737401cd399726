import { CELEBRATION_VOLUME, CONFETTI_PARTICLES } from '~/lib/achievements';

/**
 * 50 confetti particles over the page (canvas-confetti, loaded on the first claim only). Drawn on
 * the page's own thread: the library's default draws in a worker made from a `blob:` URL, which the
 * pages' Content-Security-Policy (no `worker-src`) rightly refuses, and then nothing is drawn.
 */
export async function launchConfetti(): Promise<void> {
  const { default: canvasConfetti } = await import('canvas-confetti');
  const confetti = canvasConfetti.create(undefined, { resize: true, useWorker: false });
  await confetti({
    particleCount: CONFETTI_PARTICLES,
    spread: 80,
    startVelocity: 38,
    origin: { y: 0.55 },
    colors: ['#f7931a', '#ffd23f', '#39ff88', '#2de2e6', '#ff3c8e'],
    shapes: ['square'],
    disableForReducedMotion: true,
  });
}

/**
 * The arcade's own short fanfare, synthesised (no sound file): a rising square-wave arpeggio of
 * five notes, about 0.6 s, at volume 0.3. Browsers that block audio simply stay silent.
 */
export function playFanfare(volume = CELEBRATION_VOLUME): void {
  const AudioContextClass =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioContextClass) return;
  try {
    const context = new AudioContextClass();
    const master = context.createGain();
    master.gain.value = volume;
    master.connect(context.destination);
    // C6, E6, G6, C7, then the E7 that lingers.
    const notes = [1046.5, 1318.5, 1568, 2093, 2637];
    notes.forEach((frequency, i) => {
      const start = context.currentTime + i * 0.09;
      const length = i === notes.length - 1 ? 0.28 : 0.08;
      const oscillator = context.createOscillator();
      const envelope = context.createGain();
      oscillator.type = 'square';
      oscillator.frequency.value = frequency;
      envelope.gain.setValueAtTime(0.0001, start);
      envelope.gain.exponentialRampToValueAtTime(1, start + 0.01);
      envelope.gain.exponentialRampToValueAtTime(0.0001, start + length);
      oscillator.connect(envelope).connect(master);
      oscillator.start(start);
      oscillator.stop(start + length + 0.02);
    });
    setTimeout(() => void context.close().catch(() => undefined), 1200);
  } catch {
    // no audio device or a browser that refuses: the celebration stays silent
  }
}
