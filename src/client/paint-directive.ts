import type { ClientDirective } from 'astro';

/**
 * `client:paint`: hydrate as soon as the page has shown its first content (its first contentful
 * paint); `client:paint="visible"`: after that paint, once the island is on screen (what
 * `client:visible` does, which alone may start before the first paint). The island's HTML is
 * already there; its scripts are asked for only after the first paint, so they never compete with
 * the stylesheet, the fonts and the largest picture for it (README, "Pages (Lighthouse)"). A page
 * that does not paint (a tab in the background) or a browser without paint timing goes on at once.
 */
const hydrateAfterFirstPaint: ClientDirective = (load, options, el) => {
  let started = false;
  let observer: PerformanceObserver | undefined;
  const hydrate = async () => {
    if (started) return;
    started = true;
    await (await load())();
  };
  const afterPaint = () => {
    observer?.disconnect();
    document.removeEventListener('visibilitychange', afterPaint);
    if (options.value === 'visible') whenVisible(el, hydrate);
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
