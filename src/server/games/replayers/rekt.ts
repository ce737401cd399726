// REKT! on the server: the run's flaps (their step numbers), replayed with the game's own rules.
import { REKT_FORMATIONS } from '~/lib/schemas/games';
import { AppError, badRequest } from '~/server/shared/errors';
import { assertLogFits, assertSame, REPLAY_CPU_BUDGET_MS, threadCpuMs, type Replayer } from '../replay';
import { replay as replayRekt, STEP as REKT_STEP } from '~games/rekt/game.js';

export const rektReplayer: Replayer = {
  from: 'inputs',
  stepSeconds: REKT_STEP,
  lastStep: (flaps) => {
    const last = flaps.at(-1);
    return typeof last === 'number' ? last : undefined;
  },
  replay({ ticket, input, inputs: flaps, age, maxSteps, rules }) {
    if (!flaps.every((f): f is number => Number.isSafeInteger(f) && (f as number) >= 0))
      throw badRequest('REKT! inputs are the step numbers of the flaps: whole numbers, 0 or more.');
    assertLogFits(flaps.at(-1), maxSteps, REKT_STEP, age);
    const result = replayRekt(ticket.seed, flaps, maxSteps, REPLAY_CPU_BUDGET_MS, rules, threadCpuMs);
    assertSame(input.score, result.score, 'a score of', 'scores');
    assertSame(input.level ?? null, result.level, 'level', 'reaches level');
    const claimed = input.achievements ?? {};
    for (const name of REKT_FORMATIONS) {
      if (Boolean(claimed[name]) !== result.achievements[name]) {
        throw new AppError(
          422,
          `The run does not match its replay: it reports the ${name} formation as ${claimed[name] ? 'completed' : 'not completed'}, the replay ${result.achievements[name] ? 'completed it' : 'did not'}.`,
        );
      }
    }
    return { runId: input.runId, score: result.score, level: result.level, achievements: result.achievements };
  },
};
