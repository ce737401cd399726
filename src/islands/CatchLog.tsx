// The island of a fishing game's catch log, on its game page.
export { default } from '~/features/games/CatchLog';
