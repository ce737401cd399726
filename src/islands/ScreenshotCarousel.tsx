// The island of a game card's screenshots, on the games pages (the dashboard draws the same part).
export { default } from '~/features/games/ScreenshotCarousel';
