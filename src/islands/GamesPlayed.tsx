// The island of a game card's play count, on the games pages (the dashboard draws the same part).
export { default } from '~/features/games/GamesPlayed';
