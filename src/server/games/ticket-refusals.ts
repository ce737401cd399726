// The answers to a run whose run ticket cannot serve it: the fair-play check gives them when it
// reads the ticket first, the run writers when their write could not spend it.
import { AppError, badRequest, conflict, forbidden, notFound } from '../shared/errors';
import type { RunRecord } from './run-records';

/** The answer to a second, different run on one run ticket. */
export const TICKET_REUSED = 'This run ticket was already used for another run. Start a new run for each game.';

/** The answer to a run on a ticket that is not there (never issued, dropped for a newer one, or pruned). */
export const noTicket = (gameId: string, runId: string) =>
  notFound(
    `There is no run ticket "${runId}". Start each run with POST /api/games/${gameId}/runs/start and submit it with the runId that returns.`,
  );
/** The answer to a run on another player's ticket. */
export const ticketOfAnotherPlayer = () => forbidden('This run ticket belongs to another player.');
/** The answer to a run on a ticket of another game. */
export const ticketOfAnotherGame = (ticketGameId: string, gameId: string) =>
  badRequest(`This run ticket is for ${ticketGameId}, not ${gameId}.`);

/** What the run store reads of a ticket its write could not spend. */
export type SpentTicket = { user_id: number; game_id: string; body_hash: string | null };

/**
 * Why a run could not spend its ticket, read after the spending write changed nothing: there is
 * none by that id, it is another player's or game's, or it holds another body. Null when it holds
 * this very body: a retry, answered with the stored run.
 */
export function ticketRefusal(ticket: SpentTicket | undefined, record: RunRecord): AppError | null {
  if (!ticket) return noTicket(record.gameId, record.runId);
  if (ticket.user_id !== record.userId) return ticketOfAnotherPlayer();
  if (ticket.game_id !== record.gameId) return ticketOfAnotherGame(ticket.game_id, record.gameId);
  return ticket.body_hash === record.ticketHash ? null : conflict(TICKET_REUSED);
}
