import { PIXEL_ICON_SIZE } from './pixel-icons';

interface Props {
  /** The icon's SVG body, from `./pixel-icons` (`icons.gamepad`). */
  icon: string;
  className?: string;
  /** A label makes the icon meaningful to screen readers; without one it is decorative. */
  label?: string;
}

/** Each icon's path data: the generated bodies are one or more `<path d>` filled with `currentColor`. */
const pathsOf = new Map<string, string[]>();
function paths(icon: string): string[] {
  let found = pathsOf.get(icon);
  if (!found) {
    found = Array.from(icon.matchAll(/ d="([^"]+)"/g), (match) => match[1]!);
    pathsOf.set(icon, found);
  }
  return found;
}

/**
 * A pixelarticons icon for React islands (Astro components use astro-icon's `<Icon>`). Its paths
 * are React elements, not an `innerHTML`: a board draws a hundred icons, and each `innerHTML` would
 * run the HTML parser.
 */
export function PixelIcon({ icon, className = 'size-5', label }: Props) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${PIXEL_ICON_SIZE} ${PIXEL_ICON_SIZE}`}
      className={className}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      fill="currentColor"
    >
      {paths(icon).map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
