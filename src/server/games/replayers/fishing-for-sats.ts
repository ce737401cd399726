// Fishing for Sats! on the server: the run's presses, releases and casts ([step, input] pairs),
// replayed with the rules its ticket was issued under (`rules.ts`); the catch must be the replay's, fish for fish.
import type { Fish } from '~/lib/schemas/games';
import { AppError, badRequest } from '~/server/shared/errors';
import { assertLogFits, assertSame, REPLAY_CPU_BUDGET_MS, threadCpuMs, type Replayer } from '../replay';
import { replayTrip, TRIP_STEP } from '~games/fishing-for-sats/game.js';

export const fishingForSatsReplayer: Replayer = {
  from: 'inputs',
  stepSeconds: TRIP_STEP,
  lastStep: (log) => {
    const last = log.at(-1);
    return Array.isArray(last) && typeof last[0] === 'number' ? last[0] : undefined;
  },
  replay({ gameName, ticket, input, inputs: log, age, maxSteps, rules }) {
    if (
      !log.every(
        (e): e is [number, number] =>
          Array.isArray(e) && e.length === 2 && Number.isSafeInteger(e[0]) && e[0] >= 0 && [0, 1, 2, 3].includes(e[1]),
      )
    ) {
      throw badRequest(
        'Fishing for Sats! inputs are [step, input] pairs: a whole step number and 0 (press), 1 (release), 2 (next cast) or 3 (end trip).',
      );
    }
    if (input.level !== undefined && input.level !== null)
      throw badRequest(`${gameName} runs have no level: leave out "level".`);
    assertLogFits(log.at(-1)?.[0], maxSteps, TRIP_STEP, age);
    const result = replayTrip(ticket.seed, ticket.started_at, log, maxSteps, REPLAY_CPU_BUDGET_MS, rules, threadCpuMs);
    assertSame(input.score, result.score, 'a score of', 'scores');
    assertSameFish(input.fish ?? [], result.fish);
    return { runId: input.runId, score: result.score, fish: result.fish };
  },
};

/** A catch as a message names it: 'Sat Sardine (13 points, 1.2 kg, quality 3)'. */
const fishWords = (f: Fish) => `${f.name} (${f.points} points, ${f.weight} kg, quality ${f.quality})`;

/** The claimed catch must be the replay's, fish for fish; the 422 names the first fish that differs. */
function assertSameFish(claimed: Fish[], replayed: Fish[]) {
  const key = (f: Fish) => `${f.name}|${f.points}|${f.weight}|${f.quality}`;
  const order = (fish: Fish[]) => [...fish].sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
  const [a, b] = [order(claimed), order(replayed)];
  if (a.map(key).join(',') === b.map(key).join(',')) return;
  if (a.length !== b.length) {
    throw new AppError(
      422,
      `The run does not match its replay: it reports ${a.length} fish, the replay caught ${b.length}${b.length ? ` (${b.slice(0, 5).map(fishWords).join('; ')}${b.length > 5 ? '; …' : ''})` : ''}.`,
    );
  }
  // As many fish: the first claimed one the replay did not catch, and the first caught one not claimed.
  const left = new Map<string, number>();
  for (const r of b) left.set(key(r), (left.get(key(r)) ?? 0) + 1);
  let unmatched: Fish | undefined;
  for (const f of a) {
    const n = left.get(key(f)) ?? 0;
    if (n > 0) left.set(key(f), n - 1);
    else unmatched ??= f;
  }
  const missing = b.find((r) => (left.get(key(r)) ?? 0) > 0);
  throw new AppError(
    422,
    `The run does not match its replay: it reports ${fishWords(unmatched!)}, the replay caught ${fishWords(missing!)}.`,
  );
}
