// Hello Sats' own server: serves the game's page on its own origin and judges every guess, so the
// score is decided here, never in the browser; at the end of a round it signs the result with the
// game's secret, and the browser hands it to the arcade (the Game SDK's submitSigned), which stores
// the run as verified. Node.js only, no dependencies (docs/bring-your-own-game.md).
//
//   GAME_SECRET=<32+ characters, the arcade's GAME_SECRETS hello-sats=…> \
//   ARCADE_ORIGIN=http://localhost:4321 PORT=4330 node examples/hello-sats/server.mjs
//
// Rounds live in this process's memory: enough for an example; a real game keeps them in its database.
import { createHmac, randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

const HERE = new URL('./', import.meta.url);
/** The SDK as the repository holds it; a studio's game keeps its own copy next to its code. */
const SDK = new URL('../../games/sdk/', import.meta.url);
const FILES = {
  '/main.js': [new URL('main.js', HERE), 'text/javascript; charset=utf-8'],
  '/style.css': [new URL('style.css', HERE), 'text/css; charset=utf-8'],
  '/games/sdk/arcade-sdk.js': [new URL('arcade-sdk.js', SDK), 'text/javascript; charset=utf-8'],
};
const MAX_GUESSES = 7;
const ROUND_LIFETIME_MS = 2 * 60 * 60 * 1000;
const MAX_ROUNDS = 10_000;
const MAX_OPEN_ROUNDS = 5;

/**
 * The `X-Arcade-Signature` of a body: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as
 * the arcade checks it (root README, "Fair play").
 * @param {string} secret
 * @param {string} body
 */
export function signResult(secret, body, now = Date.now()) {
  const t = Math.floor(now / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** Points for a jar found on guess `n` (1-7): 700 on the first, 100 on the seventh. */
export function pointsFor(n) {
  return (MAX_GUESSES + 1 - n) * 100;
}

/**
 * Start Hello Sats' server.
 * @param {{ port?: number, host?: string, arcadeOrigin: string | string[], secret: string, fillJar?: () => number }} options
 *   `arcadeOrigin`: the arcade's origin, or several arcades' (the e2e tests run one per worker): the
 *   page is made for the one its `?arcade=` names, a call to this server says its arcade in
 *   `X-Arcade-Origin`, and an origin off the list means the first.
 *   `fillJar`: how many sats a new round's jar holds (1-100; by default a random number)
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startHelloSats({
  port = 4330,
  host = 'localhost',
  arcadeOrigin,
  secret,
  fillJar = () => randomInt(1, 101),
}) {
  if (!secret || secret.length < 32)
    throw new Error("GAME_SECRET must be the game's secret of 32 or more characters (the arcade's GAME_SECRETS).");
  const arcades = [arcadeOrigin].flat().map((origin) => new URL(origin).origin);
  /** @param {unknown} asked */
  const arcadeOf = (asked) => arcades.find((origin) => origin === asked) ?? arcades[0];
  const html = await readFile(new URL('index.html', HERE), 'utf8');
  /** @param {string} arcade */
  const page = (arcade) => html.replace('<head>', `<head>\n    <meta name="arcade-origin" content="${arcade}" />`);
  /** @type {Map<string, { userId: number, sats: number, guesses: number, done: boolean, expiresAt: number }>} */
  const rounds = new Map();
  /** @param {string} arcade */
  const headersFor = (arcade) => ({
    'content-security-policy': `default-src 'self'; img-src 'self' data:; connect-src 'self' ${arcade}; frame-ancestors ${arcade}; base-uri 'none'; form-action 'self'; object-src 'none'`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  });
  const headers = headersFor(arcades[0]);

  /** Who the arcade says the request's game token belongs to, or null. */
  async function playerOf(req) {
    const authorization = req.headers.authorization;
    if (!authorization?.startsWith('Bearer ')) return null;
    const arcade = arcadeOf(req.headers['x-arcade-origin']);
    // naming the game: a token the arcade issued for any other game is refused (403)
    const answer = await fetch(`${arcade}/api/games/token-info?gameId=hello-sats`, { headers: { authorization } });
    return answer.ok ? /** @type {{ userId: number, username: string }} */ (await answer.json()) : null;
  }

  async function bodyOf(req) {
    let raw = '';
    for await (const chunk of req) {
      raw += chunk;
      if (raw.length > 1000) throw new Error('too long');
    }
    return JSON.parse(raw || '{}');
  }

  function json(res, status, body) {
    res.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  }

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://game');
      const path = url.pathname;
      if (req.method === 'GET' && (path === '/' || path === '/index.html')) {
        const arcade = arcadeOf(url.searchParams.get('arcade'));
        res.writeHead(200, { ...headersFor(arcade), 'content-type': 'text/html; charset=utf-8' });
        res.end(page(arcade));
        return;
      }
      if (req.method === 'GET' && path in FILES) {
        const [file, type] = FILES[/** @type {keyof typeof FILES} */ (path)];
        res.writeHead(200, { ...headers, 'content-type': type });
        res.end(await readFile(file));
        return;
      }
      if (req.method !== 'POST' || !path.startsWith('/api/rounds')) return json(res, 404, { error: 'Not found.' });
      const player = await playerOf(req);
      if (!player) return json(res, 401, { error: 'Your arcade session expired: press Refresh Game in the arcade.' });
      const body = await bodyOf(req).catch(() => null);
      if (!body || typeof body !== 'object') return json(res, 400, { error: 'Send JSON.' });

      if (path === '/api/rounds') {
        const runId = body.runId;
        if (typeof runId !== 'string' || !/^[A-Za-z0-9_.:-]{1,100}$/.test(runId))
          return json(res, 400, { error: "runId must be the ticket's runId." });
        if (rounds.has(runId)) return json(res, 409, { error: 'This round was started already.' });
        const now = Date.now();
        // Rounds end, expire, or give way: a player keeps at most 5 open ones (a sixth drops their
        // oldest, as the arcade does with tickets), and a full server refuses rather than evict others'.
        const open = [];
        for (const [id, round] of rounds) {
          if (round.expiresAt < now) rounds.delete(id);
          else if (round.userId === player.userId && !round.done) open.push(id);
        }
        while (open.length >= MAX_OPEN_ROUNDS) rounds.delete(open.shift());
        if (rounds.size >= MAX_ROUNDS)
          return json(res, 503, { error: 'Too many rounds are being played: try again soon.' });
        rounds.set(runId, {
          userId: player.userId,
          sats: fillJar(),
          guesses: 0,
          done: false,
          expiresAt: now + ROUND_LIFETIME_MS,
        });
        return json(res, 201, { maxGuesses: MAX_GUESSES });
      }

      const match = /^\/api\/rounds\/([A-Za-z0-9_.:-]{1,100})\/guesses$/.exec(path);
      const round = match ? rounds.get(match[1]) : undefined;
      if (!match || !round) return json(res, 404, { error: 'There is no such round: start one.' });
      if (round.userId !== player.userId) return json(res, 403, { error: "This round is another player's." });
      if (round.done) return json(res, 409, { error: 'This round is over: start another.' });
      const guess = body.guess;
      if (!Number.isInteger(guess) || guess < 1 || guess > 100)
        return json(res, 400, { error: 'Guess a whole number from 1 to 100.' });
      round.guesses += 1;
      const hint = guess === round.sats ? 'right' : guess < round.sats ? 'higher' : 'lower';
      const guessesLeft = MAX_GUESSES - round.guesses;
      if (hint !== 'right' && guessesLeft > 0) return json(res, 200, { hint, guessesLeft, done: false });
      round.done = true;
      const score = hint === 'right' ? pointsFor(round.guesses) : 0;
      // The result as the arcade takes it, naming its player; signed byte for byte.
      const result = JSON.stringify({ userId: round.userId, runId: match[1], score, level: round.guesses });
      return json(res, 200, {
        hint,
        guessesLeft,
        done: true,
        sats: round.sats,
        result: { body: result, signature: signResult(secret, result) },
      });
    } catch (error) {
      console.error('[hello-sats]', error);
      if (!res.headersSent) json(res, 500, { error: "The game's server had a problem." });
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;
  return {
    url,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const game = await startHelloSats({
    port: Number(process.env.PORT ?? 4330),
    host: process.env.HOST ?? 'localhost',
    arcadeOrigin: process.env.ARCADE_ORIGIN ?? 'http://localhost:4321',
    secret: process.env.GAME_SECRET ?? '',
  });
  console.log(`Hello Sats on ${game.url} (arcade ${process.env.ARCADE_ORIGIN ?? 'http://localhost:4321'})`);
}
