import { PIXEL_ICON_SIZE } from './pixel-icons';

interface Props {
  /** The icon's SVG body, from `./pixel-icons` (`icons.gamepad`). */
  icon: string;
  className?: string;
  /** A label makes the icon meaningful to screen readers; without one it is decorative. */
  label?: string;
}

/** A pixelarticons icon for React islands (Astro components use astro-icon's `<Icon>`). */
export function PixelIcon({ icon, className = 'size-5', label }: Props) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${PIXEL_ICON_SIZE} ${PIXEL_ICON_SIZE}`}
      className={className}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      dangerouslySetInnerHTML={{ __html: icon }}
    />
  );
}
