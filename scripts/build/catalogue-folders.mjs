/**
 * Where the game catalogue's entries are read from, by the content collection (src/content.config.ts)
 * and by the build's frame sources (astro.config.mjs): the arcade's games, and, in a build made with
 * `ARCADE_EXAMPLE_GAME=1` (the test suite's: `npm test` and CI), the Game SDK's example game, which
 * is unlisted (examples/hello-sats; docs/bring-your-own-game.md). A production build leaves it out.
 */
export function catalogueFolders(env = process.env) {
  const folders = ['src/content/games'];
  if (env.ARCADE_EXAMPLE_GAME === '1') folders.push('examples/hello-sats/catalogue');
  return folders;
}
