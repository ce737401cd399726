import { useEffect, useRef, useState } from 'react';

export interface Screenshot {
  src: string;
  alt: string;
}

interface Props {
  images: Screenshot[];
  /** How long each image stays before the next one (3000, 3200, 4000 ms). */
  intervalMs: number;
  /** Names the carousel for screen readers, e.g. "REKT! screenshots". */
  label: string;
  /** Show dot buttons to pick an image (the fishing detail page). */
  dots?: boolean;
  width: number;
  height: number;
  /**
   * The page's largest picture (the first card's, the detail page's): its first image is fetched at
   * high priority and drawn in the first paint, not decoded after it.
   */
  priority?: boolean;
  className?: string;
}

/**
 * Rotating game screenshots. Rotation pauses while the pointer or keyboard focus is on the carousel,
 * so nobody has an image taken away while looking at it.
 */
export default function ScreenshotCarousel({
  images,
  intervalMs,
  label,
  dots = false,
  width,
  height,
  priority = false,
  className = '',
}: Props) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  // Bumped when a dot is picked, so the picked image gets its full interval.
  const [restart, setRestart] = useState(0);
  // The furthest image shown so far (-1 in the HTML). Only the images up to the one after it have
  // their picture: every screenshot is a download a visitor may never look at, so the page loads
  // the first one, the next once hydrated, and each further one as the carousel nears it.
  const [furthest, setFurthest] = useState(-1);
  useEffect(() => setFurthest((f) => Math.max(f, index)), [index]);

  // `data-carousel-running` says whether the rotation timer is armed right now (what a test waits
  // for before it moves a clock; set with the timer itself, so it never runs ahead of it).
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (paused || images.length < 2) return;
    const element = region.current;
    const timer = setInterval(() => setIndex((i) => (i + 1) % images.length), intervalMs);
    element?.setAttribute('data-carousel-running', 'true');
    return () => {
      clearInterval(timer);
      element?.setAttribute('data-carousel-running', 'false');
    };
  }, [paused, images.length, intervalMs, restart]);

  function pick(i: number) {
    setIndex(i);
    setRestart((n) => n + 1);
  }

  return (
    <div
      ref={region}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-carousel-index={index}
      className={`relative overflow-hidden ${className}`}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="relative" style={{ aspectRatio: `${width} / ${height}` }}>
        {images.map((image, i) => (
          <img
            key={image.src}
            src={i === 0 || i <= furthest + 1 ? image.src : undefined}
            alt={image.alt}
            width={width}
            height={height}
            loading={i === 0 ? 'eager' : 'lazy'}
            fetchPriority={priority && i === 0 ? 'high' : undefined}
            decoding={i === 0 ? undefined : 'async'}
            aria-hidden={i !== index}
            data-active={i === index}
            className={`pixelated absolute inset-0 h-full w-full object-cover transition-opacity duration-500 ${i === index ? 'opacity-100' : 'opacity-0'}`}
          />
        ))}
      </div>
      {dots && (
        // Below the picture, never over it; each dot is a 44 px target around a small square.
        <div className="flex justify-center gap-1 border-t-2 border-plum bg-base-300/60 py-1">
          {images.map((image, i) => (
            <button
              key={image.src}
              type="button"
              aria-label={`Show screenshot ${i + 1} of ${images.length}`}
              aria-current={i === index}
              onClick={() => pick(i)}
              className="group grid size-11 cursor-pointer place-items-center rounded-sm focus-visible:outline-2 focus-visible:outline-primary"
            >
              <span
                aria-hidden="true"
                className={`size-3.5 border-2 border-black transition-colors ${i === index ? 'bg-primary' : 'bg-base-content/50 group-hover:bg-base-content'}`}
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
