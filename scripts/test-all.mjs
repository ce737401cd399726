// The whole test suite: `npm test`. Builds the arcade (unless SKIP_BUILD=1), runs Vitest (unit,
// integration and API tests) and Playwright (browser tests), and ends with `N passed, N failed`
// summed over every suite. Exits non-zero when any test failed or a suite could not run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const reports = 'test-results/reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

function run(command, args, env = {}) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(path) {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

// The tests' build holds the Game SDK's example game (unlisted; scripts/build/catalogue-folders.mjs).
if (process.env.SKIP_BUILD !== '1') {
  if (run('npx', ['astro', 'build'], { ARCADE_EXAMPLE_GAME: '1' }) !== 0) {
    console.log('\nThe build failed, so no test ran.\n0 passed, 1 failed');
    process.exit(1);
  }
}

const suites = [];
const extra = process.argv.slice(2);

/** Run a command, its output streamed (or, with `logFile`, kept and printed once it ends); its exit code. */
function runAsync(command, args, { env = {}, logFile } = {}) {
  console.log(`\n$ ${command} ${args.join(' ')}${logFile ? ' (its output follows once it ends)' : ''}`);
  return new Promise((resolveExit) => {
    const child = spawn(command, args, {
      stdio: logFile ? ['ignore', openSync(logFile, 'w'), openSync(logFile, 'a')] : 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('error', () => resolveExit(1));
    child.on('exit', (code) => {
      if (logFile) {
        console.log(`\n--- ${command} ${args.join(' ')} ---`);
        process.stdout.write(readFileSync(logFile, 'utf8'));
      }
      resolveExit(code ?? 1);
    });
  });
}

function vitestSuite(name, exit, report) {
  const vitest = readJson(report);
  return {
    name,
    exit,
    passed: vitest?.numPassedTests ?? 0,
    // Failed tests, plus the files that failed without a failed test (one that could not load). Vitest's
    // numFailedTestSuites also counts the describe blocks around a failed test, which would count it again.
    failed: vitest
      ? vitest.numFailedTests +
        (vitest.testResults ?? []).filter(
          (file) => file.status === 'failed' && !file.assertionResults?.some((test) => test.status === 'failed'),
        ).length
      : 1,
    skipped: vitest ? vitest.numPendingTests + vitest.numTodoTests : 0,
  };
}

const vitestArgs = (project, report) => [
  'vitest',
  'run',
  '--project',
  project,
  '--passWithNoTests',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...extra,
];

// Vitest's files (but the timed ones) beside Playwright: each leaves cores idle while it waits on its
// servers, PostgreSQL or the browser, and the other fills them (handbook, "Tests").
const vitestReport = join(reports, 'vitest.json');
const playwrightReport = join(reports, 'playwright.json');
const [vitestExit, playwrightExit] = await Promise.all([
  runAsync('npx', vitestArgs('tests', vitestReport), { logFile: join(reports, 'vitest.log') }),
  runAsync('npx', ['playwright', 'test', ...extra], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport } }),
]);
suites.push(vitestSuite('vitest', vitestExit, vitestReport));
const playwright = readJson(playwrightReport);
suites.push({
  name: 'playwright',
  exit: playwrightExit,
  passed: playwright ? playwright.stats.expected + playwright.stats.flaky : 0,
  failed: playwright ? playwright.stats.unexpected + (playwright.errors?.length ?? 0) : 1,
  skipped: playwright?.stats.skipped ?? 0,
});

// Then the Vitest files that hold the arcade to a time (vitest.config.ts, project `timed`), with the
// machine to themselves.
const timedReport = join(reports, 'vitest-timed.json');
const timedExit = run('npx', vitestArgs('timed', timedReport));
suites.push(vitestSuite('vitest (timed)', timedExit, timedReport));

console.log('\nSuites:');
for (const s of suites)
  console.log(`  ${s.name.padEnd(16)} ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped (exit ${s.exit})`);
const passed = suites.reduce((n, s) => n + s.passed, 0);
let failed = suites.reduce((n, s) => n + s.failed, 0);
// A runner that failed without reporting a failed test (a crash, a config error) still fails the run.
for (const s of suites) if (s.exit !== 0 && s.failed === 0) failed += 1;
const skipped = suites.reduce((n, s) => n + s.skipped, 0);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
