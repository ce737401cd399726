import { formatClock, formatStartsInLine } from '~/lib/tournament-time';
import { useNow } from '~/ui/useNow';

export interface CountdownProps {
  /** The moment counted down to (ISO 8601). */
  target: string;
  /** When the page was rendered (epoch ms): the first render prints what the server printed. */
  renderedAt: number;
  /** `clock`: '1d 2h 3m 4s', ticking every second; `starts-in`: 'Starts in Xd Yh' / 'Xh Ym' / 'Ym', or 'Starting soon'. */
  format: 'clock' | 'starts-in';
  className?: string;
}

/** A countdown on a server-rendered tournament page: the server's text first, ticking once hydrated. */
export default function Countdown({ target, renderedAt, format, className }: CountdownProps) {
  const now = useNow(renderedAt);
  return (
    <time dateTime={target} className={className}>
      {format === 'clock' ? formatClock(target, now) : formatStartsInLine(target, now)}
    </time>
  );
}
