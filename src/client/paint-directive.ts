import type { ClientDirective } from 'astro';

/**
 * `client:paint`: hydrate as soon as the page has shown its first content (its first contentful
 * paint). The island's HTML is already on screen; its scripts are asked for only after that paint,
 * so they never compete with the stylesheet, the fonts and the largest picture for it (README,
 * "Pages (Lighthouse)"). A page that does not paint (a tab in the background) or a browser without
 * paint timing hydrates at once, as `client:load` does.
 */
const hydrateAfterFirstPaint: ClientDirective = (load) => {
  let started = false;
  let observer: PerformanceObserver | undefined;
  const hydrate = async () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    document.removeEventListener('visibilitychange', hydrate);
    await (await load())();
  };
  if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    void hydrate();
    return;
  }
  // a tab sent to the background before its first paint may never report one
  document.addEventListener('visibilitychange', hydrate);
  observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length > 0) void hydrate();
  });
  // buffered: a paint that already happened counts at once
  observer.observe({ type: 'paint', buffered: true });
};

export default hydrateAfterFirstPaint;
