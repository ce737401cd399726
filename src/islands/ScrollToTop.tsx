import { useEffect } from 'react';

/** Starts the page at its top, even when the browser would restore an old scroll position. */
export default function ScrollToTop() {
  useEffect(() => {
    // Without this the browser may restore the old position after the island scrolled up.
    window.history.scrollRestoration = 'manual';
    window.scrollTo(0, 0);
  }, []);
  return null;
}
