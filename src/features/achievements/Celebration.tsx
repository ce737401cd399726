import { useEffect } from 'react';
import { CELEBRATION_MS } from '~/lib/achievements';
import { launchConfetti, playFanfare } from './celebration';

interface Props {
  avatar: { title: string; image: string };
  onDone: () => void;
}

/**
 * The overlay after a claim: the new avatar, confetti and a fanfare; it closes itself after 3 s
 * (or at a click or Escape). With reduced motion the avatar simply appears, without confetti.
 */
export function Celebration({ avatar, onDone }: Props) {
  useEffect(() => {
    const calm = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (!calm) void launchConfetti().catch(() => undefined);
    playFanfare();
    const timer = setTimeout(onDone, CELEBRATION_MS);
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onDone();
    window.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('keydown', onKey);
    };
  }, [onDone]);

  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[60] grid place-items-center bg-base-300/80 p-6"
      onClick={onDone}
      data-testid="celebration"
    >
      <div className="panel flex max-w-sm flex-col items-center gap-4 border-gold p-8 text-center motion-safe:animate-[celebrate_600ms_steps(6)_both]">
        <p className="font-pixel text-[0.6rem] text-gold">NEW AVATAR!</p>
        <img
          src={avatar.image}
          alt=""
          width={128}
          height={128}
          className="pixelated size-32 rounded-sm border-4 border-gold bg-neutral"
        />
        <p className="pixel-heading text-sm leading-relaxed">{avatar.title}</p>
        <p className="text-base-content/80">It is in your collection now. Set it as your avatar on your profile.</p>
      </div>
    </div>
  );
}
