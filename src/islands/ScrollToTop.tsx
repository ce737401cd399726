import { useEffect } from 'react';

/** Starts the page at its top, even when the browser would restore an old scroll position. */
export default function ScrollToTop() {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return null;
}
