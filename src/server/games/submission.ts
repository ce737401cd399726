import type { SubmitRunRequest } from '~/lib/schemas/games';
import type { Services } from '../context';
import { badRequest, forbidden } from '../shared/errors';
import type { CatalogueGame } from './catalogue';
import { checkRun } from './fair-play';
import { submitRun, type SubmittedRun } from './runs';
import { checkSignature } from './signature';

/** A run as a game sent it to the Game API: the parsed body, the body as it arrived, and its signature header. */
export interface ReportedRun {
  input: SubmitRunRequest;
  /** The body as it arrived: what a signature signs and a ticket's hash covers. */
  raw: string;
  /** `X-Arcade-Signature`, or null when the run is not signed. */
  signature: string | null;
}

/**
 * Take a finished run a game reports for the player of its game token (README, "Game API" and "Fair
 * play"): a body signed with the game's secret by its own server is trusted like a replay (it must
 * name the player); any other run is checked against the game's fair-play mode (a `replay` game's
 * run is stored as the server's replay of it). Then it is stored, counting against the player's
 * `RUNS_PER_MINUTE`.
 */
export async function submitReportedRun(
  app: Pick<Services, 'db' | 'rankings' | 'config'>,
  game: CatalogueGame,
  userId: number,
  { input, raw, signature }: ReportedRun,
  now = Date.now(),
): Promise<SubmittedRun> {
  const signed = checkSignature(app.config.gameSecrets, game.rules.gameId, signature, raw, now);
  if (input.userId !== undefined && input.userId !== userId)
    throw forbidden(`This run is for player ${input.userId}, not for the player of this game token.`);
  if (signed && input.userId === undefined)
    throw badRequest(
      'A signed run names its player: put "userId" (from GET /api/games/token-info) in the body you sign.',
    );
  const { inputs: _log, userId: _player, ...reported } = input;
  const run = signed ? { ...reported, verified: true } : await checkRun(app.db, game, userId, input, raw, now);
  return submitRun(app, game.rules, userId, run, now, app.config.runsPerMinute);
}
