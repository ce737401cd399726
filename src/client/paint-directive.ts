import type { ClientDirective } from 'astro';

/**
 * `client:paint`: hydrate as soon as the page has shown its first content (its first contentful
 * paint); `client:paint="visible"`: after that paint, once the island is on screen (what
 * `client:visible` does, which alone may start before the first paint). The island's HTML is
 * already there; its scripts are asked for only after the first paint, so they never compete with
 * the stylesheet, the fonts and the largest picture for it (README, "Pages (Lighthouse)"). A page
 * that does not paint (a tab in the background) or a browser without paint timing goes on at once,
 * and a click on the island before then hydrates it at once (the click is given again).
 */
const hydrateAfterFirstPaint: ClientDirective = (load, options, el) => {
  let hydration: Promise<void> | undefined;
  let hydrated = false;
  let observer: PerformanceObserver | undefined;
  const hydrate = () =>
    (hydration ??= (async () => {
      await (
        await load()
      )();
      hydrated = true;
      el.removeEventListener('click', early, { capture: true });
    })());
  // A click on the island before it hydrated (its HTML is there, its handlers are not yet; its
  // scripts may still be on their way) is not lost: it starts the hydration at once if it has not
  // started, and is given again once React listens. A click on a link goes on as the plain
  // navigation it is.
  function early(event: Event) {
    const target = event.target;
    if (hydrated || !(target instanceof HTMLElement) || target.closest('a[href]')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    void hydrate().then(() => requestAnimationFrame(() => target.click()));
  }
  el.addEventListener('click', early, { capture: true });
  const afterPaint = () => {
    observer?.disconnect();
    document.removeEventListener('visibilitychange', afterPaint);
    if (options.value === 'visible') whenVisible(el, () => void hydrate());
    else void hydrate();
  };
  if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    afterPaint();
    return;
  }
  // a tab sent to the background before its first paint may never report one
  document.addEventListener('visibilitychange', afterPaint);
  observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length > 0) afterPaint();
  });
  // buffered: a paint that already happened counts at once
  observer.observe({ type: 'paint', buffered: true });
};

/** Runs `then` once any of the island's elements is on screen (the island itself has no box). */
function whenVisible(el: HTMLElement, then: () => void) {
  const io = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    io.disconnect();
    then();
  });
  for (const child of el.children) io.observe(child);
  if (el.children.length === 0) {
    io.disconnect();
    then();
  }
}

export default hydrateAfterFirstPaint;
