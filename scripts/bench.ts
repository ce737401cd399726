// `npm run bench`: score ingestion (Game API runs) next to the server's no-op endpoint, measured in
// the same run against the built server, on SQLite and on PostgreSQL. Needs `npm run build` first.
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { call, latestOutboxMail, sessionCookie } from '../tests/support/api';
import { startServer, type RunningServer } from '../tests/support/server';
import { createPgDatabase } from '../tests/support/services';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(name: string, options: Record<string, unknown>): Promise<Figures> {
  const result = await autocannon({ duration: DURATION, connections: CONNECTIONS, ...options });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function gameToken(server: RunningServer): Promise<string> {
  await call(server, '/api/auth/register', { body: { username: 'bench_player', email: 'bench@example.com' } });
  const verified = await call(server, `/api/auth/verify-magic-link?token=${latestOutboxMail(server.dataDir, 'bench@example.com').token}`);
  const token = await call(server, '/api/auth/game-token', { cookie: sessionCookie(verified) });
  return token.json.gameToken;
}

async function benchDialect(dialect: 'sqlite' | 'postgres') {
  const db = dialect === 'postgres' ? await createPgDatabase() : null;
  const server = await startServer({ RUNS_PER_MINUTE: '100000000', ...(db ? { DATABASE_URL: db.url } : {}) });
  try {
    const token = await gameToken(server);
    const noop = await measure('no-op GET /api/health', { url: `${server.url}/api/health` });
    let n = 0;
    const prefix = randomBytes(4).toString('hex');
    const ingest = await measure('POST /api/games/rekt/runs', {
      url: server.url,
      requests: [
        {
          method: 'POST',
          path: '/api/games/rekt/runs',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          setupRequest: (request: Record<string, unknown>) => ({ ...request, body: JSON.stringify({ runId: `${prefix}-${n++}`, score: (n * 7919) % 100_000, level: n % 40 }) }),
        },
      ],
    });
    return { dialect, noop, ingest };
  } finally {
    await server.stop();
    await db?.drop();
  }
}

const rows: string[] = [];
let failed = false;
for (const dialect of ['sqlite', 'postgres'] as const) {
  const { noop, ingest } = await benchDialect(dialect);
  const share = ingest.rps / noop.rps;
  for (const f of [noop, ingest]) {
    rows.push(`| ${dialect} | ${f.name} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.errors + f.non2xx} |`);
  }
  rows.push(`| ${dialect} | ingestion / no-op | ${(share * 100).toFixed(0)}% (target >= 30%) | | | |`);
  if (share < 0.3 || ingest.errors + ingest.non2xx > 0) failed = true;
}
console.log(`\nScore ingestion, ${CONNECTIONS} connections, ${DURATION} s each, ${new Date().toISOString().slice(0, 10)}\n`);
console.log('| database | endpoint | requests/s | p50 ms | p99 ms | failed |');
console.log('| --- | --- | --- | --- | --- | --- |');
console.log(rows.join('\n'));
if (failed) {
  console.log('\nA target was missed or a request failed.');
  process.exitCode = 1;
}
