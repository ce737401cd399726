// `npm run bench`: every benchmark in turn, score ingestion (scripts/bench.ts) then leaderboards at a
// million players (scripts/bench-leaderboards.ts, the long one). Each still runs when the other
// failed; exits non-zero when either missed a target or failed. Needs `npm run build` first.
// One alone: `npm run bench:ingest`, `npm run bench:leaderboards`.
import { spawnSync } from 'node:child_process';

const benches = [
  ['ingestion', 'scripts/bench.ts'],
  ['leaderboards', 'scripts/bench-leaderboards.ts'],
];
const results = benches.map(([name, script]) => {
  console.log(`\n$ tsx ${script}`);
  const { status } = spawnSync('npx', ['tsx', script], { stdio: 'inherit' });
  return { name, ok: status === 0 };
});
console.log(`\nBenchmarks: ${results.map((r) => `${r.name} ${r.ok ? 'met its targets' : 'FAILED'}`).join(', ')}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
