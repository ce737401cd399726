// Runs before every npm script: the arcade needs Node.js 24 (better-sqlite3 crashes on older ones
// instead of failing clearly). Plain syntax, so any old Node.js can read it and say so.
var major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    'Sats Arcade needs Node.js 24 or newer; this is ' +
      process.version +
      '.\n' +
      'Run ./arcade start (it installs Node.js 24 into .tools/), or put Node.js 24 first on your PATH\n' +
      'for npm scripts with:  eval "$(./arcade env)"  and run the npm script again.',
  );
  process.exit(1);
}
