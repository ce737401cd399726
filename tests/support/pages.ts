/**
 * The arcade's public pages: every page a visitor reaches without signing in. The page-health spec
 * (console errors, layout shift) and the page budget (`npm run bench:pages`) both visit these; add a
 * new public page here.
 */

/** An address nobody serves: the 404 page, as a visitor of a missing address sees it. */
export const NOT_FOUND_PAGE = '/no-such-page';

export const PUBLIC_PAGES = [
  '/',
  '/about',
  '/games',
  '/games/rekt',
  '/games/fishing-for-sats',
  '/games/mr-quiz',
  '/leaderboards',
  '/donate',
  '/books',
  '/help',
  '/contact',
  '/privacy',
  '/tournament',
  '/tournaments/upcoming',
  '/tournaments/past',
  NOT_FOUND_PAGE,
];

/**
 * Public pages whose content is live data that an island draws and refreshes (the boards): held to
 * the Lighthouse scores, but not to the static pages' JavaScript budget.
 */
export const APP_PAGES = ['/leaderboards', '/tournament'];
