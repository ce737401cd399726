import { useState } from 'react';
import { PixelIcon } from './PixelIcon';
import { user as iconUser } from './pixel-icons';

/** What a player's badge needs: their name, and their active avatar when they chose one. */
export interface AvatarOwner {
  username: string;
  /** Image of the active avatar. */
  avatarImage?: string | null;
  /** The avatar's name, as the image's tooltip. */
  avatarName?: string | null;
}

const SIZES = {
  /** Header account menu. */
  sm: { px: 28, frame: 'size-7 border-2 border-primary', letter: 'text-xs' },
  /** Leaderboard rows. */
  md: {
    px: 44,
    frame: 'size-9 border-2 border-plum shadow-[2px_2px_0_0_rgb(0_0_0/0.5)] sm:size-11',
    letter: 'text-sm',
  },
  /** Account settings. */
  lg: { px: 80, frame: 'size-20 border-2 border-primary', letter: 'text-3xl' },
  /** Home banner and profile card. */
  xl: {
    px: 96,
    frame: 'size-20 border-4 border-primary shadow-[4px_4px_0_0_rgb(0_0_0/0.5)] sm:size-24',
    letter: 'text-3xl sm:text-4xl',
  },
} as const;

const LETTER_COLORS = ['text-primary', 'text-secondary', 'text-accent', 'text-info', 'text-warning'];

/** A player's letter keeps one colour wherever it appears, so a board reads less like a wall of orange. */
export function letterColor(username: string): string {
  let hash = 0;
  for (const char of username) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return LETTER_COLORS[hash % LETTER_COLORS.length]!;
}

interface Props {
  player: AvatarOwner;
  size: keyof typeof SIZES;
  /** Without an avatar: the player's coloured first letter, or a plain player icon (the header's). */
  fallback?: 'letter' | 'icon';
  /** Lazy-load the image (long lists). */
  lazy?: boolean;
  className?: string;
}

/**
 * A player's badge: the active avatar's image, or (no avatar, or an image that fails to load) the
 * first letter of the username on an arcade tile in the player's own colour. Decorative: the name
 * is always written beside it.
 */
export function PlayerAvatar({ player, size, fallback = 'letter', lazy = false, className = '' }: Props) {
  const [broken, setBroken] = useState<string | null>(null);
  const { px, frame, letter } = SIZES[size];
  const tile = `shrink-0 rounded-sm bg-neutral ${frame} ${className}`;
  if (player.avatarImage && broken !== player.avatarImage) {
    return (
      <img
        src={player.avatarImage}
        alt=""
        title={player.avatarName ?? undefined}
        width={px}
        height={px}
        loading={lazy ? 'lazy' : undefined}
        onError={() => setBroken(player.avatarImage ?? null)}
        className={`pixelated ${tile}`}
      />
    );
  }
  if (fallback === 'icon') {
    return (
      <span aria-hidden="true" className={`grid place-items-center ${tile}`}>
        <PixelIcon icon={iconUser} className="size-4" />
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`grid place-items-center font-pixel ${letter} ${letterColor(player.username)} ${tile}`}
    >
      {player.username.charAt(0).toUpperCase()}
    </span>
  );
}
