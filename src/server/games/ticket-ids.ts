// Run ticket ids that say what their ticket says (README, "Fair play"): `<start>.<player>.<seed>`,
// the numbers in base 36. The server builds a ticket's id from the ticket's own facts when it
// issues it, and the id is the ticket's primary key, so a ticket row with a given id holds exactly
// the facts the id spells. A run on such an id is therefore replayed from the id's facts without
// reading the ticket first, and the run store's write, which spends the ticket by that very id
// (and game), is what proves them: an id whose facts were altered names no ticket, and the run is
// refused there (404) with nothing stored. Ids of the older random form are read as before.

/** What a ticket id says. */
export interface TicketFacts {
  userId: number;
  seed: number;
  /** Epoch milliseconds the ticket was issued. */
  startedAt: number;
}

const NUMBER = /^[0-9a-z]{1,11}$/;

/** The id of the ticket with these facts. */
export const ticketRunId = ({ userId, seed, startedAt }: TicketFacts): string =>
  `${startedAt.toString(36)}.${userId.toString(36)}.${seed.toString(36)}`;

/**
 * The facts `runId` spells, or null when it is not an id of this form (then the ticket is read).
 * Only the one spelling the server makes counts (no leading zeros, no numbers beyond 2^53).
 */
export function ticketFacts(runId: string): TicketFacts | null {
  const parts = runId.split('.');
  if (parts.length !== 3 || !parts.every((part) => NUMBER.test(part))) return null;
  const [startedAt, userId, seed] = parts.map((part) => parseInt(part, 36)) as [number, number, number];
  const facts = { userId, seed, startedAt };
  return ticketRunId(facts) === runId ? facts : null;
}
